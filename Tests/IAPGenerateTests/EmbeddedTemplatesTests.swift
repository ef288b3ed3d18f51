import Foundation
import IAPTestSupport
import Templates
import Testing

/// The binary carries the built-in templates as Swift source, `Templates/EmbeddedTemplates.swift`,
/// written from the `.mustache` files beside it and from the Workbook's troubleshooting chapter
/// (which `generate` writes beside the checklist). Those stay the source: this test fails when
/// the Swift file is out of date, and `RECORD=1` writes it again (then build once more).
@Suite struct EmbeddedTemplatesTests {
    static let folder = TestPaths.repositoryRoot.appendingPathComponent("Templates")
    /// The troubleshooting chapter in each language the Workbook has it in.
    static let troubleshootingChapters = [
        ("en", TestPaths.repositoryRoot.appendingPathComponent("Workbook/troubleshooting.md")),
        ("zh-Hans", TestPaths.repositoryRoot.appendingPathComponent("Workbook/zh-Hans/troubleshooting.md")),
    ]

    @Test func theEmbeddedTemplatesAreTheMustacheFiles() throws {
        let files = try Self.templateFiles()
        #expect(files.count >= 20, "the template sets are found")
        let chapters = try Self.troubleshootingChapters.map { language, url in
            (language, try String(contentsOf: url, encoding: .utf8))
        }
        Golden.check(
            Self.swiftSource(files, troubleshooting: chapters),
            matches: Self.folder.appendingPathComponent("EmbeddedTemplates.swift"))
        // What this build carries is what the files say (after a rebuild, when just recorded).
        if ProcessInfo.processInfo.environment["RECORD"] == nil {
            #expect(BuiltInTemplates.sources == Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.text) }))
            #expect(BuiltInTemplates.troubleshootingChapters == Dictionary(uniqueKeysWithValues: chapters))
        }
    }

    @Test func aRawLiteralHoldsAnyText() {
        #expect(Self.rawLiteral("plain") == "#\"\"\"\nplain\n\"\"\"#")
        #expect(Self.rawLiteral("a \"# b") == "##\"\"\"\na \"# b\n\"\"\"##")
        #expect(Self.rawLiteral("\\#(x)") == "##\"\"\"\n\\#(x)\n\"\"\"##")
        #expect(Self.rawLiteral("one\rtwo") == "#\"\"\"\none\\#rtwo\n\"\"\"#")
    }

    /// Every `.mustache` file below `Templates/`, by name (`StoreKit2/StoreManager.swift`).
    static func templateFiles() throws -> [(name: String, text: String)] {
        let root = folder.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(name: String, text: String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let text = try String(contentsOfFile: root + relative, encoding: .utf8)
            files.append((String(relative.dropLast(".mustache".count)), text))
        }
        return files.sorted { $0.name < $1.name }
    }

    static func swiftSource(
        _ files: [(name: String, text: String)], troubleshooting: [(language: String, text: String)]
    ) -> String {
        // FNV-1a over every name and source: the generation stamp's sign that the templates
        // changed, without hashing them again on every run.
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in files {
            for byte in Array(file.name.utf8) + [0] + Array(file.text.utf8) + [0] {
                digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        for chapter in troubleshooting {
            for byte in Array(chapter.language.utf8) + [0] + Array(chapter.text.utf8) + [0] {
                digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        var source = """
            // Written from the .mustache files beside it and the Workbook's troubleshooting chapters by
            // `RECORD=1 swift test --filter EmbeddedTemplatesTests`: edit those instead.

            extension BuiltInTemplates {
                /// Changes whenever a name or a source below changes.
                public static let digest = "\(String(digest, radix: 16))"

                /// Each built-in template's source, by name (`StoreKit2/StoreManager.swift`).
                public static let sources: [String: String] = [

            """
        for file in files {
            source += "        \"\(file.name)\": \(rawLiteral(file.text)),\n"
        }
        source += "    ]\n\n"
        source += "    /// The Workbook's troubleshooting chapter by language tag, which `generate` writes beside\n"
        source += "    /// the checklist.\n"
        source += "    public static let troubleshootingChapters: [String: String] = [\n"
        for chapter in troubleshooting {
            source += "        \"\(chapter.language)\": \(rawLiteral(chapter.text)),\n"
        }
        source += "    ]\n"
        return source + "}\n"
    }

    /// A raw string literal that holds `text` unchanged: more `#` than follow any quote or
    /// backslash inside it, so nothing in it closes the literal early or reads as an escape.
    static func rawLiteral(_ text: String) -> String {
        var longest = 0
        var run = -1
        for character in text {
            if character == "\"" || character == "\\" {
                run = 0
            } else if character == "#", run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = -1
            }
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return "\(hashes)\"\"\"\n\(text.replacingOccurrences(of: "\r", with: "\\\(hashes)r"))\n\"\"\"\(hashes)"
    }
}
