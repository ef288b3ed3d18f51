#if os(Linux)
    import Foundation
    import IAPExtract
    import IAPGenerate
    import IAPModel
    import IAPTestSupport
    import Testing

    /// The Workbook's Swift samples that talk to the store (the files `iapkit tangle` makes of
    /// the file-tagged blocks without `requires=`) compile against the generated Workbook store
    /// and the stand-ins, so the chapters cannot drift from the generated API, as `mdbook test`
    /// keeps a Rust book's samples compiling. View bodies (`requires=SwiftUI`) need
    /// Apple's frameworks and are left to macOS.
    @Suite struct WorkbookSampleTests {
        /// The frameworks a sample may say it needs.
        static let knownRequirements: Set<String> = ["SwiftUI", "UIKit", "AppKit"]

        static func samples() -> [CodeBlock] {
            PlatformMatrixTests.workbook.chapters.flatMap(\.codeBlocks).filter {
                $0.language == "swift" && $0.attributes["file"] != nil
            }
        }

        @Test func everySampleNamesAFileOnceAndOnlyKnownRequirements() {
            let samples = Self.samples()
            let files = samples.compactMap { $0.attributes["file"] }
            #expect(Set(files).count == files.count, "\(files)")
            for sample in samples {
                if let requires = sample.attributes["requires"] {
                    #expect(Self.knownRequirements.contains(requires), "\(sample.location): \(requires)")
                }
            }
        }

        /// Code lines: not blank and not only a comment.
        static func codeLines(_ text: String) -> Int {
            text.split(separator: "\n", omittingEmptySubsequences: false).count { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return !trimmed.isEmpty && !trimmed.hasPrefix("//")
            }
        }

        /// The purchase UI chapter's table of hand-written lines says, in its IAPKit column, how
        /// many code lines the named samples have; a changed sample must change the table too.
        @Test func theTableOfHandWrittenLinesCountsTheSamples() throws {
            let chapter = try #require(
                PlatformMatrixTests.workbook.chapters.first { $0.file.hasSuffix("purchase-ui.md") })
            let source = try String(
                contentsOf: TestPaths.repositoryRoot.appendingPathComponent(chapter.file), encoding: .utf8)
            let lines = source.components(separatedBy: "\n")
            let header = try #require(lines.firstIndex { $0.hasPrefix("| What the app needs |") })
            var byName: [String: Int] = [:]
            for sample in chapter.codeBlocks {
                if let file = sample.attributes["file"], let name = file.split(separator: "/").last {
                    byName[String(name)] = Self.codeLines(sample.content)
                }
            }
            var total = 0
            var rows = 0
            let table = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
            for line in table where !line.contains("**Total**") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                let names = cells[4].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                }.filter { !$0.isEmpty }
                let counted = try names.map { try #require(byName[$0], "no sample named \($0)") }.reduce(0, +)
                #expect(Int(cells[3]) == counted, "\(line)")
                total += counted
                rows += 1
            }
            #expect(rows == 7)
            let totalRow = try #require(table.first { $0.contains("**Total**") })
            #expect(totalRow.contains("**\(total)**"), "\(totalRow)")
        }

        /// The Workbook tangled as `iapkit tangle` tangles it; the files that need no Apple-only
        /// framework are compiled with the generated store, each block's lines mapped back to its
        /// chapter so an error names the place to fix.
        @Test func theTangledStoreFacingSamplesCompileAgainstTheGeneratedStore() throws {
            let tangled = CodeTangle.files(PlatformMatrixTests.workbook)
            #expect(tangled.count == Self.samples().count, "each sample names a file of its own")
            let storeFacing = tangled.filter { $0.requirements.isEmpty && $0.path.hasSuffix(".swift") }
            let names = Set(storeFacing.compactMap { $0.path.split(separator: "/").last.map(String.init) })
            // The purchase UI chapter's own: without them this test would prove nothing.
            #expect(
                names.isSuperset(of: [
                    "PurchaseState.swift", "Restore.swift", "MembershipPaywall.swift", "MembershipSummary.swift",
                    "SupportActions.swift",
                ]), "\(names)")
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-samples-\(getpid())")
            try? FileManager.default.removeItem(at: work)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            var sources: [URL] = []
            for (index, file) in storeFacing.enumerated() {
                let url = work.appendingPathComponent("Sample\(index).swift")
                var text = ""
                for block in file.blocks {
                    text += "#sourceLocation(file: \"\(block.location.file)\", line: \(block.contentLocation.line))\n"
                    text += block.content.hasSuffix("\n") ? block.content : block.content + "\n"
                }
                // The same lines as the tangled file, once the line directives are taken out.
                #expect(
                    text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                        !$0.hasPrefix("#sourceLocation(")
                    }.joined(separator: "\n") == file.contents)
                try Data(text.utf8).write(to: url)
                sources.append(url)
            }
            let generated = TestPaths.tests("GeneratedStoreTests/Generated")
            for name in try FileManager.default.contentsOfDirectory(atPath: generated.path)
            where name.hasSuffix(".swift") {
                sources.append(generated.appendingPathComponent(name))
            }
            let outcome = try #require(try SwiftTypeCheck.run(modules: [sources]).first)
            #expect(outcome.isClean, "\(outcome.output.prefix(4000))")
        }
    }
#endif
