/// Heading anchors as GitHub makes them, so a link written for GitHub (`guide.md#product-ids`)
/// works in the site too: lower-cased, punctuation removed, spaces turned into hyphens, and a
/// repeated slug numbered `-1`, `-2` in order of appearance.
///
/// The one owner of the rule: the site's heading ids, its page and task names, and the links
/// `check` and `generate` write into the troubleshooting reference all come from here, so a link
/// written by one part of IAPKit lands on the heading another part rendered.
public struct HeadingSlugger: Sendable {
    private var used: [String: Int] = [:]

    /// Slugs the site reserves, so a heading cannot take an id the page layout needs.
    /// `expectedCount` slugs to come are made room for at once.
    public init(reserved: [String] = [], expectedCount: Int = 0) {
        used.reserveCapacity(reserved.count + expectedCount)
        for slug in reserved { used[slug] = 0 }
    }

    public static func slug(_ title: String) -> String {
        if let ascii = asciiSlug(title) { return ascii }
        var slug = ""
        for scalar in title.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " || scalar == "-" {
                slug.unicodeScalars.append("-")
            } else if scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
            {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    /// The same rules for a title of ASCII only, by byte: most headings are, and looking up
    /// Unicode properties for every letter of a large book's headings is what slugging costs.
    private static func asciiSlug(_ title: String) -> String? {
        var title = title
        return title.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { slug in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                        UInt8(ascii: "_"):
                        slug[count] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        slug[count] = byte + 32
                    case UInt8(ascii: " "), UInt8(ascii: "-"):
                        slug[count] = UInt8(ascii: "-")
                    default:
                        continue
                    }
                    count += 1
                }
                return count
            }
        }
    }

    /// The slug for the next heading with this title, numbered when it was used before.
    public mutating func next(_ title: String) -> String {
        let base = Self.slug(title)
        return unique(base.isEmpty ? "section" : base)
    }

    /// `name` itself the first time, then `name-1`, `name-2` and so on.
    public mutating func unique(_ base: String) -> String {
        guard let count = used[base] else {
            used[base] = 0
            return base
        }
        var number = count + 1
        var candidate = base + "-" + String(number)
        while used[candidate] != nil {
            number += 1
            candidate = base + "-" + String(number)
        }
        used[base] = number
        used[candidate] = 0
        return candidate
    }
}
