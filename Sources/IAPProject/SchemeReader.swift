import IAPDiagnostics

/// Whether a scheme is committed with the project or private to one user.
public enum SchemeVisibility: String, Hashable, Sendable {
    /// Under `xcshareddata/xcschemes`: everyone who clones the project gets it.
    case shared
    /// Under `xcuserdata/<user>.xcuserdatad/xcschemes`: only on one machine.
    case user
    /// Neither folder appears in the path.
    case unknown

    /// Decides from the path alone.
    public static func of(path: String) -> SchemeVisibility {
        let components = path.split(separator: "/")
        if components.contains("xcshareddata") { return .shared }
        if components.contains("xcuserdata") || components.contains(where: { $0.hasSuffix(".xcuserdatad") }) {
            return .user
        }
        return .unknown
    }
}

/// A StoreKit configuration file attached to a scheme's Run action.
public struct StoreKitConfigurationReference: Hashable, Sendable {
    /// The `identifier` attribute as written, e.g. `../../Products.storekit`.
    public var identifier: String
    /// Where the `identifier` attribute is written, or the element when that cannot be found.
    public var location: SourceLocation

    public init(identifier: String, location: SourceLocation) {
        self.identifier = identifier
        self.location = location
    }

    /// The file the identifier names, read as Xcode reads it: relative to the workspace the
    /// scheme belongs to. A project's own schemes belong to the workspace inside the project
    /// (`App.xcodeproj/project.xcworkspace`), hence `../../` in every real project scheme and `../`
    /// in the schemes of a `.xcworkspace`. Nil when the identifier climbs above the file-system root.
    public func resolvedPath(container: String) -> String? {
        let base =
            ProjectPath.fileExtension(container) == "xcodeproj"
            ? ProjectPath.join(container, "project.xcworkspace") : container
        return ProjectPath.resolve(identifier, from: base)
    }
}

/// What a scheme's Run action starts.
public enum SchemeLaunchTarget: Hashable, Sendable {
    /// A product the project builds, named by its target's object identifier and product name.
    case product(blueprintIdentifier: String, buildableName: String)
    /// Another program that hosts what is built, as SpringBoard hosts a widget, or that the
    /// scheme starts by its path, as Automator for an action extension (its path when it names
    /// no bundle ID).
    case host(bundleIdentifier: String)
    /// Whatever app the developer picks at each run (`askForAppToLaunch`), as an extension's
    /// scheme asks: the scheme runs no app of the project by itself.
    case askedAtRun
    /// A widget shown on the home screen (`_XCWidgetKind` set), which SpringBoard hosts though
    /// the scheme names the app as its runnable: the app itself is not started.
    case widgetOnHomeScreen
    /// Nothing to run, and tests to run: a scheme for a test bundle, whose Run action starts
    /// no app.
    case testsOnly
    /// A Run action that names no runnable, only the target whose build settings it expands
    /// (`MacroExpansion`), as the schemes Xcode makes for frameworks and intents extensions: it
    /// builds and starts nothing.
    case buildsOnly(blueprintIdentifier: String)
    /// A Run action with no executable at all ("None" in Xcode's scheme editor) in a scheme
    /// that builds targets.
    case nothingToRun
}

/// The parts of an `.xcscheme` file the IAP checks need.
public struct Scheme: Hashable, Sendable {
    public var path: String
    /// The file name without `.xcscheme`.
    public var name: String
    public var visibility: SchemeVisibility
    /// True when the file has a `LaunchAction` (the Run action) at all.
    public var hasLaunchAction: Bool
    /// The StoreKit configuration of the Run action, if one is attached.
    public var storeKitConfiguration: StoreKitConfigurationReference?
    /// A file named in an attribute of the Run action (`storeKitConfigurationFile = "…"`) rather
    /// than in the `StoreKitConfigurationFileReference` element Xcode writes and reads: written
    /// by hand or by a tool, it attaches nothing.
    public var unreadStoreKitAttribute: StoreKitConfigurationReference? = nil
    /// What the Run action launches, when the scheme says.
    public var launchTarget: SchemeLaunchTarget?
    /// The build configuration the Run action uses, such as `Debug`.
    public var launchConfiguration: String?

    /// The `.xcodeproj` or `.xcworkspace` whose folder holds the scheme file.
    public var container: String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            parts.append(part)
            if part.hasSuffix(".xcodeproj") || part.hasSuffix(".xcworkspace") { return parts.joined(separator: "/") }
        }
        return ProjectPath.parent(of: path)
    }
}

/// Reads `.xcscheme` XML with Foundation's `XMLParser`.
public enum SchemeReader {
    /// The offset of the first `<?name?>`: a processing instruction whose name is followed
    /// straight by its end. Wherever it stands (even in a comment) the file is refused: no
    /// scheme Xcode writes has one.
    static func emptyProcessingInstruction(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else { continue }
            var end = index + 2
            while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
            if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"),
                bytes[end + 1] == UInt8(ascii: ">")
            {
                return index
            }
        }
        return nil
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">")
    }

    public static func read(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> Scheme {
        // Attribute values become Swift strings, so the bytes must be UTF-8.
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            let position = UTF8Validation.lineAndColumn(of: offset, in: bytes)
            throw ProjectReadError(
                "not a readable scheme (the file is not valid UTF-8)",
                at: SourceLocation(file: path, line: position.line, column: position.column))
        }
        // Nor a processing instruction with no content (`<?x?>`): no scheme Xcode writes has one.
        if let offset = emptyProcessingInstruction(in: bytes) {
            let position = UTF8Validation.lineAndColumn(of: offset, in: bytes)
            throw ProjectReadError(
                "not a readable scheme (a processing instruction has no content)",
                at: SourceLocation(file: path, line: position.line, column: position.column))
        }
        let events: [XMLEvents.Event]
        switch XMLEvents.read(bytes) {
        case .success(let read): events = read
        case .failure(let failure):
            throw ProjectReadError(
                "not a readable scheme (\(failure.message))",
                at: SourceLocation(file: path, line: failure.line, column: failure.column))
        }
        var collector = SchemeCollector()
        for event in events { collector.take(event) }
        if collector.rootName != "Scheme" {
            throw ProjectReadError(
                "the root element is \(Diagnostic.quote(collector.rootName ?? "")), not 'Scheme'",
                at: SourceLocation(file: path, line: 1, column: 1))
        }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let name = fileName.hasSuffix(".xcscheme") ? String(fileName.dropLast(".xcscheme".count)) : fileName
        var reference: StoreKitConfigurationReference?
        if let found = collector.storeKitReference {
            let position = attributePosition(in: bytes, elementEndLine: found.line) ?? (found.line, found.column)
            reference = StoreKitConfigurationReference(
                identifier: found.identifier,
                location: SourceLocation(file: path, line: position.line, column: position.column))
        }
        var launchTarget: SchemeLaunchTarget?
        // An extension's scheme asks at each run which app to run it in, whatever runnable it
        // names to preselect.
        if collector.asksForAppToLaunch {
            launchTarget = .askedAtRun
        } else if let host = collector.remoteBundleIdentifier ?? collector.otherProgram {
            launchTarget = .host(bundleIdentifier: host)
        } else if collector.runsWidget {
            launchTarget = .widgetOnHomeScreen
        } else if let product = collector.launchedProduct {
            launchTarget = .product(blueprintIdentifier: product.blueprint, buildableName: product.name)
        } else if collector.sawTestable {
            launchTarget = .testsOnly
        } else if let expanded = collector.macroExpansionBlueprint {
            launchTarget = .buildsOnly(blueprintIdentifier: expanded)
        } else if collector.sawLaunchAction, !collector.sawRunnable, collector.buildsTargets {
            // Xcode writes the targets it builds; a Run action beside them with no executable
            // is its "None". (A scheme without either says too little to judge.)
            launchTarget = .nothingToRun
        }
        let unread = collector.storeKitAttribute.map { found in
            StoreKitConfigurationReference(
                identifier: found.identifier,
                location: SourceLocation(file: path, line: found.line, column: found.column))
        }
        return Scheme(
            path: path, name: name, visibility: .of(path: path), hasLaunchAction: collector.sawLaunchAction,
            storeKitConfiguration: reference, unreadStoreKitAttribute: unread, launchTarget: launchTarget,
            launchConfiguration: collector.launchConfiguration)
    }

    /// The reader gives the position after a start tag; the `identifier` attribute is usually on
    /// the line below the element name. This finds the last `<StoreKitConfigurationFileReference`
    /// that starts on or before `elementEndLine` and the `identifier` attribute after it.
    private static func attributePosition(in bytes: [UInt8], elementEndLine: Int) -> (line: Int, column: Int)? {
        let endOffset = TextPosition.offset(ofLine: elementEndLine + 1, in: bytes) ?? bytes.count
        let tag = Array("<StoreKitConfigurationFileReference".utf8)
        var start: Int?
        var search = 0
        while let found = TextPosition.firstOffset(of: tag, in: bytes, from: search), found < endOffset {
            start = found
            search = found + 1
        }
        guard let start else { return nil }
        guard let attribute = TextPosition.firstOffset(of: Array("identifier".utf8), in: bytes, from: start),
            attribute < endOffset
        else { return UTF8Validation.lineAndColumn(of: start, in: bytes) }
        return UTF8Validation.lineAndColumn(of: attribute, in: bytes)
    }
}

/// Collects what `SchemeReader` needs from the file's elements, in order.
private struct SchemeCollector {
    struct Found {
        var identifier: String
        var line: Int
        var column: Int
    }

    var rootName: String?
    var stack: [String] = []
    var sawLaunchAction = false
    var asksForAppToLaunch = false
    var storeKitReference: Found?
    /// The Run action's own attribute that names a `.storekit` file, which Xcode does not read.
    var storeKitAttribute: Found?
    var launchConfiguration: String?
    var launchedProduct: (blueprint: String, name: String)?
    var remoteBundleIdentifier: String?
    var sawTestable = false
    var macroExpansionBlueprint: String?
    /// A program the Run action starts by its path (`PathRunnable`), such as Automator for an
    /// action extension: its bundle ID, else its path.
    var otherProgram: String?
    /// Any `…Runnable` in the Run action, a custom executable's `PathRunnable` too.
    var sawRunnable = false
    /// Whether the Build action lists a target.
    var buildsTargets = false
    /// Whether the Run action sets `_XCWidgetKind`, as the schemes Xcode makes for a widget
    /// extension do: they name the app as the runnable, yet the run shows the widget on the
    /// home screen, hosted by SpringBoard, and the app is not started.
    var runsWidget = false

    mutating func take(_ event: XMLEvents.Event) {
        switch event {
        case .end:
            stack.removeLast()
        case .start(let elementName, let attributes, let line, let column):
            start(elementName, attributes: attributes, line: line, column: column)
        }
    }

    private mutating func start(_ elementName: String, attributes: [String: String], line: Int, column: Int) {
        if rootName == nil { rootName = elementName }
        if elementName == "LaunchAction", !sawLaunchAction {
            sawLaunchAction = true
            launchConfiguration = attributes["buildConfiguration"]
            asksForAppToLaunch = attributes["askForAppToLaunch"]?.lowercased() == "yes"
            if let named = attributes.keys.sorted().first(where: { $0.lowercased().hasPrefix("storekit") }),
                let value = attributes[named]
            {
                storeKitAttribute = Found(identifier: value, line: line, column: column)
            }
        }
        if elementName == "TestableReference", stack.contains("TestAction") { sawTestable = true }
        if elementName == "EnvironmentVariable", stack.contains("LaunchAction"),
            attributes["key"] == "_XCWidgetKind", attributes["isEnabled"]?.uppercased() != "NO"
        {
            runsWidget = true
        }
        if elementName.hasSuffix("Runnable"), stack.last == "LaunchAction" { sawRunnable = true }
        if elementName == "PathRunnable", stack.last == "LaunchAction", otherProgram == nil {
            otherProgram = attributes["BundleIdentifier"] ?? attributes["FilePath"]
        }
        if elementName == "BuildableReference", stack.last == "BuildActionEntry" { buildsTargets = true }
        if elementName == "RemoteRunnable", stack.last == "LaunchAction", remoteBundleIdentifier == nil {
            remoteBundleIdentifier = attributes["BundleIdentifier"]
        }
        if elementName == "BuildableReference", stack.count >= 2, stack[stack.count - 2] == "LaunchAction",
            stack.last == "BuildableProductRunnable" || stack.last == "RemoteRunnable", launchedProduct == nil,
            let blueprint = attributes["BlueprintIdentifier"]
        {
            launchedProduct = (blueprint, attributes["BuildableName"] ?? "")
        }
        if elementName == "BuildableReference", stack.count >= 2, stack[stack.count - 2] == "LaunchAction",
            stack.last == "MacroExpansion", macroExpansionBlueprint == nil
        {
            macroExpansionBlueprint = attributes["BlueprintIdentifier"]
        }
        if elementName == "StoreKitConfigurationFileReference", stack.contains("LaunchAction"),
            storeKitReference == nil, let identifier = attributes["identifier"]
        {
            storeKitReference = Found(identifier: identifier, line: line, column: column)
        }
        stack.append(elementName)
    }
}
