import IAPJSON
import IAPProject

extension LocatedJSON {
    /// Whether the value says nothing: null, an empty string, `false`, or a list or object
    /// holding only such values. Xcode writes such defaults everywhere (`"codeOffers" : [ ]`),
    /// and leaving them out of a guide loses nothing, so they are never reported.
    var isBlank: Bool { isBlank(ignoring: []) }

    /// Blank apart from members named in `keys`: a policy that names only its locale says
    /// nothing either.
    func isBlank(ignoring keys: Set<String>) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.isEmpty
        case .bool(let flag): return !flag
        case .number: return false
        case .array(let elements): return elements.allSatisfy { $0.isBlank(ignoring: keys) }
        case .object(let members):
            return members.allSatisfy { keys.contains($0.key) || $0.value.isBlank(ignoring: keys) }
        }
    }

    /// Whether the value is JSON `true`.
    var isTrue: Bool {
        if case .bool(true) = value { return true }
        return false
    }
}
