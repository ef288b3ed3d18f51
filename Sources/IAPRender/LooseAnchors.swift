import IAPModel

/// A page's anchors by the looser forms a guide's links write them in, to find the anchor a
/// fragment the page lacks was meant for.
///
/// Guides written for GitHub link `#Steps` to a heading whose anchor is `steps`, and GitHub finds
/// it; a browser compares ids exactly and would not. Their tables of contents also copy a title
/// into the link with its punctuation (`#What's-new?` for "What's new?", anchor `whats-new`), or
/// leave out the emoji that opens or closes it (`#setup` for `## 🔧 Setup`, anchor `-setup`),
/// which MkDocs finds too. The index is made once, the first time a link to the page misses, so
/// a chapter of many headings and many such links costs a look-up a link, not a pass over every
/// anchor.
struct LooseAnchors {
    private let anchors: Set<String>
    private var byLetterCase: [String: [String]] = [:]
    private var byCore: [Substring: [String]] = [:]

    init(_ anchors: Set<String>) {
        self.anchors = anchors
        for anchor in anchors {
            byLetterCase[anchor.lowercased(), default: []].append(anchor)
            byCore[Self.trimmingHyphens(anchor), default: []].append(anchor)
        }
    }

    /// The anchor `fragment` names: itself when it exists, else the one anchor that differs from
    /// it only in letter case, else the anchor its slug is, else the one anchor that is that slug
    /// with a hyphen before or after it. `fragment` itself when none fits, or several do.
    func anchor(matching fragment: String) -> String {
        guard !fragment.isEmpty, !anchors.contains(fragment) else { return fragment }
        if let matches = byLetterCase[fragment.lowercased()], matches.count == 1 { return matches[0] }
        let slug = HeadingSlugger.slug(fragment)
        if !slug.isEmpty && anchors.contains(slug) { return slug }
        let core = Self.trimmingHyphens(slug)
        guard !core.isEmpty, let framed = byCore[core], framed.count == 1 else { return fragment }
        return framed[0]
    }

    private static func trimmingHyphens(_ anchor: String) -> Substring {
        let start = anchor.firstIndex { $0 != "-" } ?? anchor.endIndex
        let end = anchor.lastIndex { $0 != "-" }.map(anchor.index(after:)) ?? start
        return anchor[start..<max(start, end)]
    }
}
