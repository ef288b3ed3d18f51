/// The context stack of a rendering: the values of the sections being rendered, innermost last.
///
/// Besides the values, the stack keeps the members of its objects in a list of their own: only
/// objects have keys, so lookups skip the booleans, strings and list items between them, and a
/// deep stack of `true` sections costs nothing to search.
struct ContextStack {
    private var values: [TemplateValue]
    /// The members of each object in `values`, in the same order.
    private(set) var scopes: [[String: TemplateValue]] = []

    init(root: TemplateValue) {
        values = []
        push(root)
    }

    /// The innermost value: what `{{.}}` names.
    var top: TemplateValue {
        values.last ?? .null
    }

    mutating func push(_ value: TemplateValue) {
        values.append(value)
        if case .object(let members) = value {
            scopes.append(members)
        }
    }

    mutating func pop() {
        guard let value = values.popLast() else { return }
        if case .object = value {
            scopes.removeLast()
        }
    }

    mutating func replaceTop(with value: TemplateValue) {
        pop()
        push(value)
    }

    /// The value of `key` in the innermost object that has it.
    func value(forKey key: String) -> TemplateValue? {
        var index = scopes.count - 1
        while index >= 0 {
            if let found = scopes[index][key] {
                return found
            }
            index -= 1
        }
        return nil
    }
}
