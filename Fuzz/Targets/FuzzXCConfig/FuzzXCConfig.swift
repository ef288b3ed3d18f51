import FuzzSupport
import IAPProject

/// An `.xcconfig` file as `check` reads it: its lines, then every setting it makes resolved with
/// `$(inherited)`, references and modifiers, for two configurations and two platforms.
@_cdecl("FuzzXCConfig_main")
func fuzzXCConfigMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        let file = XCConfigReader.read(bytes, path: "Configurations/Shared.xcconfig")
        var entries: [BuildSettingEntry] = []
        for case .assignment(let assignment) in file.lines {
            entries.append(
                BuildSettingEntry(
                    key: assignment.key, conditions: assignment.conditions, value: assignment.value,
                    location: assignment.location))
        }
        for (configuration, sdk) in [("Debug", "iphoneos"), ("Release", "watchos")] {
            let settings = BuildSettings(entries: entries, configuration: configuration, sdk: sdk)
            for key in Set(entries.map(\.key)) { _ = settings.value(key) }
            _ = settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier).$(inherited)")
        }
    }
}
