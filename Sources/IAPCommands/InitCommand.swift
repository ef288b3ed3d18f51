import IAPDiagnostics
import IAPExtract
import IAPGenerate

/// `iapkit init`: starts a book in a folder, so that the other commands have guides to read.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "Start a book: iapkit.yml, a catalogue with one product of each type, a setup checklist."
    static let usage =
        "iapkit init [--name NAME] [--bundle-id ID] [--storekit 2|1|both] [--path FOLDER]"
    static let discussion = """
        Writes iapkit.yml, Guides/SUMMARY.md, Guides/products.md (one consumable, one
        non-consumable, one non-renewing pass and one auto-renewable subscription, all starting
        with the bundle ID) and Guides/setup.md (a checklist whose items 'iapkit check' links to
        its checks). The catalogue lints clean; rename the products and set their prices to the
        ones in App Store Connect. Afterwards every command reads the book through iapkit.yml.

        Nothing is overwritten: when one of these files exists already, init names it and
        writes nothing.

        Examples:
          iapkit init --name Pebble --bundle-id com.example.pebble
          iapkit init --name Pebble --bundle-id com.example.pebble --storekit both --path Pebble

        Exit status: 0 when the book was written, 1 when a file exists already, 2 for a usage
        mistake (such as a bundle ID App Store Connect would refuse) or a folder that cannot be
        written.
        """
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--name"], valueName: "NAME", help: "The app's name (default: MyApp)."),
        OptionSpec(
            names: ["--bundle-id"], valueName: "ID",
            help: "The app's bundle ID, which starts every product ID (default: com.example.<name>)."),
        OptionSpec(
            names: ["--storekit"], valueName: "API", help: "The StoreKit API the app uses (default: 2).",
            choices: ["2", "1", "both"]),
        OptionSpec(
            names: ["--path"], valueName: "FOLDER", help: "Where to start the book (default: the current folder)."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            return usage("init takes no PATH; name the folder with --path", context: context)
        }
        let appName = arguments.value("--name") ?? "MyApp"
        let (book, problems) = lintingStarterBook(
            StarterBook(
                name: appName, bundleID: arguments.value("--bundle-id") ?? defaultBundleID(for: appName),
                storeKit: arguments.value("--storekit") ?? "2"))
        let files = book.files
        // What init writes must lint clean, so a name or bundle ID the catalogue cannot take is
        // refused here, before anything is written.
        // The first problem only: a bad bundle ID would otherwise be reported again in every
        // product ID made from it.
        if let problem = problems.first {
            context.standardError.line("iapkit init: error: \(problem)")
            context.standardError.line("iapkit init: nothing written")
            return .usageOrInput
        }
        let folder = arguments.value("--path") ?? "."
        let writer = context.outputs.folder(folder)
        do {
            try writer.open(creating: true, holder: "iapkit init") { holder in
                context.standardError.line("iapkit init: waiting for \(holder), which is writing '\(folder)'")
            }
            defer { writer.close() }
            let existing = files.map(\.path).filter { context.fileSystem.kind(of: writer.target($0)) != .missing }
            guard existing.isEmpty else {
                let names = existing.map { Diagnostic.quote(writer.target($0)) }.joined(separator: ", ")
                context.standardError.line(
                    "iapkit init: error: \(names) already \(existing.count == 1 ? "exists" : "exist")")
                context.standardError.line(
                    "iapkit init: nothing written; move them away or start the book in another folder with --path")
                return .findings
            }
            try writer.prepare(files.map(\.path))
            for file in files { try writer.write(file) }
        } catch {
            context.standardError.line("iapkit init: error: \(error)")
            context.standardError.line("iapkit init: nothing written")
            return .usageOrInput
        }
        for file in files { context.standardOutput.line("create: \(writer.target(file.path))") }
        let inFolder = folder == "." ? "" : "cd \(folder) && "
        context.standardOutput.write(
            """

            Next: \(inFolder)iapkit lint, then iapkit generate (the store goes to Store/), then
            iapkit check --project \(appName).xcodeproj once the app's project is there, and
            iapkit render to read the book as a site.

            """)
        return .success
    }

    /// The book to write and what lint would report on it. The name may be fine and only the
    /// store's type name made from it taken (`App` gives `AppStore`): a manager named on purpose
    /// is tried before the name is refused.
    static func lintingStarterBook(_ book: StarterBook) -> (book: StarterBook, problems: [String]) {
        let found = problems(of: book.files)
        guard !found.isEmpty else { return (book, []) }
        var named = book
        named.manager = SwiftNames.typeName(for: book.name).name + "StoreManager"
        return problems(of: named.files).isEmpty ? (named, []) : (book, found)
    }

    /// `com.example.` and the name in lower case, letters and digits only.
    static func defaultBundleID(for name: String) -> String {
        let word = String(name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
        return "com.example." + (word.first?.isLetter == true ? word : "app" + word)
    }

    /// The errors lint would report on the starter book, as plain messages.
    static func problems(of files: [GeneratedFile]) -> [String] {
        let fileSystem = MemoryFileSystem(texts: Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) }))
        let loaded = WorkbookLoader(fileSystem: fileSystem).load([StarterBook.guidesFolder])
        let diagnostics = GuideSession.lintDiagnostics(of: loaded)
        return loaded.inputErrors.map(\.message)
            + diagnostics.filter { $0.severity == .error }.map { "the catalogue would not lint: \($0.message)" }
    }

    private static func usage(_ message: String, context: CommandContext) -> ExitStatus {
        context.standardError.line("iapkit init: error: \(message)")
        context.standardError.line("Run 'iapkit init --help' for usage.")
        return .usageOrInput
    }
}
