import IAPCheck

/// `iapkit build`: the whole job in one command, as `iapkit.yml` describes it: lint the guides,
/// generate the store code, check the Xcode project when one is configured, render the site.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "Lint, generate, check (with a project) and render, as iapkit.yml says."
    static let usage = "iapkit build [PATH...] [--project PATH] [--strict] [--quiet]"
    static let discussion = """
        Runs 'lint', 'generate', 'check' and 'render' on the same guides, each with the settings
        of ./iapkit.yml ('input', 'output', 'templates', 'params', 'project', 'site'), and prints
        a line per step at the end. 'check' runs only when a project is named by --project or
        'project' in iapkit.yml. Guides with errors stop the build after 'lint'.

        Exit status: 0 when every step succeeded, 1 when the guides have errors, a check failed
        or (with --strict) a link is broken, 2 for a usage mistake or an unreadable input.
        Example: iapkit build --project MyApp.xcodeproj --strict
        """
    static let options: [OptionSpec] = [
        ProjectOption.spec,
        OptionSpec(names: ["--strict"], help: "Treat broken links in the site as errors."),
        OptionSpec(names: ["--quiet", "-q"], help: "Print problems and the step summary only."),
        ProjectConfiguration.outsidePathsOption,
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        let paths = arguments.positionals
        let quiet = arguments.has("--quiet") ? ["--quiet"] : []
        var project = arguments.value("--project")
        if project == nil, case .success(let configuration) = ProjectConfiguration.load(context: context) {
            project = configuration?.project
        }
        var shared = context
        shared.sessionCache = GuideSessionCache(keepsDocuments: true)
        // A project that cannot be read stops the build before anything is written. The guides
        // are read now (and kept for the steps) for their bundle ID, which picks the project in
        // a folder of several.
        if let project,
            case .failure(let failure) = ProjectLoader(
                fileSystem: GuideProjectFileSystem(base: context.fileSystem)
            ).load(project, appBundleID: GuideSession.load(paths, context: shared).workbook.app?.bundleID.value)
        {
            for error in failure.errors { context.standardError.line(error.description) }
            context.standardError.line("iapkit build: nothing done: the project cannot be read")
            return .usageOrInput
        }
        var steps: [(name: String, argv: [String]?)] = [
            ("lint", ["lint"] + quiet + paths),
            ("generate", ["generate"] + paths),
            ("check", project.map { ["check", "--project", $0] + paths }),
            ("render", ["render"] + quiet + (arguments.has("--strict") ? ["--strict"] : []) + paths),
        ]
        var outcomes: [String] = []
        var worst = ExitStatus.success
        while !steps.isEmpty {
            let step = steps.removeFirst()
            guard let argv = step.argv else {
                outcomes.append("\(step.name) skipped (no project: use --project or 'project' in iapkit.yml)")
                continue
            }
            if !arguments.has("--quiet") { context.standardOutput.line("==> \(step.name)") }
            let status = IAPKitTool.run(argv, context: shared)
            outcomes.append("\(step.name) " + word(status))
            worst = max(worst, status)
            if status == .usageOrInput || (step.name == "lint" && status != .success) {
                outcomes += steps.map { "\($0.name) not run" }
                break
            }
        }
        context.standardOutput.line("build: " + outcomes.joined(separator: ", "))
        return worst
    }

    private static func word(_ status: ExitStatus) -> String {
        switch status {
        case .success: "ok"
        case .findings: "found problems"
        case .usageOrInput: "could not run"
        }
    }
}

extension ExitStatus: Comparable {
    public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
