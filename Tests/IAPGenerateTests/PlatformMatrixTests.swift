#if os(Linux)
    import Foundation
    import IAPDiagnostics
    import IAPExtract
    import IAPGenerate
    import IAPModel
    import IAPTestSupport
    import Templates
    import Testing

    /// The Workbook's catalogue generated for each kind of `platforms` the guide format allows,
    /// with each StoreKit choice: the availability annotations name exactly the platforms that
    /// need them, the store is `@Observable` exactly when every platform has Observation, and the
    /// code type-checks in Swift 6 mode against the stand-ins.
    @Suite struct PlatformMatrixTests {
        struct Case: CustomTestStringConvertible, Sendable {
            let platforms: [(String, String)]
            let storekit: StoreKitVersion
            /// What the StoreKit 2 annotation must say, `""` for none.
            let attribute: String
            let observable: Bool

            var testDescription: String {
                "\(storekit.rawValue): "
                    + (platforms.isEmpty ? "none" : platforms.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
            }
        }

        static let cases: [Case] = [
            Case(platforms: [], storekit: .storeKit2, attribute: "", observable: false),
            Case(platforms: [("iOS", "15.0")], storekit: .storeKit2, attribute: "", observable: false),
            Case(
                platforms: [("iOS", "17.0"), ("macOS", "14.0")], storekit: .storeKit2, attribute: "", observable: true),
            Case(
                platforms: [("iOS", "17.0"), ("macOS", "13.5")], storekit: .storeKit2, attribute: "", observable: false),
            Case(platforms: [("visionOS", "1.0")], storekit: .storeKit2, attribute: "", observable: true),
            Case(
                platforms: [("watchOS", "10.0"), ("tvOS", "17")], storekit: .storeKit2, attribute: "", observable: true),
            Case(
                platforms: [
                    ("iOS", "18.0"), ("macOS", "15.0"), ("tvOS", "18.0"), ("watchOS", "11.0"), ("visionOS", "2.0"),
                ],
                storekit: .storeKit2, attribute: "", observable: true),
            Case(platforms: [], storekit: .storeKit1, attribute: "", observable: false),
            Case(
                platforms: [("iOS", "12.0"), ("macOS", "10.15")], storekit: .storeKit1, attribute: "", observable: false
            ),
            Case(
                platforms: [], storekit: .both,
                attribute: "@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)", observable: false),
            Case(
                platforms: [("iOS", "13.0")], storekit: .both, attribute: "@available(iOS 15.0, *)", observable: false),
            Case(
                platforms: [("iOS", "14.0"), ("macOS", "12.0"), ("watchOS", "7.0")], storekit: .both,
                attribute: "@available(iOS 15.0, watchOS 8.0, *)", observable: false),
            Case(
                platforms: [("iOS", "17.0"), ("visionOS", "1.0")], storekit: .both, attribute: "", observable: true),
        ]

        static let workbook: Workbook = {
            let folder = TestPaths.repositoryRoot.appendingPathComponent("Workbook")
            var files: [String: [UInt8]] = [:]
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasSuffix(".md") {
                files["Workbook/" + name] = (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
            }
            return WorkbookLoader(fileSystem: MemoryFileSystem(files)).load(["Workbook"]).workbook
        }()

        static func generate(_ item: Case, number: Int) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
            var workbook = workbook
            let location = IAPDiagnostics.SourceLocation(file: "matrix.md", line: 1, column: 1)
            workbook.app?.storekit = item.storekit
            workbook.app?.manager = Located("Store\(number)", at: location)
            workbook.app?.platforms = item.platforms.map {
                Platform(name: $0.0, minimumVersion: $0.1, location: location)
            }
            let library = TemplateLibrary(userFolder: nil)
            return Generator.generate(
                workbook, options: GenerationOptions(typePrefix: "M\(number)"), templates: library)
        }

        @Test(arguments: cases.indices)
        func annotationsAndObservationFollowThePlatforms(_ index: Int) throws {
            let item = Self.cases[index]
            let result = Self.generate(item, number: index)
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            let swift = result.files.filter { $0.path.hasSuffix(".swift") }.map(\.contents).joined(separator: "\n")
            // The annotations that say where StoreKit 2 begins: only the files behind the facade
            // carry them, naming the platforms whose minimum lies below it.
            let storeKit2Versions = ["iOS 15.0", "macOS 12.0", "tvOS 15.0", "watchOS 8.0"]
            let annotations = Set(
                swift.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
                    line.hasPrefix("@available(") && storeKit2Versions.contains { line.contains($0) }
                })
            #expect(annotations == (item.attribute.isEmpty ? [] : [item.attribute]), "\(annotations)")
            // The store the app talks to (the StoreKit 1 store is always an `ObservableObject`).
            let store = try #require(result.files.first { $0.path == "Store\(index).swift" }).contents
            #expect(store.contains("\n@Observable\n") == item.observable)
            #expect(store.contains("ObservableObject {}") == !item.observable)
            // Purchases without a scene are left out where visionOS has none.
            if item.storekit == .storeKit2 {
                #expect(store.contains("#if !os(visionOS)\n        /// Buys a product"))
                #expect(
                    store.contains(
                        "func purchase(\n            _ id: M\(index)ProductID, confirmIn scene: some UIScene"))
            }
        }

        /// Cases per type-checked module; their type names differ by prefix. The checker slows
        /// faster than linearly with the code in one module, so modules stay small.
        static let casesPerModule = 1

        /// Every case type-checks.
        @Test func everyCaseTypeChecks() throws {
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-platforms-\(getpid())")
            try? FileManager.default.removeItem(at: work)
            defer { try? FileManager.default.removeItem(at: work) }
            var modules: [[URL]] = []
            for (number, item) in Self.cases.enumerated() {
                if number % Self.casesPerModule == 0 { modules.append([]) }
                let folder = work.appendingPathComponent("case\(number)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for file in Self.generate(item, number: number).files where file.path.hasSuffix(".swift") {
                    let url = folder.appendingPathComponent(file.path)
                    try Data(file.contents.utf8).write(to: url)
                    modules[modules.count - 1].append(url)
                }
            }
            for (index, outcome) in try SwiftTypeCheck.run(modules: modules).enumerated() {
                #expect(outcome.isClean, "module \(index): \(outcome.output.prefix(3000))")
            }
        }
    }
#endif
