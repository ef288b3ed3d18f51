import IAPDiagnostics
import IAPProject
import Testing

@Suite("paths as Xcode resolves them")
struct ProjectPathTests {
    @Test(
        "normalises dots, double slashes and parent steps",
        arguments: [
            ("a/./b//c/../d", "a/b/d"),
            ("./App/../App.xcodeproj", "App.xcodeproj"),
            ("../Shared/x.swift", "../Shared/x.swift"),
            ("a/../../b", "../b"),
            (".", "."),
            ("", "."),
            ("/work/./p/../q", "/work/q"),
            ("/", "/"),
        ])
    func normalised(path: String, expected: String) {
        #expect(ProjectPath.normalized(path) == expected)
    }

    @Test("an absolute path cannot climb above the file-system root")
    func aboveTheRoot() {
        #expect(ProjectPath.normalized("/a/../../b") == nil)
        #expect(ProjectPath.resolve("../../x", from: "/a") == nil)
        #expect(ProjectPath.resolve("../x", from: "/a/b") == "/a/x")
        #expect(ProjectPath.resolve("/etc/x", from: "p") == "/etc/x")
    }

    @Test("names, extensions and parents")
    func components() {
        #expect(ProjectPath.lastComponent("a/b/Products.storekit") == "Products.storekit")
        #expect(ProjectPath.lastComponent("App.xcodeproj/") == "App.xcodeproj")
        #expect(ProjectPath.fileExtension("a/B.StoreKit") == "storekit")
        #expect(ProjectPath.fileExtension("a.b/Makefile") == "")
        #expect(ProjectPath.fileExtension(".gitignore") == "")
        #expect(ProjectPath.parent(of: "App/App.xcodeproj") == "App")
        #expect(ProjectPath.parent(of: "App.xcodeproj") == ".")
        #expect(ProjectPath.parent(of: "/App.xcodeproj") == "/")
        #expect(ProjectPath.isInside("App/x.swift", "App"))
        #expect(!ProjectPath.isInside("Apps/x.swift", "App"))
        #expect(ProjectPath.isInside("x.swift", "."))
        #expect(!ProjectPath.isInside("../x.swift", "."))
    }
}

@Suite("xcconfig files and build settings")
struct BuildSettingsTests {
    static let location = SourceLocation(file: "p", line: 1, column: 1)

    static func entries(_ text: String, path: String = "A.xcconfig") -> [BuildSettingEntry] {
        XCConfigReader.read(Array(text.utf8), path: path).lines.compactMap { line in
            guard case .assignment(let assignment) = line else { return nil }
            return BuildSettingEntry(
                key: assignment.key, conditions: assignment.conditions, value: assignment.value,
                location: assignment.location)
        }
    }

    @Test("reads settings, conditions, includes and comments, located at their keys")
    func reading() {
        let file = XCConfigReader.read(
            Array(
                """
                // A comment line
                #include "Base.xcconfig"
                #include? "Local.xcconfig"
                  PRODUCT_BUNDLE_IDENTIFIER = com.example.app // trailing comment
                CODE_SIGN_IDENTITY[sdk=iphoneos*][config=Release] = Apple Distribution
                URL = https:/${}/example.com
                not a setting
                """.utf8), path: "Configs/A.xcconfig")
        guard file.lines.count == 5 else {
            Issue.record("\(file.lines)")
            return
        }
        #expect(
            file.lines[0]
                == .include(
                    XCConfigInclude(
                        path: "Base.xcconfig", isOptional: false,
                        location: SourceLocation(file: "Configs/A.xcconfig", line: 2, column: 1))))
        #expect(
            file.lines[1]
                == .include(
                    XCConfigInclude(
                        path: "Local.xcconfig", isOptional: true,
                        location: SourceLocation(file: "Configs/A.xcconfig", line: 3, column: 1))))
        guard case .assignment(let bundle) = file.lines[2], case .assignment(let identity) = file.lines[3],
            case .assignment(let url) = file.lines[4]
        else {
            Issue.record("not assignments")
            return
        }
        #expect(bundle.key == "PRODUCT_BUNDLE_IDENTIFIER")
        #expect(bundle.value == "com.example.app")
        #expect(bundle.location == SourceLocation(file: "Configs/A.xcconfig", line: 4, column: 3))
        #expect(identity.conditions.map(\.name) == ["sdk", "config"])
        #expect(identity.conditions.map(\.pattern) == ["iphoneos*", "Release"])
        #expect(url.value == "https:/${}/example.com")
    }

    @Test("$(inherited), $(VAR), ${VAR}, $VAR and modifiers resolve across levels, as in Xcode")
    func resolution() {
        var entries = Self.entries(
            """
            BASE = com.example
            NAME = Pebble App
            PRODUCT_BUNDLE_IDENTIFIER = $(BASE).${NAME:rfc1034identifier}
            FLAGS = -a
            FLAGS = $(inherited) -b
            """)
        entries.append(BuildSettingEntry(key: "FLAGS", value: "$(inherited) -c", location: nil, writtenKey: "FLAGS"))
        entries.append(BuildSettingEntry(key: "SHORT", value: "$BASE.x", location: nil))
        entries.append(BuildSettingEntry(key: "SELF", value: "$(SELF) more", location: nil))
        entries.append(BuildSettingEntry(key: "LOWER", value: "$(NAME:lower:c99extidentifier)", location: nil))
        entries.append(BuildSettingEntry(key: "MISSING", value: "a$(NOWHERE)b", location: nil))
        let settings = BuildSettings(entries: entries, configuration: "Debug", sdk: "iphoneos")
        #expect(settings.value("PRODUCT_BUNDLE_IDENTIFIER")?.value == "com.example.Pebble-App")
        #expect(settings.value("FLAGS")?.value == "-a -b -c")
        #expect(settings.value("SHORT")?.value == "com.example.x")
        #expect(settings.value("SELF")?.value == " more")
        #expect(settings.value("LOWER")?.value == "pebble_app")
        #expect(settings.value("MISSING")?.value == "ab")
        #expect(settings.value("MISSING")?.undefined == ["NOWHERE"])
        #expect(settings.value("PRODUCT_BUNDLE_IDENTIFIER")?.entry?.location?.line == 3)
        #expect(settings.value("NOT_SET") == nil)
    }

    @Test("a setting that refers to itself in a cycle ends, empty, instead of looping")
    func cycles() {
        let settings = BuildSettings(
            entries: Self.entries("A = $(B)\nB = $(A)x"), configuration: "Debug", sdk: "iphoneos")
        #expect(settings.value("A")?.value.allSatisfy { $0 == "x" } == true)
    }

    /// Each setting is its successor written four times: unless each is evaluated once per level,
    /// fourteen levels are 4^14 evaluations (minutes), and the value 500 million characters long.
    @Test("a chain of settings that multiplies at every step stays bounded in time and length")
    func multiplyingChain() {
        var text = (0..<40).map { "S\($0) = " + String(repeating: "$(S\($0 + 1))", count: 4) }.joined(separator: "\n")
        text += "\nS40 = ab"
        let settings = BuildSettings(entries: Self.entries(text), configuration: "Debug", sdk: "iphoneos")
        let near = settings.value("S38")?.value
        #expect(near == String(repeating: "ab", count: 16))
        let far = settings.value("S26")?.value ?? ""
        #expect(far.utf8.count == 65_536)
        let farIsRepeats = far.allSatisfy { $0 == "a" || $0 == "b" }
        #expect(farIsRepeats)
    }

    /// `$(` written thousands of times without a close: each is matched in one pass, not by a
    /// scan to the end of the value from every one of them.
    @Test("a value of many unclosed references is kept as written")
    func unclosedReferences() {
        let value = String(repeating: "$(", count: 20_000) + "x"
        let settings = BuildSettings(entries: Self.entries("A = " + value), configuration: "Debug", sdk: "iphoneos")
        let keptAsWritten = settings.value("A")?.value == value
        #expect(keptAsWritten)
        let nested = BuildSettings(
            entries: Self.entries("A = $(B$(C))\nC = D\nBD = found"), configuration: "Debug", sdk: "iphoneos")
        #expect(nested.value("A")?.value == "found")
    }

    @Test("conditions select by configuration and SDK; the most specific applicable value wins")
    func conditions() {
        let text = """
            ID = com.example.app
            ID[config=Debug] = com.example.app.dev
            ID[sdk=watchos*] = com.example.app.watchkitapp
            """
        #expect(
            BuildSettings(entries: Self.entries(text), configuration: "Debug", sdk: "iphoneos").value("ID")?.value
                == "com.example.app.dev")
        #expect(
            BuildSettings(entries: Self.entries(text), configuration: "Release", sdk: "iphoneos").value("ID")?.value
                == "com.example.app")
        #expect(
            BuildSettings(entries: Self.entries(text), configuration: "Release", sdk: "watchos").value("ID")?.value
                == "com.example.app.watchkitapp")
        let dictionary = BuildSettings.entries(ofDictionary: ["ID": "a", "ID[config=Beta]": "b"])
        #expect(BuildSettings(entries: dictionary, configuration: "Beta", sdk: "iphoneos").value("ID")?.value == "b")
        #expect(BuildSettings(entries: dictionary, configuration: "Debug", sdk: "iphoneos").value("ID")?.value == "a")
    }
}

@Suite("Info.plist preprocessing")
struct PlistPreprocessorTests {
    @Test("keeps the branches that apply and every line number")
    func branches() {
        let text = """
            <a/>
            #ifdef BETA
            <beta/>
            #else
            <release/>
            #endif
            #if defined(INTUNE) && !BETA
            <intune/>
            #elif 1
            <other/>
            #endif
            """
        let beta = String(decoding: PlistPreprocessor.process(Array(text.utf8), definitions: ["BETA"]), as: UTF8.self)
        #expect(beta == "<a/>\n\n<beta/>\n\n\n\n\n\n\n<other/>\n")
        let intune = String(
            decoding: PlistPreprocessor.process(Array(text.utf8), definitions: ["INTUNE"]), as: UTF8.self)
        #expect(intune == "<a/>\n\n\n\n<release/>\n\n\n<intune/>\n\n\n")
        #expect(PlistPreprocessor.hasDirectives(Array(text.utf8)))
        #expect(!PlistPreprocessor.hasDirectives(Array("<a>#b</a>".utf8)))
    }

    @Test("an unbalanced directive never fails: the text after it is kept or dropped, nothing else")
    func unbalanced() {
        let output = PlistPreprocessor.process(Array("#endif\n#else\nx\n#if\ny".utf8), definitions: [])
        #expect(String(decoding: output, as: UTF8.self) == "\n\nx\n\n")
    }
}

@Suite("Objective-C sources")
struct ObjectiveCScanTests {
    @Test("reads @\"…\" strings, character literals and directives with the Swift tokenizer")
    func objectiveC() {
        let scan = SwiftSourceScanner.scan(
            """
            #define GEMS @"com.example.gems"
            - (void)load { char quote = '"'; [self use:GEMS label:@"a \\" b"]; }
            """, path: "Store.m", language: .objectiveC)
        #expect(scan.language == .objectiveC)
        #expect(scan.strings.map(\.value) == ["com.example.gems", "a \" b"])
        #expect(scan.strings.first?.location == SourceLocation(file: "Store.m", line: 1, column: 14))
        #expect(scan.mentions("GEMS"))
        #expect(scan.tokens.first?.text == "#define")
        #expect(!scan.mentions("b"))
    }
}
