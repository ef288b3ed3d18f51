import IAPDiagnostics

/// The view controllers a storyboard shows first: its initial view controller's class, and when
/// that is a navigation or tab bar controller, the classes of the controllers it holds. An app
/// whose Info.plist names a main storyboard creates these at launch, before any code of its own
/// runs, so they are where launch starts.
///
/// Storyboards are XML written by Interface Builder; only three attributes are read (the
/// document's `initialViewController`, each scene's `id` and `customClass`, and its relationship
/// segues), by a byte search rather than an XML parser: a damaged storyboard gives fewer
/// controllers, never an error.
public enum StoryboardReader {
    public struct Controller: Hashable, Sendable {
        public var className: String
        public var location: SourceLocation
    }

    /// At most this many relationship steps are followed from the initial controller (a tab bar
    /// controller of navigation controllers is two).
    static let maximumDepth = 3

    public static func launchControllers(_ bytes: [UInt8], path: String) -> [Controller] {
        guard let initial = attribute("initialViewController", in: bytes, from: 0, to: bytes.count) else { return [] }
        var controllers: [Controller] = []
        var pending = [(id: initial, depth: 0)]
        var seen: Set<String> = []
        while !pending.isEmpty {
            let (id, depth) = pending.removeFirst()
            guard seen.insert(id).inserted, let element = element(withID: id, in: bytes) else { continue }
            if let className = attribute("customClass", in: bytes, from: element.start, to: element.tagEnd) {
                let (line, column) = UTF8Validation.lineAndColumn(of: element.start, in: bytes)
                controllers.append(
                    Controller(className: className, location: SourceLocation(file: path, line: line, column: column)))
            }
            guard depth < maximumDepth else { continue }
            for destination in relationshipDestinations(in: bytes, from: element.tagEnd, to: element.end) {
                pending.append((destination, depth + 1))
            }
        }
        return controllers
    }

    /// The element whose `id` is `id`: where its tag starts and ends, and where the element
    /// ends (its closing tag, or the tag itself when it closes itself).
    private static func element(withID id: String, in bytes: [UInt8]) -> (start: Int, tagEnd: Int, end: Int)? {
        let needle = Array(" id=\"\(id)\"".utf8)
        guard let found = TextPosition.firstOffset(of: needle, in: bytes, from: 0) else { return nil }
        var start = found
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        var tagEnd = found
        while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
        var nameEnd = start + 1
        while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: " "), bytes[nameEnd] != UInt8(ascii: ">") {
            nameEnd += 1
        }
        guard tagEnd < bytes.count else { return nil }
        if tagEnd > 0, bytes[tagEnd - 1] == UInt8(ascii: "/") { return (start, tagEnd, tagEnd) }
        let closing = Array("</".utf8) + Array(bytes[(start + 1)..<nameEnd]) + [UInt8(ascii: ">")]
        let end = TextPosition.firstOffset(of: closing, in: bytes, from: tagEnd) ?? bytes.count
        return (start, tagEnd, end)
    }

    /// The destinations of the `kind="relationship"` segues between `start` and `end`.
    private static func relationshipDestinations(in bytes: [UInt8], from start: Int, to end: Int) -> [String] {
        var destinations: [String] = []
        var search = start
        let segue = Array("<segue ".utf8)
        while let found = TextPosition.firstOffset(of: segue, in: bytes, from: search), found < end {
            var tagEnd = found
            while tagEnd < end, bytes[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
            if attribute("kind", in: bytes, from: found, to: tagEnd) == "relationship",
                let destination = attribute("destination", in: bytes, from: found, to: tagEnd)
            {
                destinations.append(destination)
            }
            search = tagEnd
        }
        return destinations
    }

    /// The value of ` name="…"` between `start` and `end`.
    private static func attribute(_ name: String, in bytes: [UInt8], from start: Int, to end: Int) -> String? {
        let needle = Array(" \(name)=\"".utf8)
        guard let found = TextPosition.firstOffset(of: needle, in: bytes, from: start), found < end else { return nil }
        let valueStart = found + needle.count
        var valueEnd = valueStart
        while valueEnd < end, bytes[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
        let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        return value.isEmpty ? nil : value
    }
}
