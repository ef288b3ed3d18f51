import IAPDiagnostics

/// The strict-mode messages, worded to point at the fix: the nearest existing key when a name
/// looks misspelt, the key a chain broke at, and what kind of value stood in for text.
extension Renderer {
    func missingMessage(_ name: TagName, resolvedKeys: Int) -> String {
        let quotedName = Diagnostic.quote(name.text)
        guard resolvedKeys > 0, let parent = resolvedPrefix(of: name, keys: resolvedKeys) else {
            let key = name.keys.first ?? name.text
            return "no value named \(quotedName) in the context" + suggestion(for: key, among: visibleKeys(of: name))
        }
        let parentName = Diagnostic.quote(name.keys.prefix(resolvedKeys).joined(separator: "."))
        let key = name.keys[resolvedKeys]
        guard case .object(let members) = parent else {
            return
                "no value named \(quotedName) in the context: \(parentName) is \(kindName(of: parent)), not an object"
        }
        return "no value named \(quotedName) in the context: \(parentName) has no key \(Diagnostic.quote(key))"
            + suggestion(for: key, among: members.keys)
    }

    func notTextMessage(_ name: TagName, value: TemplateValue) -> String {
        let quotedName = Diagnostic.quote(name.text)
        switch value {
        case .list:
            return "\(quotedName) is a list, not text; a section goes through its items"
        case .object:
            // For the implicit iterator the example is the leading-dot form, `.key`.
            let example = name.keys.isEmpty ? ".key" : "\(name.text).key"
            return "\(quotedName) is an object, not text; name one of its keys, as in \(Diagnostic.quote(example))"
        default:
            return "\(quotedName) is null"
        }
    }

    /// The keys a name's first key could have matched: the top context's for a leading dot,
    /// every context's otherwise.
    private func visibleKeys(of name: TagName) -> [String] {
        if name.isAnchored {
            guard case .object(let members) = contexts.top else { return [] }
            return members.keys.sorted()
        }
        return contexts.scopes.flatMap { $0.keys.sorted() }
    }

    /// A "did you mean" for keys long enough for a typo to be told apart from a different word.
    private func suggestion(for key: String, among candidates: some Sequence<String>) -> String {
        guard key.count >= 3, let closest = Suggestion.closest(to: key, among: candidates.sorted()) else { return "" }
        return "; did you mean \(Diagnostic.quote(closest))?"
    }

    private func kindName(of value: TemplateValue) -> String {
        switch value {
        case .string: return "a string"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .list: return "a list"
        case .object: return "an object"
        case .null: return "null"
        }
    }
}
