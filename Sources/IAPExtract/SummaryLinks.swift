import IAPDiagnostics
import IAPMarkdown

/// The chapter links of an mdBook `SUMMARY.md`: every link to a local file, in order. Links to
/// other sites and empty links (mdBook's draft chapters) are not chapters.
enum SummaryLinks {
    struct Link {
        var title: String
        var destination: String
        var location: SourceLocation
    }

    static func links(in document: MarkdownDocument) -> [Link] {
        var links: [Link] = []
        for node in document.allNodes where node.kind == .link {
            guard var destination = node.destination, !destination.isEmpty else { continue }
            if destination.contains("://") || destination.hasPrefix("mailto:") || destination.hasPrefix("#") {
                continue
            }
            if let hash = destination.firstIndex(of: "#") { destination = String(destination[..<hash]) }
            destination = destination.removingPercentEncodingIfPossible()
            links.append(Link(title: node.plainText, destination: destination, location: node.location))
        }
        return links
    }
}

extension String {
    /// `My%20Chapter.md` names the file `My Chapter.md`.
    func removingPercentEncodingIfPossible() -> String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = [iterator.next(), iterator.next()].compactMap { $0 }
            if digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
                bytes.append(contentsOf: digits)
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : self
    }
}
