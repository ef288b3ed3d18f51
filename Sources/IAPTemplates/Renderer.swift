import IAPDiagnostics

/// Runs compiled templates against a context stack.
///
/// Rendering is a loop over instructions with explicit stacks (of contexts, of sections being
/// iterated, of templates being rendered), so nesting depth never becomes call depth. Partial
/// inclusion alone is bounded, by `maximumPartialDepth`, because a partial that includes itself
/// without end would otherwise loop forever.
struct Renderer {
    static let maximumPartialDepth = 64

    let partials: any PartialSource
    let options: RenderOptions
    var output = ""
    var contexts = ContextStack(root: .null)
    private var frames: [Frame] = []
    private var iterations: [Iteration] = []
    /// Partials already fetched in this rendering, so a partial in a loop is compiled once.
    private var loadedPartials: [String: Template] = [:]
    private var missingPartials: Set<String> = []

    /// A template being rendered: the top template, or a partial it includes.
    private struct Frame {
        let template: Template
        var next: Int
        /// Written at each line start of the template; nonempty for standalone partials.
        let indent: String
    }

    /// A section being rendered: the items still to render it for. An inverted section has one
    /// pass and pushes nothing.
    private struct Iteration {
        let items: [TemplateValue]
        var index: Int
        let pushesContext: Bool
    }

    init(partials: any PartialSource, options: RenderOptions) {
        self.partials = partials
        self.options = options
    }

    mutating func render(_ template: Template, context: TemplateValue) throws(TemplateError) -> String {
        contexts = ContextStack(root: context)
        frames = [Frame(template: template, next: 0, indent: "")]
        while !frames.isEmpty {
            try runTopFrame()
        }
        return output
    }

    /// Runs the innermost template until it ends (and is popped) or includes a partial (which is
    /// pushed, to run next).
    private mutating func runTopFrame() throws(TemplateError) {
        let top = frames.count - 1
        let template = frames[top].template
        let program = template.program
        let indent = frames[top].indent
        var next = frames[top].next
        while next < program.count {
            switch program[next] {
            case .text(let text):
                output += text
                next += 1
            case .lineStart:
                output += indent
                next += 1
            case .variable(let name, let escaped, let position):
                try interpolate(name, escaped: escaped, at: position, in: template)
                next += 1
            case .sectionStart(let name, let inverted, let end, let position):
                next = try enterSection(name, inverted: inverted, at: next, end: end, position: position, in: template)
            case .sectionEnd(let start):
                next = continueSection(startingAt: start, endingAt: next)
            case .partial(let name, let tagIndent, let position):
                next += 1
                if let partial = try resolvePartial(name, at: position, in: template) {
                    frames[top].next = next
                    frames.append(Frame(template: partial, next: 0, indent: tagIndent.map { indent + $0 } ?? ""))
                    return
                }
            }
        }
        frames.removeLast()
    }

    private mutating func interpolate(
        _ name: TagName, escaped: Bool, at position: TagPosition, in template: Template
    ) throws(TemplateError) {
        let value: TemplateValue
        switch lookUp(name) {
        case .found(let found):
            value = found
        case .missing(let resolvedKeys):
            guard options.strict else { return }
            throw TemplateError(missingMessage(name, resolvedKeys: resolvedKeys), at: template.location(of: position))
        }
        guard let text = value.scalarText else {
            guard options.strict else { return }
            throw TemplateError(notTextMessage(name, value: value), at: template.location(of: position))
        }
        if escaped, options.escaping == .html {
            HTMLEscaping.append(text, to: &output)
        } else {
            output += text
        }
    }

    /// Starts a section; returns the next instruction: the section's first, or the one after
    /// its end when it is skipped.
    private mutating func enterSection(
        _ name: TagName, inverted: Bool, at start: Int, end: Int, position: TagPosition, in template: Template
    ) throws(TemplateError) -> Int {
        var value = TemplateValue.null
        switch lookUp(name) {
        case .found(let found):
            value = found
        case .missing(let resolvedKeys):
            if options.strict {
                throw TemplateError(
                    missingMessage(name, resolvedKeys: resolvedKeys), at: template.location(of: position))
            }
        }
        if inverted {
            guard value.isFalsey else { return end + 1 }
            iterations.append(Iteration(items: [], index: 0, pushesContext: false))
            return start + 1
        }
        let items: [TemplateValue]
        if case .list(let list) = value {
            items = list
        } else {
            items = value.isFalsey ? [] : [value]
        }
        guard let first = items.first else { return end + 1 }
        contexts.push(first)
        iterations.append(Iteration(items: items, index: 0, pushesContext: true))
        return start + 1
    }

    /// At a section's end: renders it again for the next item, or leaves it.
    private mutating func continueSection(startingAt start: Int, endingAt end: Int) -> Int {
        guard var iteration = iterations.popLast(), iteration.pushesContext else { return end + 1 }
        iteration.index += 1
        if iteration.index < iteration.items.count {
            contexts.replaceTop(with: iteration.items[iteration.index])
            iterations.append(iteration)
            return start + 1
        }
        contexts.pop()
        return end + 1
    }

    private mutating func resolvePartial(
        _ name: String, at position: TagPosition, in template: Template
    ) throws(TemplateError) -> Template? {
        guard frames.count <= Self.maximumPartialDepth else {
            throw TemplateError(
                "partial \(Diagnostic.quote(name)) is nested more than \(Self.maximumPartialDepth) deep; does it include itself with nothing to stop it?",
                at: template.location(of: position))
        }
        if let loaded = loadedPartials[name] {
            return loaded
        }
        if !missingPartials.contains(name), let found = try partials.partial(named: name) {
            loadedPartials[name] = found
            return found
        }
        missingPartials.insert(name)
        guard options.strict else { return nil }
        throw TemplateError("no partial named \(Diagnostic.quote(name))", at: template.location(of: position))
    }
}
