import Foundation
import IAPGenerate
import Testing

/// What a C compiler makes of the generated string literals: each one, built into a program
/// that prints it, gives back exactly the UTF-8 bytes of the text it was made from.
@Suite struct LiteralBytesTests {
    static let texts = [
        "com.example.plain", "say \"hi\"", "back\\slash\\", "two\nlines\r\ttab",
        "??= ??/ ??' ??( ??) ??! ??< ??> ??- ???",
        "nul\u{0}byte", "bell\u{7} del\u{7F} next\u{85}line \u{9F}", "zero\u{200B}width \u{2028}\u{2029}\u{FEFF}",
        "rtl\u{202E}override", "private\u{E000}\u{F0000}", "emoji 💎👩‍👩‍👧 café 中文 ÿ", "%@ %s %n", "\\u00e9 is text",
        "octal \u{1}7 then a digit", String(repeating: "long.", count: 400),
    ]

    @Test(.enabled(if: ObjectiveCCompiler.installed != nil, "\(ObjectiveCOutputTests.noCompiler)"))
    func everyLiteralCompilesBackToItsText() throws {
        let compiler = try #require(ObjectiveCCompiler.installed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-literals-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The Objective-C literal without its `@` is a C literal; 0xFF never occurs in UTF-8, so
        // it separates the outputs.
        var program = "#include <stdio.h>\n\n"
        for (index, text) in Self.texts.enumerated() {
            let literal = ObjectiveCNames.stringLiteral(text)
            #expect(literal.hasPrefix("@\""))
            program += "static const char text\(index)[] = \(literal.dropFirst());\n"
        }
        program += "\nint main(void) {\n"
        for index in Self.texts.indices {
            program += "    fwrite(text\(index), 1, sizeof text\(index) - 1, stdout);\n    putchar(0xFF);\n"
        }
        program += "    return 0;\n}\n"
        let output = try #require(compiler.runProgram(program, in: folder), "the program did not build or run")
        let printed = output.split(separator: 0xFF, omittingEmptySubsequences: false).dropLast().map(Array.init)
        #expect(printed == Self.texts.map { Array($0.utf8) })
    }
}
