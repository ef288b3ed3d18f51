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
        // Only the scheme decides, so only the bytes up to the first `:` are read, skipping
        // what browsers skip; most destinations are decided within a few bytes.
        var scheme = Scheme()
        var sawSchemeEnd = false
        var firstSignificant: UInt8?
        var second: UInt8?
        for byte in url.utf8 {
            if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { continue }
            if firstSignificant == nil {
                if byte <= 0x20 { continue }
                firstSignificant = byte
            } else if second == nil {
                second = byte
            }
            if byte == UInt8(ascii: ":") {
                sawSchemeEnd = true
                break
            }
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            let isLetter = lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")
            let isOther =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isLetter || (!scheme.isEmpty && isOther) else { break }
            scheme.append(lowered)
        }
        if sawSchemeEnd, !scheme.isEmpty {
            if scheme == Scheme.javascript || scheme == Scheme.vbscript || scheme == Scheme.file { return .dangerous }
            if scheme == Scheme.data { return isImage && isAllowedImageData(url) ? .relative : .dangerous }
            return .external
        }
        let slash = UInt8(ascii: "/")
        let backslash = UInt8(ascii: "\\")
        if let first = firstSignificant, first == slash || first == backslash, let second,
            second == slash || second == backslash
        {
            return .external
        }
        return firstSignificant == UInt8(ascii: "#") ? .fragment : .relative
    }

    /// A scheme's first 16 bytes, lower-cased, and its length: enough to tell the schemes
    /// that matter apart without making a string for every link of a large book.
    struct Scheme: Equatable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0
        private var count = 0

        init() {}

        init(_ name: StaticString) {
            let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            for byte in bytes { append(byte) }
        }

        var isEmpty: Bool { count == 0 }

        mutating func append(_ byte: UInt8) {
            if count < 8 {
                low |= UInt64(byte) << UInt64(count * 8)
            } else if count < 16 {
                high |= UInt64(byte) << UInt64((count - 8) * 8)
            }
            count += 1
        }

        static let javascript = Scheme("javascript")
        static let vbscript = Scheme("vbscript")
        static let file = Scheme("file")
        static let data = Scheme("data")
    }

    private static func isAllowedImageData(_ url: String) -> Bool {
        let lowered = String(
            String.UnicodeScalarView(
                url.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            )
        ).lowercased()
        return imageDataPrefixes.contains { lowered.hasPrefix($0) }
    }
}
