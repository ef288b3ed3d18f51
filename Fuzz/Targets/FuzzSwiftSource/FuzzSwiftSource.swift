import FuzzSupport
import IAPCheck
import IAPModel
import IAPProject

/// A Swift file scanned and put through every check, as `iapkit check` does with a project's
/// sources: the scanner, the declaration scopes and the source heuristics.
@_cdecl("FuzzSwiftSource_main")
func fuzzSwiftSourceMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let projectFile = Array(
        "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = { }; rootObject = R; }\n".utf8)
    guard let project = try? PBXProjReader.read(projectFile, path: "App.xcodeproj/project.pbxproj") else { return 1 }
    return runFuzzer(argc, argv) { bytes in
        var snapshot = ProjectSnapshot(projectPath: "App.xcodeproj", projectFolder: ".", project: project)
        snapshot.swiftSources = [SwiftSourceScanner.scan(bytes, path: "Store.swift")]
        _ = CheckRunner(workbook: Workbook(), snapshot: snapshot).run()
    }
}
