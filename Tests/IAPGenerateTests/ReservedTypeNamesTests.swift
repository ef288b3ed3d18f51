import Foundation
import IAPDiagnostics
import IAPModel
import IAPTestSupport
import Testing

@testable import IAPGenerate
@testable import IAPValidate

/// A manager named like a keyword or like a type the generated code uses makes code that does
/// not compile; lint says so at the name. The list of used types must follow the templates.
@Suite struct ReservedTypeNamesTests {
    /// Every capitalised word the built-in templates write as code: tags, comments and string
    /// literals left out.
    static func typeNamesInTemplates() throws -> Set<String> {
        let folder = TestPaths.repositoryRoot.appendingPathComponent("Templates")
        var names: Set<String> = []
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        #expect(files.count > 10)
        for file in files {
            var text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for pattern in [
                #"\{\{[^}]*\}\}"#, #"/\*[\s\S]*?\*/"#, #"//[^\n]*"#, #"#pragma mark[^\n]*"#, #""(?:[^"\\\n]|\\.)*""#,
            ] {
                text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
            }
            let regex = try NSRegularExpression(pattern: #"\b[A-Z][A-Za-z0-9_]*\b"#)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range, in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    /// What generation checks itself (framework types, its own types) it reports itself.
    static let checkedByGeneration = GeneratedNames.frameworkTypes.union(GeneratedNames.fixedTypes)

    @Test func everyTypeTheTemplatesNameIsReservedOnce() throws {
        let missing = try Self.typeNamesInTemplates().subtracting(SwiftReservedNames.usedTypes)
            .subtracting(SwiftReservedNames.keywords).subtracting(Self.checkedByGeneration)
        #expect(missing.isEmpty, "names the templates use but SwiftReservedNames.usedTypes lacks: \(missing.sorted())")
        let twice = SwiftReservedNames.usedTypes.intersection(Self.checkedByGeneration)
        #expect(twice.isEmpty, "names lint would report twice: \(twice.sorted())")
    }

    static func workbook(manager: String) -> Workbook {
        let here = SourceLocation(file: "g.md", line: 3, column: 12)
        var workbook = Workbook()
        workbook.app = AppConfiguration(
            name: Located("Pebble", at: here), bundleID: Located("com.example.pebble", at: here),
            manager: Located(manager, at: here), location: here)
        return workbook
    }

    @Test(arguments: [
        "class", "some", "Self", "Type", "Protocol", "Any", "NSObject", "Codable", "Hashable", "Status", "Handler",
    ])
    func aReservedManagerNameIsAnError(_ name: String) {
        let errors = WorkbookValidator.validate(Self.workbook(manager: name)).filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("manager '\(name)' is a") == true)
        #expect(errors.first?.location?.line == 3)
    }

    @Test func ordinaryAndLongManagerNames() {
        #expect(WorkbookValidator.validate(Self.workbook(manager: "PebbleStore")).isEmpty)
        let long = WorkbookValidator.validate(Self.workbook(manager: String(repeating: "A", count: 201)))
        #expect(long.map(\.message).first?.hasPrefix("manager name is 201 bytes long") == true)
    }
}
