import IAPDiagnostics
import IAPProject
import Testing

@Suite("project.pbxproj reader")
struct PBXProjReaderTests {
    let path = "Shop.xcodeproj/project.pbxproj"

    func shop() throws -> PBXProject {
        try PBXProjReader.read(FixtureFiles.bytes(path), path: path)
    }

    @Test("reads the object version and the one app target")
    func targets() throws {
        let project = try shop()
        #expect(project.objectVersion == 56)
        #expect(project.targets.map(\.name) == ["Shop"])
        #expect(project.targets.first?.productType == "com.apple.product-type.application")
    }

    @Test("gives each configuration its own bundle identifier and file settings")
    func configurations() throws {
        let target = try #require(try shop().target(named: "Shop"))
        #expect(target.configurations.map(\.name) == ["Debug", "Release"])
        #expect(target.configuration(named: "Debug")?.bundleIdentifier == "com.example.app.dev")
        #expect(target.configuration(named: "Release")?.bundleIdentifier == "com.example.app")
        #expect(target.configuration(named: "Debug")?.infoPlistFile == "Shop/Info.plist")
        #expect(target.configuration(named: "Release")?.entitlementsFile == "Shop/Shop.entitlements")
        #expect(
            target.configuration(named: "Debug")?.settings["LD_RUNPATH_SEARCH_PATHS"]
                == "$(inherited) @executable_path/Frameworks")
    }

    @Test("falls back to the project configuration for settings the target leaves out")
    func projectFallback() throws {
        let project = try shop()
        let target = try #require(project.target(named: "Shop"))
        #expect(target.configuration(named: "Debug")?.provisioningProfileSpecifier == nil)
        #expect(
            project.setting("PROVISIONING_PROFILE_SPECIFIER", target: target, configuration: "Debug")
                == "Shop Development")
        #expect(
            project.setting("PRODUCT_BUNDLE_IDENTIFIER", target: target, configuration: "Release") == "com.example.app")
        #expect(project.setting("PRODUCT_BUNDLE_IDENTIFIER", target: target, configuration: "Profile") == nil)
    }

    @Test("reports the In-App Purchase system capability and the linked StoreKit framework")
    func capabilityAndFrameworks() throws {
        let target = try #require(try shop().target(named: "Shop"))
        #expect(target.inAppPurchaseCapability == true)
        #expect(target.linkedFrameworks == ["StoreKit.framework"])
    }

    @Test("resolves file references through their groups to project-relative paths")
    func fileReferences() throws {
        let references = try shop().fileReferences
        #expect(
            references.map(\.projectRelativePath) == [
                "Shop/Shop.entitlements", "Shop/ShopApp.swift", "Shop/Store Config/Products.storekit",
                "Sources/Store/Store.swift",
            ])
        #expect(references.first { $0.fileExtension == "storekit" }?.path == "Products.storekit")
    }

    @Test("locates a setting in the raw text")
    func locatesSettings() throws {
        let project = try shop()
        let location = try #require(
            project.location(ofSetting: "PRODUCT_BUNDLE_IDENTIFIER", value: "com.example.app.dev"))
        #expect(location == SourceLocation(file: path, line: 145, column: 5))
        #expect(project.location(ofSetting: "PROVISIONING_PROFILE_SPECIFIER", value: "Shop Distribution")?.line == 131)
        #expect(project.location(of: "NOT_THERE = 1;") == nil)
        #expect(PBXProjReader.lineOf(text: "b", in: "a\n\tb") ?? (0, 0) == (2, 2))
    }

    @Test("reports synchronized folders of a format 77 project, whose files are not listed")
    func synchronizedFolders() throws {
        let modernPath = "Modern.xcodeproj/project.pbxproj"
        let project = try PBXProjReader.read(FixtureFiles.bytes(modernPath), path: modernPath)
        #expect(project.objectVersion == 77)
        #expect(project.synchronizedFolders == ["Modern"])
        #expect(project.fileReferences.isEmpty)
        let target = try #require(project.target(named: "Modern"))
        #expect(target.synchronizedFolders == ["Modern"])
        #expect(target.inAppPurchaseCapability == nil)
        #expect(target.linkedFrameworks.isEmpty)
        #expect(
            project.setting("PRODUCT_BUNDLE_IDENTIFIER", target: target, configuration: "Debug") == "com.example.modern"
        )
    }

    @Test("rejects a truncated file with a located error", arguments: [200, 1000, 5000])
    func truncated(length: Int) {
        let bytes = Array(FixtureFiles.bytes(path).prefix(length))
        #expect {
            try PBXProjReader.read(bytes, path: path)
        } throws: { error in
            guard let error = error as? ProjectReadError else { return false }
            return error.location.file == path && error.location.line >= 1
        }
    }

    #if os(Linux)
        @Test(
            "points a truncation error at the line where parsing stopped",
            arguments: [(200, 10), (1000, 17), (5000, 140)])
        func truncationLine(length: Int, line: Int) {
            let bytes = Array(FixtureFiles.bytes(path).prefix(length))
            #expect {
                try PBXProjReader.read(bytes, path: path)
            } throws: { error in
                (error as? ProjectReadError)?.location.line == line
            }
        }
    #endif

    @Test(
        "rejects plists that are not projects, and empty or binary junk",
        arguments: ["{ a = b; }", "(1, 2)", "", "\u{0}\u{1}"])
    func notAProject(text: String) {
        #expect(throws: ProjectReadError.self) {
            try PBXProjReader.read(Array(text.utf8), path: "x.pbxproj")
        }
    }

    @Test("skips dangling object references instead of failing")
    func danglingReferences() throws {
        let text = """
            { objectVersion = 46; rootObject = R; objects = {
              R = { isa = PBXProject; targets = ( T, MISSING ); buildConfigurationList = NOPE; mainGroup = G; };
              G = { isa = PBXGroup; children = ( G, F ); sourceTree = "<group>"; path = a; };
              F = { isa = PBXFileReference; path = x.swift; sourceTree = "<group>"; };
              T = { isa = PBXNativeTarget; name = T; buildPhases = ( Q ); buildConfigurationList = Z; };
            }; }
            """
        let project = try PBXProjReader.read(Array(text.utf8), path: "p")
        #expect(project.targets.map(\.name) == ["T"])
        #expect(project.targets.first?.configurations == [])
        #expect(project.fileReferences.map(\.projectRelativePath) == ["a/x.swift"])
    }
}
