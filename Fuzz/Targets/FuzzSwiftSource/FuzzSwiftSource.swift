import FuzzSupport
import IAPCheck
import IAPModel
import IAPProject

/// A source file scanned as Swift and as Objective-C and put through every check, as
/// `iapkit check` does with a project's sources: the scanner, the source index and the heuristics.
@_cdecl("FuzzSwiftSource_main")
func fuzzSwiftSourceMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let projectFile = Array(
        "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 56; objects = { }; rootObject = R; }\n".utf8)
    guard let project = try? PBXProjReader.read(projectFile, path: "App.xcodeproj/project.pbxproj") else { return 1 }
    return runFuzzer(argc, argv) { bytes in
        var snapshot = ProjectSnapshot(projectPath: "App.xcodeproj", projectFolder: ".", project: project)
        snapshot.sources = [
            SwiftSourceScanner.scan(bytes, path: "Store.swift"),
            SwiftSourceScanner.scan(bytes, path: "Store.m", language: .objectiveC),
        ]
        _ = CheckRunner(workbook: Workbook(), snapshot: snapshot).run()
    }
}
