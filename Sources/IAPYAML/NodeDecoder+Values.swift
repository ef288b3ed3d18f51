#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension NodeDecoder {
    /// Decodes any `Decodable` from this node. Every container's generic `decode` ends here.
    ///
    /// `Decimal` is read from the scalar's text, because its own `init(from:)` would go through
    /// `Double` and turn 2.99 into 2.9899999999999997952. Errors thrown by a type's own
    /// `init(from:)` are converted here, at the innermost node that knows where it is.
    func decodeValue<T: Decodable>(_ type: T.Type) throws(ConfigDecodingError) -> T {
        if T.self == Decimal.self, let value = try decodeDecimal() as? T {
            return value
        }
        do {
            return try T(from: self)
        } catch {
            throw converted(error, decoding: T.self)
        }
    }

    /// `error` as a located ConfigDecodingError. A `DecodingError` thrown by model code carries a
    /// coding path, which is followed down from this node to find the node it is about.
    func converted(_ thrown: any Error, decoding type: Any.Type) -> ConfigDecodingError {
        switch thrown {
        case let error as ConfigDecodingError:
            return error
        case DecodingError.keyNotFound(let key, let context):
            let target = located(context.codingPath)
            return target.error("missing required key '\(key.stringValue)'", key: key)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return located(context.codingPath).error(context.debugDescription)
        case DecodingError.dataCorrupted(let context):
            let target = located(context.codingPath)
            // The standard library's words for a raw value that names no case; a model's own
            // message is kept as it is.
            if target.node === node, context.debugDescription.hasPrefix("Cannot initialize"),
                let message = EnumCases.mismatch(type, found: node)
            {
                return error(message)
            }
            return target.error(context.debugDescription)
        default:
            return error(String(describing: thrown))
        }
    }

    /// The decoder for the deepest node along `path` that exists below this one.
    private func located(_ path: [any CodingKey]) -> NodeDecoder {
        guard path.count > codingPath.count else { return self }
        var target = self
        for key in path[codingPath.count...] {
            if let index = key.intValue, let items = target.node.items, items.indices.contains(index) {
                target = target.child(items[index], key: key)
            } else if let value = target.node[key.stringValue] {
                target = target.child(value, key: key)
            } else {
                break
            }
        }
        return target
    }
}
