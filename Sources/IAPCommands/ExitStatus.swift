/// How a command ended, as the shell sees it.
public enum ExitStatus: Int32, Sendable {
    /// Nothing wrong.
    case success = 0
    /// The input has errors (or a check failed): the tool worked, the guide needs fixing.
    case findings = 1
    /// The command line was wrong or an input could not be read.
    case usageOrInput = 2
}
