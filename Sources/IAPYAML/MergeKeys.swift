/// YAML 1.1 merge keys: `<<: *defaults` or `<<: [*base, *extra]` copies the entries of the named
/// mappings into the mapping that holds the `<<`.
///
/// Config guides often share fields between products, so merges are supported rather than
/// refused. Only a plain, untagged `<<` is a merge key; a quoted `"<<"` is an ordinary key.
/// Explicit keys win over merged ones wherever they appear, and for a list of sources the earlier
/// mapping wins, as the merge key specification says. Merged entries take the place of the `<<`
/// entry, so the document order stays meaningful for ordered mappings.
enum MergeKeys {
    static let key = "<<"

    /// Whether `value` may follow a `<<` key: a mapping, or a list made only of mappings.
    static func isValidSource(_ value: ConfigNode) -> Bool {
        switch value.kind {
        case .mapping: return true
        case .sequence(let items): return items.allSatisfy { $0.entries != nil }
        case .scalar: return false
        }
    }

    static let invalidSourceMessage =
        "the merge key '<<' needs a mapping or a list of mappings, such as '<<: *defaults'"

    static func apply(_ sources: [OpenCollection.MergeSource], to entries: [ConfigEntry]) -> [ConfigEntry] {
        guard !sources.isEmpty else { return entries }
        var taken = Set(entries.map(\.key))
        var result: [ConfigEntry] = []
        var nextSource = 0
        for position in 0...entries.count {
            while nextSource < sources.count, sources[nextSource].position == position {
                for mapping in mappings(in: sources[nextSource].value) {
                    for entry in mapping where taken.insert(entry.key).inserted {
                        result.append(entry)
                    }
                }
                nextSource += 1
            }
            if position < entries.count { result.append(entries[position]) }
        }
        return result
    }

    private static func mappings(in value: ConfigNode) -> [[ConfigEntry]] {
        if let entries = value.entries { return [entries] }
        return (value.items ?? []).compactMap(\.entries)
    }
}
