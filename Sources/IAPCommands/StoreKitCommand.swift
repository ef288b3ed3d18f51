import IAPDiagnostics
import IAPExtract
import IAPGenerate
import IAPImport
import IAPValidate

/// `iapkit storekit import`: turns Xcode's StoreKit configuration file into a guide chapter,
/// for teams whose catalogue so far lived only in Xcode.
enum StoreKitCommand: Command {
    static let name = "storekit"
    static let summary = "Import a .storekit file as a guide chapter with its products."
    static let usage = "iapkit storekit import FILE.storekit|- [-o FILE.md] [--name NAME --bundle-id ID]"
    static let discussion = """
        Reads a StoreKit configuration file written by Xcode (format 1.0 to 4.0) and prints a
        Markdown chapter whose 'yaml iap' block holds its products: types, prices, family
        sharing, localizations, subscription groups, levels, periods and introductory offers.
        What the guide format cannot say (promotional offers, offer codes, win-back offers,
        test settings) is listed as warnings on standard error; a signing key is never copied.

        '-' reads the file from standard input. With -o the chapter is written to FILE.md,
        atomically and only when it changed. --name and --bundle-id add the 'app' block (a
        .storekit file does not say which app it belongs to), so the chapter lints on its own.
        Example: iapkit storekit import Products.storekit --name Pebble --bundle-id com.example.pebble -o Guides/products.md
        Exit status: 0 imported (warnings allowed), 2 a usage mistake or a file that cannot
        be read or imported; then nothing is written.
        """
    static let options: [OptionSpec] = [
        OptionSpec(
            names: ["--output", "-o"], valueName: "file", help: "Write the chapter to this file instead of printing it."
        ),
        OptionSpec(
            names: ["--name"], valueName: "name", help: "The app's name, for the 'app' block (with --bundle-id)."),
        OptionSpec(
            names: ["--bundle-id"], valueName: "id", help: "The app's bundle ID, for the 'app' block (with --name)."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        guard arguments.positionals.first == "import" else {
            return usage("expected 'import FILE.storekit'", context: context)
        }
        guard arguments.positionals.count == 2 else {
            return usage(
                arguments.positionals.count < 2 ? "missing the .storekit file to import" : "import reads one file",
                context: context)
        }
        let argument = arguments.positionals[1]
        let appName = arguments.value("--name")
        let bundleID = arguments.value("--bundle-id")
        guard (appName == nil) == (bundleID == nil) else {
            return usage("--name and --bundle-id go together: the 'app' block needs both", context: context)
        }
        if let bundleID, let problem = BundleIDRule.problem(in: bundleID) {
            return usage(problem, context: context)
        }
        if let output = arguments.value("--output"), GuidePath.normalize(output) == GuidePath.normalize(argument) {
            return usage(
                "the chapter would replace the .storekit file it comes from; choose another -o", context: context)
        }
        let fromStandardInput = argument == "-"
        let path = fromStandardInput ? "<stdin>" : argument
        let bytes: [UInt8]
        switch fromStandardInput ? .file : context.fileSystem.kind(of: path) {
        case .missing:
            context.standardError.line("iapkit storekit: error: no such file: \(Diagnostic.quote(path))")
            return .usageOrInput
        case .directory:
            context.standardError.line(
                "iapkit storekit: error: \(Diagnostic.quote(path)) is a folder; name the .storekit file inside it")
            return .usageOrInput
        case .special(let what):
            context.standardError.line(
                "iapkit storekit: error: \(Diagnostic.quote(path)) is \(what), not a .storekit file; it is not read")
            return .usageOrInput
        case .file:
            do {
                bytes = fromStandardInput ? try context.readStandardInput() : try context.fileSystem.contents(of: path)
            } catch {
                context.standardError.line("iapkit storekit: error: cannot read \(Diagnostic.quote(path)): \(error)")
                return .usageOrInput
            }
        }
        var catalogue: StoreKitCatalogue
        switch StoreKitImporter.read(bytes, path: path) {
        case .failure(let failure):
            for diagnostic in failure.diagnostics.sorted() { context.standardError.line(diagnostic.description) }
            context.standardError.line("iapkit storekit: nothing imported: the file has errors")
            return .usageOrInput
        case .success(let imported):
            catalogue = imported
        }
        catalogue.warnings += lintProblems(of: catalogue, path: path)
        for warning in catalogue.warnings.sorted() { context.standardError.line(warning.description) }
        let chapter = GuideChapterWriter.chapter(
            for: catalogue, sourceName: fromStandardInput ? nil : fileName(of: path),
            app: appName.flatMap { name in bundleID.map { (name, $0) } })
        guard let output = arguments.value("--output") else {
            context.standardOutput.write(chapter)
            return .success
        }
        // The chapter goes into a folder that exists: a mistyped path must not make folders.
        let slash = output.lastIndex(of: "/")
        let folder = slash.map { String(output[..<$0]) } ?? ""
        let name = slash.map { String(output[output.index(after: $0)...]) } ?? output
        let writer = context.outputs.folder(folder.isEmpty && slash != nil ? "/" : folder)
        if let problem = OutputPathRules.problems([name], under: writer.directory).first {
            context.standardError.line("iapkit storekit: error: \(problem)")
            return .usageOrInput
        }
        let file = GeneratedFile(path: name, contents: chapter)
        let change: OutputWriter.Change
        do {
            try writer.open(creating: false, holder: "iapkit storekit import") { holder in
                context.standardError.line("iapkit storekit: waiting for \(holder), which is writing '\(folder)'")
            }
            defer { writer.close() }
            try writer.prepare([name])
            change = writer.change(for: file)
            if change == .create || change == .update { try writer.write(file) }
        } catch {
            context.standardError.line("iapkit storekit: error: \(error)")
            context.standardError.line("iapkit storekit: nothing written")
            return .usageOrInput
        }
        context.standardOutput.line("\(change.rawValue): \(output)")
        return .success
    }

    /// What `iapkit lint` will refuse in the chapter (an empty display name, a name too long for
    /// App Store Connect), said now and placed in the `.storekit` file where it can be fixed,
    /// rather than left for the first lint of the new chapter to find. A place the import has
    /// already warned about (a non-renewing product's missing duration) is not told twice.
    static func lintProblems(of catalogue: StoreKitCatalogue, path: String) -> [Diagnostic] {
        let warned = Set(catalogue.warnings.compactMap(\.location))
        return WorkbookValidator.validateProducts(catalogue.products).compactMap { problem in
            guard let location = problem.location, location.file == path, !warned.contains(location) else {
                return nil
            }
            guard problem.severity == .error else { return problem }
            return .warning(
                problem.message + "; the imported chapter fails lint until this is fixed", at: problem.location,
                notes: problem.notes)
        }
    }

    private static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private static func usage(_ message: String, context: CommandContext) -> ExitStatus {
        context.standardError.line("iapkit storekit: error: \(message)")
        context.standardError.line("Run 'iapkit storekit --help' for usage.")
        return .usageOrInput
    }
}
