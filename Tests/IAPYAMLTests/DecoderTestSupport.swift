import IAPYAML
import Testing

/// The tree of a YAML text that the test expects to be well formed.
func yamlTree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ConfigNode {
    try #require(try YAMLReader.parse(text), sourceLocation: sourceLocation)
}

/// Each error as `line:column path: message`, the form the expectations are written in.
func summaries(_ errors: [ConfigDecodingError]) -> [String] {
    errors.map { "\($0.mark) \($0.keyPathDescription): \($0.message)" }
}

/// The errors decoding `type` from `yaml` collects.
func collectedErrors<T: Decodable>(
    _ type: T.Type, from yaml: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String] {
    summaries(
        ConfigDecoder().decodeCollectingErrors(type, from: try yamlTree(yaml, sourceLocation: sourceLocation)).errors)
}
