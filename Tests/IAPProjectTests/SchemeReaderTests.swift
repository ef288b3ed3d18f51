import IAPDiagnostics
import IAPProject
import Testing

@Suite("xcscheme reader")
struct SchemeReaderTests {
    let sharedPath = "Shop.xcodeproj/xcshareddata/xcschemes/Shop.xcscheme"
    let userPath = "Shop.xcodeproj/xcuserdata/dev.xcuserdatad/xcschemes/Shop Local.xcscheme"

    @Test("finds the Run action's StoreKit configuration in a shared scheme, located at its identifier")
    func shared() throws {
        let scheme = try SchemeReader.read(FixtureFiles.bytes(sharedPath), path: sharedPath)
        #expect(scheme.name == "Shop")
        #expect(scheme.visibility == .shared)
        #expect(scheme.hasLaunchAction)
        let reference = try #require(scheme.storeKitConfiguration)
        #expect(reference.identifier == "../../Shop/Store Config/Products.storekit")
        #expect(reference.resolvedPath(container: scheme.container) == "Shop/Store Config/Products.storekit")
        #expect(scheme.container == "Shop.xcodeproj")
        #expect(reference.location == SourceLocation(file: sharedPath, line: 17, column: 10))
    }

    @Test("ignores a StoreKit configuration outside the Run action and tells a user scheme from the path")
    func user() throws {
        let scheme = try SchemeReader.read(FixtureFiles.bytes(userPath), path: userPath)
        #expect(scheme.name == "Shop Local")
        #expect(scheme.visibility == .user)
        #expect(scheme.hasLaunchAction)
        #expect(scheme.storeKitConfiguration == nil)
    }

    @Test(
        "resolves identifiers from the workspace inside the project, as Xcode does",
        arguments: [
            ("Shop.xcodeproj", "../../Products.storekit", "Products.storekit"),
            ("Shop.xcodeproj", "../../../Shared/Products.storekit", "../Shared/Products.storekit"),
            ("Shop.xcodeproj", "./../../A/./B.storekit", "A/B.storekit"),
            ("Shop.xcodeproj", "/abs/P.storekit", "/abs/P.storekit"),
            ("App/Shop.xcodeproj", "../../Products.storekit", "App/Products.storekit"),
            ("Shop.xcworkspace", "../App/Products.storekit", "App/Products.storekit"),
            ("/work/Shop.xcodeproj", "../../../../Products.storekit", nil),
        ] as [(String, String, String?)])
    func resolution(container: String, identifier: String, expected: String?) {
        let reference = StoreKitConfigurationReference(
            identifier: identifier, location: SourceLocation(file: "s", line: 1, column: 1))
        #expect(reference.resolvedPath(container: container) == expected)
    }

    @Test("decides visibility from the path alone")
    func visibility() {
        #expect(SchemeVisibility.of(path: "A.xcodeproj/xcshareddata/xcschemes/A.xcscheme") == .shared)
        #expect(SchemeVisibility.of(path: "A.xcodeproj/xcuserdata/me.xcuserdatad/xcschemes/A.xcscheme") == .user)
        #expect(SchemeVisibility.of(path: "A.xcscheme") == .unknown)
    }

    @Test(
        "rejects broken XML and other documents with a located error",
        arguments: ["<Scheme><LaunchAction></Scheme>", "", "<Scheme", "<Other/>", "not xml at all"])
    func broken(text: String) {
        #expect {
            try SchemeReader.read(Array(text.utf8), path: "x.xcscheme")
        } throws: { error in
            guard let error = error as? ProjectReadError else { return false }
            return error.location.file == "x.xcscheme" && error.location.line >= 1 && error.location.column >= 1
        }
    }

    @Test("rejects bytes that are not UTF-8 at the first bad byte, before the XML parser sees them")
    func invalidUTF8() {
        let bytes = Array("<Scheme>\n  <LaunchAction a=\"".utf8) + [0xFF, 0xFE] + Array("\"/></Scheme>".utf8)
        #expect {
            try SchemeReader.read(bytes, path: "x.xcscheme")
        } throws: { error in
            (error as? ProjectReadError)?.location == SourceLocation(file: "x.xcscheme", line: 2, column: 20)
        }
    }
}

@Suite("what a scheme runs")
struct SchemeLaunchTargetTests {
    static func scheme(_ runnable: String, launchAttributes: String = "") throws -> Scheme {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "1600" version = "1.7">
               <LaunchAction buildConfiguration = "Beta" launchStyle = "0"\(launchAttributes)>
            \(runnable)
               </LaunchAction>
            </Scheme>
            """
        return try SchemeReader.read(Array(text.utf8), path: "W.xcworkspace/xcshareddata/xcschemes/S.xcscheme")
    }

    @Test("an app the project builds, by its target's identifier")
    func product() throws {
        let scheme = try Self.scheme(
            """
            <BuildableProductRunnable runnableDebuggingMode = "0">
               <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "ABC" BuildableName = "Shop.app"
                  BlueprintName = "Shop" ReferencedContainer = "container:Shop.xcodeproj">
               </BuildableReference>
            </BuildableProductRunnable>
            """)
        #expect(scheme.launchTarget == .product(blueprintIdentifier: "ABC", buildableName: "Shop.app"))
        #expect(scheme.launchConfiguration == "Beta")
        #expect(scheme.container == "W.xcworkspace")
    }

    @Test("a host program, as SpringBoard hosts a widget, is not the app")
    func host() throws {
        let scheme = try Self.scheme(
            """
            <RemoteRunnable runnableDebuggingMode = "2" BundleIdentifier = "com.apple.springboard">
               <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "W1" BuildableName = "Widgets.appex"
                  BlueprintName = "Widgets" ReferencedContainer = "container:Shop.xcodeproj">
               </BuildableReference>
            </RemoteRunnable>
            """)
        #expect(scheme.launchTarget == .host(bundleIdentifier: "com.apple.springboard"))
    }

    /// The scheme Xcode makes for a widget extension names the app as its runnable and sets
    /// `_XCWidgetKind`: the run shows the widget on the home screen; the app is not started. A
    /// switched-off variable leaves an ordinary run of the app.
    @Test("a widget scheme that names the app runs the widget in SpringBoard")
    func widgetKind() throws {
        func scheme(enabled: String) throws -> Scheme {
            try Self.scheme(
                """
                <BuildableProductRunnable runnableDebuggingMode = "0">
                   <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "A1" BuildableName = "Shop.app"
                      BlueprintName = "Shop" ReferencedContainer = "container:Shop.xcodeproj">
                   </BuildableReference>
                </BuildableProductRunnable>
                <EnvironmentVariables>
                   <EnvironmentVariable key = "_XCWidgetKind" value = "" isEnabled = "\(enabled)">
                   </EnvironmentVariable>
                   <EnvironmentVariable key = "_XCWidgetFamily" value = "systemMedium" isEnabled = "YES">
                   </EnvironmentVariable>
                </EnvironmentVariables>
                """)
        }
        #expect(try scheme(enabled: "YES").launchTarget == .widgetOnHomeScreen)
        #expect(
            try scheme(enabled: "NO").launchTarget == .product(blueprintIdentifier: "A1", buildableName: "Shop.app"))
    }

    /// An action extension's scheme asks at each run which app to start it in; the app it names
    /// for variable expansion is not run.
    @Test("a Run action that asks which app to launch runs none of the project's")
    func askedAtRun() throws {
        let scheme = try Self.scheme(
            """
            <MacroExpansion>
               <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "A1" BuildableName = "Shop.app"
                  BlueprintName = "Shop" ReferencedContainer = "container:Shop.xcodeproj">
               </BuildableReference>
            </MacroExpansion>
            """, launchAttributes: " askForAppToLaunch = \"Yes\"")
        #expect(scheme.launchTarget == .askedAtRun)
        let preselected = try Self.scheme(
            """
            <BuildableProductRunnable runnableDebuggingMode = "0">
               <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "A1" BuildableName = "Shop.app"
                  BlueprintName = "Shop" ReferencedContainer = "container:Shop.xcodeproj">
               </BuildableReference>
            </BuildableProductRunnable>
            """, launchAttributes: " askForAppToLaunch = \"Yes\"")
        #expect(preselected.launchTarget == .askedAtRun)
    }

    @Test("a Run action that names nothing leaves the target open")
    func nothing() throws {
        #expect(try Self.scheme("").launchTarget == nil)
    }
}
