#if os(Linux)
    import Foundation
    import IAPDiagnostics
    import IAPGenerate
    import IAPModel
    import Templates
    import IAPTestSupport
    import Testing

    /// Random catalogues with hostile product IDs, names and localizations: the generated Swift
    /// must type-check against the StoreKit stand-in, and every ID and text must come out of
    /// the generated code exactly as it went in.
    @Suite struct RandomCatalogueTests {
        static let catalogueCount = 80
        /// Small batches: the type checker's work grows faster than linearly with the number of
        /// catalogues in one module, whose many `==` and enum cases it weighs against each other.
        static let batchSize = 10
        /// Catalogues after the first `catalogueCount` target StoreKit 1 and both APIs in turn;
        /// their code is larger, so there are few of them.
        static let olderAPICatalogueCount = 8

        static func storekit(forCatalogue number: Int) -> StoreKitVersion {
            guard number >= catalogueCount else { return .storeKit2 }
            return number.isMultiple(of: 2) ? .storeKit1 : .both
        }

        /// The `platforms` of each catalogue, in turn, taking nothing from the random stream: the
        /// StoreKit 2 catalogues go through sets at and above StoreKit 2, some of them with
        /// Observation everywhere; the older-API ones reach below StoreKit 2.
        static func platforms(forCatalogue number: Int) -> [Platform] {
            let storeKit2Sets: [[(String, String)]] = [
                [], [("iOS", "15.0")], [("iOS", "17.0"), ("macOS", "14.0")], [("visionOS", "1.0")],
                [("iOS", "16.4"), ("macOS", "13.0"), ("tvOS", "16.0")], [("watchOS", "10.0")],
                [("iOS", "18.0"), ("macOS", "15.0"), ("tvOS", "18.0"), ("watchOS", "11.0"), ("visionOS", "2.0")],
                [("macOS", "12.0"), ("watchOS", "8.0")],
            ]
            let olderSets: [[(String, String)]] = [
                [("iOS", "12.0")], [("iOS", "13.0"), ("macOS", "10.15")], [],
                [("iOS", "14.0"), ("macOS", "11.0"), ("tvOS", "14.0"), ("watchOS", "7.0")],
            ]
            let chosen =
                storekit(forCatalogue: number) == .storeKit2
                ? storeKit2Sets[number % storeKit2Sets.count] : olderSets[number % olderSets.count]
            return chosen.map { Platform(name: $0.0, minimumVersion: $0.1, location: location(0)) }
        }

        static let pieces = [
            "gems", "default", "self", "Type", "2x", "\"", "\\", "\\(x)", "\n", "\t", "💎", "é", "ß", "中文", " ",
            "-", "_", ".", "}", "*/", "//", "#if", "\u{200B}", "\u{2028}", "\u{7}", "pro", "PRO", "'", "$0", "`",
        ]

        static func text(_ random: inout SeededRandom, words: ClosedRange<Int>) -> String {
            (0..<Int.random(in: words, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }

        static func location(_ line: Int) -> IAPDiagnostics.SourceLocation {
            IAPDiagnostics.SourceLocation(file: "random.md", line: line, column: 1)
        }

        /// The first catalogue's IDs are valid for App Store Connect but give Swift names the
        /// generated code cannot use as they are; each but `Type` (which becomes `type`) and the
        /// first gem pack gets a derived name and a warning.
        static let unusableNames = [
            "self", "Self", "init", "Type", "default", "products", "purchase", "gem_pack", "gem.pack",
        ]

        static func catalogue(_ number: Int, _ random: inout SeededRandom) -> Workbook {
            if number == 0 {
                let types = ProductType.allCases
                let products = unusableNames.enumerated().map { index, name in
                    Product(
                        id: Located("com.example.random0." + name, at: location(index)),
                        type: types[index % types.count],
                        referenceName: Located(name, at: location(index)),
                        price: Located(Decimal(1), at: location(index)),
                        clearedForSale: Located(true, at: location(index)),
                        duration: types[index % types.count] == .nonRenewing
                            ? Located("P1Y", at: location(index)) : nil,
                        subscription: types[index % types.count] == .autoRenewable
                            ? Subscription(
                                group: Located("g", at: location(index)), period: Located("P1M", at: location(index)),
                                location: location(index)) : nil,
                        location: location(index))
                }
                let app = AppConfiguration(
                    name: Located("Names", at: location(0)), bundleID: Located("com.example.random0", at: location(0)),
                    manager: Located("Store0", at: location(0)), location: location(0))
                return Workbook(chapters: [], app: app, products: products)
            }
            var products: [Product] = []
            let types = ProductType.allCases
            for index in 0..<Int.random(in: 1...4, using: &random) {
                // A unique tail keeps the Swift names apart; the rest is hostile.
                let id = text(&random, words: 0...4) + "p\(index)"
                let type = types.randomElement(using: &random) ?? .consumable
                let localizations = (0..<Int.random(in: 0...2, using: &random)).map { localeIndex in
                    Localization(
                        locale: ["en-US", "de_DE", "fr"][localeIndex], displayName: text(&random, words: 1...5),
                        description: text(&random, words: 0...6), location: location(index))
                }
                let subscription =
                    type == .autoRenewable
                    ? Subscription(
                        group: Located(text(&random, words: 1...3), at: location(index)),
                        period: Located("P1M", at: location(index)), level: Located(index + 1, at: location(index)),
                        introductoryOffer: Bool.random(using: &random)
                            ? IntroductoryOffer(
                                mode: .payAsYouGo, period: Located("P1M", at: location(index)),
                                periods: Located(2, at: location(index)),
                                price: Located(Decimal(1), at: location(index)),
                                location: location(index)) : nil,
                        location: location(index)) : nil
                products.append(
                    Product(
                        id: Located(id, at: location(index)), type: type,
                        referenceName: Located(text(&random, words: 1...6), at: location(index)),
                        price: Located(Decimal(index) + Decimal(99) / 100, at: location(index)),
                        clearedForSale: Located(true, at: location(index)), localizations: localizations,
                        promoted: index.isMultiple(of: 2),
                        duration: type == .nonRenewing
                            ? Located(["P1Y", "P6M", "P2W", "P30D", "P1Y6M"][index % 5], at: location(index)) : nil,
                        units: type == .consumable ? Located(index * 7 + 1, at: location(index)) : nil,
                        subscription: subscription, location: location(index)))
            }
            let app = AppConfiguration(
                name: Located(text(&random, words: 1...3), at: location(0)),
                bundleID: Located("com.example.random\(number)", at: location(0)),
                manager: Located("Store\(number)", at: location(0)), storekit: storekit(forCatalogue: number),
                platforms: platforms(forCatalogue: number), location: location(0))
            return Workbook(chapters: [], app: app, products: products)
        }

        @Test func hostileCataloguesGenerateCodeThatTypeChecksAndKeepsEveryValue() throws {
            // The StoreKit choice takes nothing from the random stream, so the first catalogues
            // stay the same whatever follows them.
            var random = SeededRandom(seed: 20_261_129)
            let library = TemplateLibrary(userFolder: nil)
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-random-\(getpid())")
            try? FileManager.default.removeItem(at: work)
            defer { try? FileManager.default.removeItem(at: work) }
            var batches: [[URL]] = []
            var generatedCount = 0
            for number in 0..<(Self.catalogueCount + Self.olderAPICatalogueCount) {
                let workbook = Self.catalogue(number, &random)
                let options = GenerationOptions(typePrefix: "C\(number)")
                let result = Generator.generate(workbook, options: options, templates: library)
                #expect(
                    result.diagnostics.allSatisfy { $0.severity == .warning },
                    "catalogue \(number): \(result.diagnostics)")
                #expect(number != 0 || result.diagnostics.count == Self.unusableNames.count - 2)
                if number % Self.batchSize == 0 { batches.append([]) }
                let folder = work.appendingPathComponent("c\(number)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for file in result.files {
                    let url = folder.appendingPathComponent(file.path)
                    try Data(file.contents.utf8).write(to: url)
                    if file.path.hasSuffix(".swift") { batches[batches.count - 1].append(url) }
                }
                try expectValuesSurvive(workbook, in: result.files)
                generatedCount += 1
            }
            #expect(generatedCount == Self.catalogueCount + Self.olderAPICatalogueCount)
            try typeCheck(batches)
        }

        /// The IDs in `ProductID` and every text in the `.storekit` file read back unchanged.
        private func expectValuesSurvive(_ workbook: Workbook, in files: [GeneratedFile]) throws {
            let swift = try #require(files.first { $0.path.hasSuffix("ProductID.swift") }).contents
            let literals = swift.split(separator: "\n").compactMap { line -> String? in
                guard let equals = line.range(of: " = \""), line.trimmingCharacters(in: .whitespaces).hasPrefix("case ")
                else { return nil }
                let literal = line[line.index(equals.lowerBound, offsetBy: 3)...]
                return SwiftLiteralReader.read(String(literal).trimmingCharacters(in: .whitespaces))
            }
            #expect(literals == workbook.products.map(\.id.value))
            // The group names, in `SubscriptionGroup.name`, in the order the guides name them.
            let groupBody = swift.components(separatedBy: "var name: String {").dropFirst().first ?? ""
            let groupLiterals = groupBody.components(separatedBy: "\n    }").first?.split(separator: "\n").compactMap {
                line -> String? in
                guard let colon = line.range(of: ": \""), line.trimmingCharacters(in: .whitespaces).hasPrefix("case .")
                else { return nil }
                let literal = line[line.index(colon.lowerBound, offsetBy: 2)...]
                return SwiftLiteralReader.read(String(literal).trimmingCharacters(in: .whitespaces))
            }
            var groups: [String] = []
            for product in workbook.products where product.type == .autoRenewable {
                if let group = product.subscription?.group?.value, !groups.contains(group) { groups.append(group) }
            }
            #expect((groupLiterals ?? []) == groups)

            let storekit = try #require(files.first { $0.path.hasSuffix(".storekit") }).contents
            let json = try #require(try JSONSerialization.jsonObject(with: Data(storekit.utf8)) as? [String: Any])
            var ids: [String] = []
            var names: [String] = []
            let plain =
                (json["products"] as? [[String: Any]] ?? [])
                + (json["nonRenewingSubscriptions"] as? [[String: Any]] ?? [])
            let grouped = (json["subscriptionGroups"] as? [[String: Any]] ?? []).flatMap {
                $0["subscriptions"] as? [[String: Any]] ?? []
            }
            for product in plain + grouped {
                ids.append(product["productID"] as? String ?? "")
                names += (product["localizations"] as? [[String: Any]] ?? []).compactMap {
                    $0["displayName"] as? String
                }
            }
            #expect(Set(ids) == Set(workbook.products.map(\.id.value)))
            #expect(Set(names) == Set(workbook.products.flatMap { $0.localizations.map(\.displayName) }))
        }

        /// One `swiftc -typecheck` per batch, in Swift 6 mode, two at a time.
        private func typeCheck(_ batches: [[URL]]) throws {
            for outcome in try SwiftTypeCheck.run(modules: batches) {
                #expect(outcome.status == 0, "\(outcome.output.prefix(3000))")
                #expect(!outcome.output.contains("warning:"), "\(outcome.output.prefix(3000))")
            }
        }
    }

    /// Reads back a Swift string literal as written by the generator.
    enum SwiftLiteralReader {
        static func read(_ literal: String) -> String? {
            var scalars = Array(literal.unicodeScalars)
            guard scalars.first == "\"", scalars.last == "\"", scalars.count >= 2 else { return nil }
            scalars = Array(scalars.dropFirst().dropLast())
            var result = String.UnicodeScalarView()
            var index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                guard scalar == "\\" else {
                    result.append(scalar)
                    continue
                }
                guard index < scalars.count else { return nil }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "\"", "\\", "'": result.append(escaped)
                case "0": result.append("\0")
                case "u":
                    guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
                    let hex = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                    guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                    result.append(decoded)
                    index = close + 1
                default: return nil
                }
            }
            return String(result)
        }
    }
#endif
