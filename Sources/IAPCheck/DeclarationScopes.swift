import IAPProject

/// Which declarations enclose each token of a Swift file: enough structure to tell whether code
/// runs when the app launches (an initialiser, `application(_:didFinishLaunchingWithOptions:)`,
/// the `@main` type) or only later (a button action, a view's `onAppear`).
struct DeclarationScopes {
    /// A braced declaration body.
    struct Scope: Equatable {
        enum Kind: Equatable {
            case type
            case function
            case initializer
            /// A closure or a statement body (`if`, `for`, `Task { }`).
            case block
        }

        var kind: Kind
        /// The declared name: the type or function name, `init` for initialisers, empty for blocks.
        var name: String
        /// True for a type marked `@main`.
        var isMain: Bool
    }

    /// For each token index, the scopes around it, outermost first.
    private(set) var enclosing: [[Scope]] = []

    init(_ tokens: [SwiftToken]) {
        var stack: [Scope] = []
        var pending: Scope?
        var sawMain = false
        for (index, token) in tokens.enumerated() {
            enclosing.append(stack)
            switch (token.kind, token.text) {
            case (.attribute, "@main"):
                sawMain = true
            case (.identifier, "class"), (.identifier, "struct"), (.identifier, "enum"), (.identifier, "actor"),
                (.identifier, "extension"), (.identifier, "protocol"):
                guard index == 0 || tokens[index - 1].text != "." else { continue }
                let name = index + 1 < tokens.count ? tokens[index + 1].text : ""
                pending = Scope(kind: .type, name: name, isMain: sawMain)
                sawMain = false
            case (.identifier, "func"):
                let name = index + 1 < tokens.count ? tokens[index + 1].text : ""
                pending = Scope(kind: .function, name: name, isMain: false)
            case (.identifier, "init"):
                let isDeclaration = index == 0 || tokens[index - 1].text != "."
                if isDeclaration, pending == nil { pending = Scope(kind: .initializer, name: "init", isMain: false) }
            case (.punctuation, "{"):
                stack.append(pending ?? Scope(kind: .block, name: "", isMain: false))
                pending = nil
            case (.punctuation, "}"):
                if !stack.isEmpty { stack.removeLast() }
                pending = nil
            case (.punctuation, ";"):
                pending = nil
            default:
                continue
            }
        }
    }

    /// The innermost function or initialiser around the token at `index`.
    func function(around index: Int) -> Scope? {
        guard enclosing.indices.contains(index) else { return nil }
        return enclosing[index].last { $0.kind == .function || $0.kind == .initializer }
    }

    /// True when the token at `index` runs as the app launches: inside an initialiser, inside
    /// `application(_:didFinishLaunchingWithOptions:)`, or anywhere in the `@main` type outside
    /// of its functions (its stored properties and `body`).
    func runsAtLaunch(_ index: Int, tokens: [SwiftToken]) -> Bool {
        guard enclosing.indices.contains(index) else { return false }
        let scopes = enclosing[index]
        if let function = function(around: index) {
            if function.kind == .initializer { return true }
            if function.name == "application", Self.isDidFinishLaunching(at: index, in: scopes, tokens: tokens) {
                return true
            }
            return false
        }
        return scopes.contains { $0.isMain }
    }

    /// `application(_:didFinishLaunchingWithOptions:)` and its `willFinishLaunching` sibling; the
    /// scope list does not keep parameter labels, so the test looks back for the label.
    private static func isDidFinishLaunching(at index: Int, in scopes: [Scope], tokens: [SwiftToken]) -> Bool {
        var cursor = index
        while cursor > 0 {
            cursor -= 1
            let text = tokens[cursor].text
            if text == "didFinishLaunchingWithOptions" || text == "willFinishLaunchingWithOptions" { return true }
            if text == "func" { return false }
        }
        return false
    }
}
