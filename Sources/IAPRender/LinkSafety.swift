/// Which URLs may become links or images. Browsers ignore tabs, newlines and leading control
/// characters in a scheme (`java\tscript:` runs), so they are removed before the scheme is read.
enum LinkSafety {
    enum Kind: Equatable {
        /// `javascript:`, `vbscript:`, `file:` or a `data:` URL that is not an allowed image.
        case dangerous
        /// Another scheme (`https:`, `mailto:`) or a protocol-relative `//host` URL.
        case external
        /// `#anchor` in the same page.
        case fragment
        /// A path relative to the page.
        case relative
    }

    static let imageDataPrefixes = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]

    static func classify(_ url: String, isImage: Bool = false) -> Kind {
        let cleaned = String(
            String.UnicodeScalarView(
                url.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        let lowered = cleaned.lowercased()
        if let scheme = scheme(of: lowered) {
            switch scheme {
            case "javascript", "vbscript", "file": return .dangerous
            case "data":
                return isImage && imageDataPrefixes.contains { lowered.hasPrefix($0) } ? .relative : .dangerous
            default: return .external
            }
        }
        if lowered.hasPrefix("//") || lowered.hasPrefix("\\\\") || lowered.hasPrefix("/\\") { return .external }
        return lowered.hasPrefix("#") ? .fragment : .relative
    }

    /// The scheme of a URL: letters, digits, `+`, `-` and `.` before the first `:`, starting
    /// with a letter; nil when the URL has none.
    private static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            let isLetter = ("a"..."z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }
}
