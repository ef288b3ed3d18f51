import Foundation
import IAPDiagnostics
import IAPModel

/// Turns a guide's link destinations into site URLs and checks them: a link to another
/// chapter's Markdown file becomes a link to its page, and every anchor must name a heading
/// or checklist item of the page it points into.
struct LinkResolver {
    enum Target: Equatable {
        /// Not a link: the URL is unsafe.
        case dropped
        /// Another site or scheme; never loaded by the page itself.
        case external(String)
        /// `#fragment`, an anchor of this chapter, which the print view writes with the
        /// chapter's name.
        case fragment(String)
        /// A URL inside the site, as the chapter's page writes it and as the print view does.
        case local(page: String, print: String)

        /// A URL that is the same in both places.
        static func local(_ url: String) -> Target { .local(page: url, print: url) }
    }

    let plan: SitePlan
    let page: SitePage
    /// The loose anchor indexes made so far, by page stem: a link that misses makes its
    /// target page's index once.
    private var looseAnchors: [String: LooseAnchors] = [:]

    init(plan: SitePlan, page: SitePage) {
        self.plan = plan
        self.page = page
    }

    /// The anchor of `target` that `fragment` names, as `LooseAnchors` finds it.
    private mutating func anchor(matching fragment: String, in target: SitePage) -> String {
        guard !fragment.isEmpty, !target.anchors.contains(fragment) else { return fragment }
        let loose = looseAnchors[target.stem] ?? LooseAnchors(target.anchors)
        looseAnchors[target.stem] = loose
        return loose.anchor(matching: fragment)
    }

    mutating func resolve(
        _ destination: String, isImage: Bool, at location: SourceLocation, warnings: inout [Diagnostic],
        images: inout [SiteImage]
    ) -> Target {
        let what = isImage ? "image" : "link"
        switch LinkSafety.classify(destination, isImage: isImage) {
        case .dangerous:
            warnings.append(
                .warning("unsafe \(what) URL \(Diagnostic.quote(destination)) is not rendered", at: location))
            return .dropped
        case .external:
            return .external(destination)
        case .fragment:
            let fragment = anchor(matching: Self.decode(String(destination.dropFirst())), in: page)
            if !fragment.isEmpty, !page.anchors.contains(fragment) {
                // A link to nowhere on its own page would be a control that does nothing, one a
                // keyboard or screen-reader user stops at for no reason: its words stay, as text.
                warnings.append(
                    .warning(
                        "\(what) to '#\(Diagnostic.quoteBody(fragment))': this chapter has no heading with that "
                            + "anchor, so the link is not rendered", at: location))
                return .dropped
            }
            return .fragment(fragment)
        case .relative:
            var path = destination
            var fragment: String?
            if let hash = destination.firstIndex(of: "#") {
                path = String(destination[..<hash])
                fragment = Self.decode(String(destination[destination.index(after: hash)...]))
            }
            if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
            let decodedPath = Self.decode(path)
            if isImage, !destination.hasPrefix("data:") {
                return image(decodedPath, written: destination, at: location, warnings: &warnings, images: &images)
            }
            let directory = SitePlan.directory(of: page.chapter.file)
            let index: Int
            if decodedPath.lowercased().hasSuffix(".md") {
                guard let chapter = plan.pageIndex[SitePlan.join(directory, decodedPath)] else {
                    warnings.append(
                        .warning(
                            "\(what) to \(Diagnostic.quote(decodedPath)), which is not a chapter of this book, "
                                + "so the link is not rendered", at: location))
                    return .dropped
                }
                index = chapter
            } else if let folderPage = folderChapter(decodedPath, in: directory) {
                // `docs/` on GitHub shows the folder's README: here, the chapter it is.
                index = folderPage
            } else {
                // The site holds only pages and the images they show; any other file a link
                // names (`evil.html`) is not copied, so the link would lead nowhere.
                let ending = decodedPath.split(separator: ".").last.map { $0.lowercased() } ?? ""
                let image = ImageFormat.allCases.contains { $0.extensions.contains(ending) }
                guard decodedPath.isEmpty || image else {
                    let thing =
                        decodedPath.hasSuffix("/")
                        ? "a folder without a README.md or index.md chapter"
                        : "a file that is not a chapter or an image"
                    warnings.append(
                        .warning(
                            "\(what) to \(Diagnostic.quote(decodedPath)), \(thing); "
                                + "the site does not hold it, so the link is not rendered", at: location))
                    return .dropped
                }
                return .local(destination)
            }
            let target = plan.pages[index]
            fragment = fragment.map { anchor(matching: $0, in: target) }
            if let fragment, !fragment.isEmpty, !target.anchors.contains(fragment) {
                warnings.append(
                    .warning(
                        "\(what) to '\(Diagnostic.quoteBody(decodedPath))#\(Diagnostic.quoteBody(fragment))': "
                            + "that chapter has no heading with that anchor", at: location))
            }
            let pageURL = target.fileName + (fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "")
            guard let fragment, !fragment.isEmpty else {
                return .local(page: pageURL, print: "#chapter-" + target.stem)
            }
            return .local(page: pageURL, print: "#" + target.printAnchor(fragment))
        }
    }

    /// An image beside the guides is copied into the site at its path under the book's folder,
    /// so the pages, written as if in that folder, find it; one outside the folder is not.
    private func image(
        _ path: String, written destination: String, at location: SourceLocation, warnings: inout [Diagnostic],
        images: inout [SiteImage]
    ) -> Target {
        let source = SitePlan.join(SitePlan.directory(of: page.chapter.file), path)
        let base = plan.baseDirectory
        let inside = base.isEmpty ? !source.hasPrefix("/") && !source.hasPrefix("../") : source.hasPrefix(base + "/")
        guard inside, !path.hasPrefix("/") else {
            warnings.append(
                .warning(
                    "image \(Diagnostic.quote(destination)) is outside the book's folder and is not copied into the site",
                    at: location))
            return .local(destination)
        }
        let sitePath = base.isEmpty ? source : String(source.dropFirst(base.count + 1))
        images.append(
            SiteImage(source: source, path: sitePath, location: location, bookFolder: base.isEmpty ? "." : base))
        return .local(sitePath)
    }

    /// The chapter a link to a folder (`docs/`, `../`, `docs/guide`) stands for: the folder's
    /// `README.md`, else its `index.md`, as GitHub and most site generators show a folder. A
    /// path whose last part has an extension (`LICENSE.txt`) names a file, and is not looked up.
    private func folderChapter(_ path: String, in directory: String) -> Int? {
        let lastPart = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
        guard !path.isEmpty, !lastPart.contains(".") || lastPart == ".." || lastPart == "." else { return nil }
        let folder = SitePlan.join(directory, path.hasSuffix("/") ? String(path.dropLast()) : path)
        for name in ["README.md", "readme.md", "Readme.md", "index.md"] {
            let candidate = folder.isEmpty || folder == "." ? name : folder + "/" + name
            if let index = plan.pageIndex[candidate] { return index }
        }
        return nil
    }

    private static func decode(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }
}

extension SitePage {
    /// An id of this chapter as the print view writes it: the print view holds every chapter,
    /// so its ids carry the chapter's name to stay unique.
    func printAnchor(_ id: String) -> String {
        stem + "--" + id
    }
}

extension Diagnostic {
    /// `quote` without the surrounding quotes, to build a quoted phrase from several values.
    static func quoteBody(_ value: String) -> String {
        String(quote(value).dropFirst().dropLast())
    }
}

extension SitePlan {
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `a/b` and `../c.md` give `a/c.md`; paths are compared the way the book planner wrote them.
    static func join(_ directory: String, _ relative: String) -> String {
        let combined = relative.hasPrefix("/") || directory.isEmpty ? relative : directory + "/" + relative
        var parts: [Substring] = []
        for part in combined.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (combined.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
