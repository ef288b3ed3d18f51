/// Name resolution against the context stack, as the Mustache specification defines it.
extension Renderer {
    enum Lookup {
        case found(TemplateValue)
        /// The name resolved nothing; `resolvedKeys` keys of it did resolve before the chain
        /// broke (0 when its first key is found nowhere).
        case missing(resolvedKeys: Int)
    }

    /// Resolves a name: its first key through the context stack from the top down (or in the
    /// top context only for a leading dot), each further key only inside the value before it.
    /// A later key that fails does not resume the stack search: `a.b` with an `a` lacking `b`
    /// is missing even if an outer context has an `a` with a `b`.
    func lookUp(_ name: TagName) -> Lookup {
        guard let firstKey = name.keys.first else {
            return .found(contexts.top)
        }
        var value: TemplateValue?
        if name.isAnchored {
            if case .object(let members) = contexts.top {
                value = members[firstKey]
            }
        } else {
            value = contexts.value(forKey: firstKey)
        }
        guard var current = value else { return .missing(resolvedKeys: 0) }
        for (index, key) in name.keys.enumerated().dropFirst() {
            guard case .object(let members) = current, let next = members[key] else {
                return .missing(resolvedKeys: index)
            }
            current = next
        }
        return .found(current)
    }

    /// The value the first `count` keys of a name resolve to.
    func resolvedPrefix(of name: TagName, keys count: Int) -> TemplateValue? {
        guard count > 0 else { return nil }
        let prefix = name.keys.prefix(count).joined(separator: ".")
        guard let prefixName = TagName(name.isAnchored ? "." + prefix : prefix),
            case .found(let value) = lookUp(prefixName)
        else { return nil }
        return value
    }
}
