import Foundation
import IAPCheck
import IAPDiagnostics
import IAPProject
import Testing

/// How the loader reads the layouts of real projects: which sources ship, which schemes count,
/// and how a project named with `.` and `..` is found.
@Suite struct ProjectLoaderShapeTests {
    static func load(_ files: [String: [UInt8]], _ path: String = ".") throws -> ProjectSnapshot {
        try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(path).get()
    }

    static func text(_ files: [String: [UInt8]], _ path: String) -> String {
        String(decoding: files[path] ?? [], as: UTF8.self)
    }

    @Test func aProjectNamedWithDotsIsTheSameProject() throws {
        let files = try Fixture.files(nil)
        for path in ["./Pebble.xcodeproj", "Pebble.xcodeproj/../.", "./Pebble/../Pebble.xcodeproj/"] {
            let snapshot = try Self.load(files, path)
            #expect(snapshot.projectPath == "Pebble.xcodeproj", "\(path)")
            let results = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
            #expect(results.first { $0.id == "storekit-config-path" }?.status == .pass, "\(path)")
        }
    }

    /// Format 77 folders: a folder's exceptions take files out of the target that owns it and give
    /// files to a target that does not.
    @Test func synchronizedFolderExceptionsDecideMembership() throws {
        var files = try Fixture.files(nil)
        let pbxproj = "Pebble.xcodeproj/project.pbxproj"
        var text = Self.text(files, pbxproj)
        text = text.replacingOccurrences(
            of: "/* Begin PBXFileSystemSynchronizedRootGroup section */",
            with: """
                /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
                		X10000000000000000000001 = {
                			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                			membershipExceptions = (
                				Drafts,
                				Widget.swift,
                			);
                			target = T10000000000000000000001 /* Pebble */;
                		};
                /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

                /* Begin PBXFileSystemSynchronizedRootGroup section */
                """)
        text = text.replacingOccurrences(
            of: "\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n",
            with:
                "\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n\t\t\texceptions = (\n\t\t\t\tX10000000000000000000001,\n\t\t\t);\n"
        )
        files[pbxproj] = Array(text.utf8)
        files["Pebble/Drafts/Old.swift"] = Array("let id = \"com.example.pebble.gem\"\n".utf8)
        files["Pebble/Widget.swift"] = Array("let widget = 1\n".utf8)
        let snapshot = try Self.load(files)
        #expect(snapshot.sources.map(\.path) == ["Pebble/PebbleApp.swift", "Pebble/Store.swift"])
        let results = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
        #expect(results.first { $0.id == "product-id-mismatch" }?.status == .pass)
    }

    /// The app's project file with its one target made a framework: a library project.
    static func frameworkProject(_ files: [String: [UInt8]]) -> [UInt8] {
        Array(
            text(files, "Pebble.xcodeproj/project.pbxproj").replacingOccurrences(
                of: "com.apple.product-type.application", with: "com.apple.product-type.framework"
            ).utf8)
    }

    /// A CocoaPods-style workspace beside the project: its shared schemes count when they run the
    /// app, and the library projects it lists with the app's ship their code in the app.
    @Test func aWorkspaceBesideTheProjectAddsItsSchemesAndLibraries() throws {
        var files = try Fixture.files(nil)
        let store = files.removeValue(forKey: "Pebble/Store.swift")
        files["PebbleKit/PebbleKit.xcodeproj/project.pbxproj"] = Self.frameworkProject(files)
        files["PebbleKit/Pebble/Store.swift"] = store
        files["Pebble.xcworkspace/contents.xcworkspacedata"] = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:Pebble.xcodeproj"></FileRef>
               <FileRef location = "group:PebbleKit/PebbleKit.xcodeproj"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
            </Workspace>
            """.utf8)
        files["Pebble.xcworkspace/xcshareddata/xcschemes/Team.xcscheme"] = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "1600" version = "1.7">
               <LaunchAction buildConfiguration = "Debug">
                  <BuildableProductRunnable runnableDebuggingMode = "0">
                     <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "T10000000000000000000001"
                        BuildableName = "Pebble.app" BlueprintName = "Pebble" ReferencedContainer = "container:Pebble.xcodeproj">
                     </BuildableReference>
                  </BuildableProductRunnable>
                  <StoreKitConfigurationFileReference identifier = "../Pebble/Products.storekit">
                  </StoreKitConfigurationFileReference>
               </LaunchAction>
            </Scheme>
            """.utf8)
        let snapshot = try Self.load(files, "Pebble.xcodeproj")
        #expect(snapshot.sources.map(\.path) == ["Pebble/PebbleApp.swift", "PebbleKit/Pebble/Store.swift"])
        #expect(snapshot.schemes.map(\.name).sorted() == ["Pebble", "Pebble Sandbox", "Team"])
        let team = try #require(snapshot.schemes.first { $0.name == "Team" })
        #expect(team.container == "Pebble.xcworkspace")
        #expect(
            team.launchTarget == .product(blueprintIdentifier: "T10000000000000000000001", buildableName: "Pebble.app"))
        let results = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
        for id in ["listener-at-launch", "storekit-config-path", "restore-button", "invalid-ids-ignored"] {
            #expect(results.first { $0.id == id }?.status == .pass, "\(id)")
        }
    }

    /// A workspace that lists the macOS edition's project beside the iOS app's: that app's code
    /// ships in its own app, not in this one, so its store explains nothing here.
    @Test func aSiblingAppInTheWorkspaceAddsNoSources() throws {
        var files = try Fixture.files(nil)
        files["Mac/Mac.xcodeproj/project.pbxproj"] = files["Pebble.xcodeproj/project.pbxproj"]
        files["Mac/Pebble/MacStore.swift"] = Array(
            "import StoreKit\nfunc explain(_ error: Product.PurchaseError) { if error == .purchaseNotAllowed { show(\"Purchases are off\") } }\n"
                .utf8)
        files["Pebble.xcworkspace/contents.xcworkspacedata"] = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:Pebble.xcodeproj"></FileRef>
               <FileRef location = "group:Mac/Mac.xcodeproj"></FileRef>
            </Workspace>
            """.utf8)
        let snapshot = try Self.load(files, "Pebble.xcodeproj")
        #expect(snapshot.sources.map(\.path) == ["Pebble/PebbleApp.swift", "Pebble/Store.swift"])
        files["Mac/Mac.xcodeproj/project.pbxproj"] = Self.frameworkProject(files)
        let withLibrary = try Self.load(files, "Pebble.xcodeproj")
        #expect(withLibrary.sources.map(\.path).contains("Mac/Pebble/MacStore.swift"))
    }

    /// Format 110 names a configuration file by a synchronized folder and a path inside it.
    @Test func aConfigurationFileAnchoredInAFolderIsRead() throws {
        var files = try Fixture.files(nil)
        let pbxproj = "Pebble.xcodeproj/project.pbxproj"
        let text = Self.text(files, pbxproj).replacingOccurrences(
            of: """
                		C10000000000000000000002 /* Debug */ = {
                			isa = XCBuildConfiguration;
                			buildSettings = {
                				CODE_SIGN_ENTITLEMENTS = Pebble/Pebble.entitlements;
                				GENERATE_INFOPLIST_FILE = YES;
                				PRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;
                """,
            with: """
                		C10000000000000000000002 /* Debug */ = {
                			isa = XCBuildConfiguration;
                			baseConfigurationReferenceAnchor = S10000000000000000000001 /* Pebble */;
                			baseConfigurationReferenceRelativePath = Settings/Debug.xcconfig;
                			buildSettings = {
                				CODE_SIGN_ENTITLEMENTS = Pebble/Pebble.entitlements;
                				GENERATE_INFOPLIST_FILE = YES;
                """)
        files[pbxproj] = Array(text.utf8)
        files["Pebble/Settings/Debug.xcconfig"] = Array("PRODUCT_BUNDLE_IDENTIFIER = com.example.pebble.debug\n".utf8)
        let snapshot = try Self.load(files)
        let result = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run().first {
            $0.id == "bundle-id-mismatch"
        }
        #expect(result?.status == .fail)
        #expect(result?.evidence.map(\.description) == ["Pebble/Settings/Debug.xcconfig:1:1"])
    }

    /// An app whose code is a package around its project: the project names the package's folder
    /// as `..` and depends on its products, so the package's `Sources` ship and its `Tests` do not.
    @Test func aPackageAroundTheProjectShipsItsSources() throws {
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in try Fixture.files(nil) where path != "Pebble/Store.swift" { files["App/" + path] = bytes }
        files["Sources/StoreFeature/Store.swift"] = try Fixture.files(nil)["Pebble/Store.swift"]
        files["Package.swift"] = Array("// swift-tools-version:6.0\n".utf8)
        files["Tests/StoreFeatureTests/StoreTests.swift"] = Array(
            """
            import StoreKit

            let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.sample"])

            """.utf8)
        let pbxproj = "App/Pebble.xcodeproj/project.pbxproj"
        var text = Self.text(files, pbxproj)
        text = text.replacingOccurrences(
            of: "/* End PBXFileReference section */",
            with: """
                		F10000000000000000000009 /* Pebble */ = {isa = PBXFileReference; lastKnownFileType = folder; name = Pebble; path = ..; sourceTree = "<group>"; };
                /* End PBXFileReference section */
                		P10000000000000000000001 /* StoreFeature */ = {
                			isa = XCSwiftPackageProductDependency;
                			productName = StoreFeature;
                		};
                """)
        text = text.replacingOccurrences(
            of: "\t\t\tname = Pebble;\n\t\t\tproductType",
            with:
                "\t\t\tname = Pebble;\n\t\t\tpackageProductDependencies = (\n\t\t\t\tP10000000000000000000001 /* StoreFeature */,\n\t\t\t);\n\t\t\tproductType"
        )
        text = text.replacingOccurrences(
            of: "\t\t\t\tS10000000000000000000001 /* Pebble */,\n\t\t\t);\n\t\t\tsourceTree",
            with:
                "\t\t\t\tS10000000000000000000001 /* Pebble */,\n\t\t\t\tF10000000000000000000009 /* Pebble */,\n\t\t\t);\n\t\t\tsourceTree"
        )
        files[pbxproj] = Array(text.utf8)
        let snapshot = try Self.load(files, "App")
        #expect(
            snapshot.sources.map(\.path).sorted() == ["App/Pebble/PebbleApp.swift", "Sources/StoreFeature/Store.swift"])
        let results = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
        for id in ["listener-at-launch", "product-id-mismatch", "restore-button", "invalid-ids-ignored"] {
            #expect(results.first { $0.id == id }?.status == .pass, "\(id)")
        }
    }

    /// A team that works in a CocoaPods workspace has Xcode write the project scheme's StoreKit
    /// path from that workspace: the file is found from there, and without the workspace the same
    /// path is broken.
    @Test func aSchemePathWrittenFromTheWorkspaceBesideTheProjectResolves() throws {
        let scheme = "Pebble.xcodeproj/xcshareddata/xcschemes/Pebble.xcscheme"
        var files = try Fixture.files(nil)
        let text = Self.text(files, scheme)
        #expect(text.contains("identifier = \"../../Pebble/Products.storekit\""))
        files[scheme] = Array(
            text.replacingOccurrences(of: "../../Pebble/Products.storekit", with: "../Pebble/Products.storekit").utf8)
        let alone = CheckRunner(workbook: Fixture.workbook(), snapshot: try Self.load(files)).run()
        #expect(alone.first { $0.id == "storekit-config-path" }?.status == .fail)
        files["Pebble.xcworkspace/contents.xcworkspacedata"] = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:Pebble.xcodeproj"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
            </Workspace>
            """.utf8)
        let inWorkspace = CheckRunner(workbook: Fixture.workbook(), snapshot: try Self.load(files)).run()
        #expect(inWorkspace.first { $0.id == "storekit-config-path" }?.status == .pass)
        #expect(inWorkspace.first { $0.id == "storekit-config-missing-ids" }?.status != .info)
    }

    /// A configuration file from a hostile pull request: one that includes itself is read once,
    /// and a fan of includes (each file including the next fifty times) stops at the loader's
    /// budget with a located problem instead of multiplying at every level.
    @Test func configurationFilesThatIncludeThemselvesOrFanOutStayBounded() throws {
        var files = try Fixture.files("XcconfigDevSuffix")
        files["Configurations/Shared.xcconfig"] = Array(
            "#include \"Shared.xcconfig\"\n#include \"Shared.xcconfig\"\nBASE_BUNDLE_ID = com.example.pebble\n".utf8)
        let looped = try Self.load(files)
        #expect(looped.problems.isEmpty)
        #expect(looped.configurationFiles.values.allSatisfy { $0.entries.count < 10 })
        for level in 0..<8 {
            let includes = String(repeating: "#include \"Level\(level + 1).xcconfig\"\n", count: 50)
            files["Configurations/Level\(level).xcconfig"] = Array((includes + "L\(level) = x\n").utf8)
        }
        files["Configurations/Level8.xcconfig"] = Array("BASE_BUNDLE_ID = com.example.pebble\n".utf8)
        files["Configurations/Shared.xcconfig"] = Array("#include \"Level0.xcconfig\"\n".utf8)
        let fanned = try Self.load(files)
        #expect(fanned.problems.count == 2)
        #expect(fanned.problems.allSatisfy { $0.input == .buildConfigurationFile })
        #expect(fanned.problems.first?.error.message.contains("includes more than 1000 files") == true)
        #expect(fanned.configurationFiles.values.allSatisfy { $0.entries.count < 2_000 })
    }

    /// A base configuration file that is not there yet (a template not copied, `pod install` not
    /// run) leaves the settings that do not depend on it judged, and says what it could not judge.
    @Test func aMissingConfigurationFileIsNamedNotFatal() throws {
        var files = try Fixture.files("XcconfigDevSuffix")
        files["Configurations/Shared.xcconfig"] = nil
        let snapshot = try Self.load(files)
        #expect(snapshot.problems.map(\.error.location.file) == ["Configurations/Shared.xcconfig"])
        let result = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run().first {
            $0.id == "bundle-id-mismatch"
        }
        #expect(result?.status == .info)
        #expect(result?.message.contains("BASE_BUNDLE_ID comes from Shared.xcconfig, which is missing") == true)
    }
}
