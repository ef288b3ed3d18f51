import FuzzSupport
import IAPProject

/// Property lists as the checks read them: Info.plist and entitlements, XML, binary or
/// old-style, with the positions of their keys.
@_cdecl("FuzzPlist_main")
func fuzzPlistMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        _ = try? PlistDocument.read(bytes, path: "Info.plist")
        _ = try? InfoPlistReader.read(bytes, path: "Info.plist")
        _ = try? EntitlementsReader.read(bytes, path: "App.entitlements")
    }
}
