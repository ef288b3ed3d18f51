import FuzzSupport
import IAPProject

/// `project.pbxproj`, the old-style property list of an Xcode project.
@_cdecl("FuzzPBXProj_main")
func fuzzPBXProjMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        _ = try? PBXProjReader.read(bytes, path: "App.xcodeproj/project.pbxproj")
    }
}
