import Foundation
import IAPTemplates
import Testing

/// One case from the JSON files in `Spec/`: a template, its data and partials, and the exact
/// output the specification calls for.
///
/// The files are read with the module's own JSON reader, which its own tests cover; a file
/// that fails to read or holds a malformed case is reported by `SpecFileTests`.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let template: String
    let data: TemplateValue
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Spec")

    /// Every case from every file, and the problems met while reading them.
    static let loaded: (cases: [SpecCase], problems: [String]) = load()

    static var all: [SpecCase] { loaded.cases }

    private static func load() -> (cases: [SpecCase], problems: [String]) {
        var cases: [SpecCase] = []
        var problems: [String] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for fileName in names.sorted() where fileName.hasSuffix(".json") {
            let url = folder.appendingPathComponent(fileName)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                problems.append("\(fileName): cannot be read")
                continue
            }
            do {
                guard case .list(let entries) = try TemplateValue(json: data, name: fileName) else {
                    problems.append("\(fileName): expected a list of cases")
                    continue
                }
                for (index, entry) in entries.enumerated() {
                    if let specCase = SpecCase(entry, file: fileName) {
                        cases.append(specCase)
                    } else {
                        problems.append("\(fileName): case \(index + 1) is malformed")
                    }
                }
            } catch {
                problems.append(error.description)
            }
        }
        if names.isEmpty {
            problems.append("no spec files in \(folder.path)")
        }
        return (cases, problems)
    }

    /// Reads a case object; nil when a field is missing, of the wrong type, or unknown (so a
    /// misspelt field cannot silently drop a case's partials).
    private init?(_ entry: TemplateValue, file: String) {
        let known: Set<String> = ["name", "why", "template", "data", "partials", "expected"]
        guard case .object(let fields) = entry, Set(fields.keys).isSubset(of: known),
            case .string(let name)? = fields["name"],
            case .string(let template)? = fields["template"],
            case .string(let expected)? = fields["expected"],
            let data = fields["data"]
        else { return nil }
        var partials: [String: String] = [:]
        if let given = fields["partials"] {
            guard case .object(let sources) = given else { return nil }
            for (partialName, source) in sources {
                guard case .string(let text) = source else { return nil }
                partials[partialName] = text
            }
        }
        self.file = file
        self.name = name
        self.template = template
        self.data = data
        self.partials = partials
        self.expected = expected
    }
}
