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

    /// One braced body in the file, with what the questions below need of the bodies around
    /// it worked out once, when it opens: a file with ten thousand nested braces then takes ten
    /// thousand steps, not ten thousand squared.
    private struct Node {
        var scope: Scope
        /// The innermost function or initialiser at or around this body.
        var function: Int?
        /// Whether this body or one around it is the `@main` type.
        var insideMain: Bool
    }

    private var nodes: [Node] = []
    /// For each token index, the innermost body around it (an index into `nodes`).
    private var innermost: [Int32] = []
    /// For each token index, the index of the last `func` before it, and of the last
    /// `did/willFinishLaunchingWithOptions` before it (-1 for none).
    private var lastFunc: [Int32] = []
    private var lastLaunchLabel: [Int32] = []

    init(_ tokens: [SwiftToken]) {
        var stack: [Int] = []
        var pending: Scope?
        var sawMain = false
        var funcBefore: Int32 = -1
        var labelBefore: Int32 = -1
        innermost.reserveCapacity(tokens.count)
        lastFunc.reserveCapacity(tokens.count)
        lastLaunchLabel.reserveCapacity(tokens.count)
        for (index, token) in tokens.enumerated() {
            innermost.append(Int32(stack.last ?? -1))
            lastFunc.append(funcBefore)
            lastLaunchLabel.append(labelBefore)
            if token.text == "func" { funcBefore = Int32(index) }
            if token.text == "didFinishLaunchingWithOptions" || token.text == "willFinishLaunchingWithOptions" {
                labelBefore = Int32(index)
            }
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
                let scope = pending ?? Scope(kind: .block, name: "", isMain: false)
                let parent = stack.last.map { nodes[$0] }
                let isFunction = scope.kind == .function || scope.kind == .initializer
                nodes.append(
                    Node(
                        scope: scope, function: isFunction ? nodes.count : parent?.function,
                        insideMain: scope.isMain || parent?.insideMain == true))
                stack.append(nodes.count - 1)
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
        guard innermost.indices.contains(index), innermost[index] >= 0 else { return nil }
        return nodes[Int(innermost[index])].function.map { nodes[$0].scope }
    }

    /// True when the token at `index` runs as the app launches: inside an initialiser, inside
    /// `application(_:didFinishLaunchingWithOptions:)`, or anywhere in the `@main` type outside
    /// of its functions (its stored properties and `body`).
    func runsAtLaunch(_ index: Int, tokens: [SwiftToken]) -> Bool {
        guard innermost.indices.contains(index) else { return false }
        if let function = function(around: index) {
            if function.kind == .initializer { return true }
            if function.name == "application", isDidFinishLaunching(at: index) { return true }
            return false
        }
        return innermost[index] >= 0 && nodes[Int(innermost[index])].insideMain
    }

    /// `application(_:didFinishLaunchingWithOptions:)` and its `willFinishLaunching` sibling; the
    /// scopes do not keep parameter labels, so the label must come after the nearest `func`
    /// before the token.
    private func isDidFinishLaunching(at index: Int) -> Bool {
        lastLaunchLabel[index] >= 0 && lastLaunchLabel[index] > lastFunc[index]
    }
}
