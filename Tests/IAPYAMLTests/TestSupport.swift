import IAPYAML

/// The tree dump of `text` read as YAML, or `error <line>:<column> <message>` when it is refused,
/// so one string comparison checks the whole outcome.
func yamlOutcome(_ text: String, limits: ConfigLimits = .default) -> String {
    describe(YAMLReader.read(text, limits: limits))
}

/// The same for JSON.
func jsonOutcome(_ text: String, limits: ConfigLimits = .default) -> String {
    describe(JSONReader.read(text, limits: limits))
}

func describe(_ result: Result<ConfigNode?, ConfigError>) -> String {
    switch result {
    case .success(let node?): return node.dump()
    case .success(nil): return "nothing"
    case .failure(let error): return "error \(error.mark) \(error.message)"
    }
}

/// Joins lines with newlines, so expected dumps can be written one node per line.
func lines(_ lines: String...) -> String {
    lines.joined(separator: "\n")
}
