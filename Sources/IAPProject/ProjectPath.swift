/// Paths as Xcode resolves them: `/`-separated, `.` dropped, `..` taking back one component, and
/// relative paths kept relative. The one normaliser of the package, so a project named as
/// `./App/../App.xcodeproj` and a scheme's `../../Products.storekit` land on the same files.
public enum ProjectPath {
    /// `a/./b//c/../d` → `a/b/d`. A relative path keeps the `..` it cannot take back (`../x`
    /// names a file beside the folder it is relative to); an absolute path cannot climb above `/`,
    /// so such a path gives `nil`, as it does for Xcode.
    public static func normalized(_ path: String) -> String? {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if absolute {
                    return nil
                } else {
                    parts.append(part)
                }
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `normalized`, keeping the path as written when it climbs above `/`.
    public static func tidy(_ path: String) -> String { normalized(path) ?? path }

    /// `relative` read from the folder `base`; an absolute `relative` stands alone. `nil` when the
    /// result climbs above the file-system root.
    public static func resolve(_ relative: String, from base: String) -> String? {
        if relative.hasPrefix("/") { return normalized(relative) }
        return normalized(join(base, relative))
    }

    /// `folder/name`, with `.` and the empty folder meaning "here".
    public static func join(_ folder: String, _ name: String) -> String {
        if folder == "." || folder.isEmpty { return name }
        if name.isEmpty || name == "." { return folder }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder holding `path`: `.` for a bare name, `/` for a top-level absolute path.
    public static func parent(of path: String) -> String {
        let path = tidy(path)
        guard let slash = path.lastIndex(of: "/") else { return path == ".." ? "../.." : "." }
        if path.hasSuffix("..") { return path + "/.." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    /// The last component: `Products.storekit` of `App/Products.storekit`.
    public static func lastComponent(_ path: String) -> String {
        var utf8 = Substring(path).utf8
        while utf8.last == UInt8(ascii: "/") { utf8 = utf8.dropLast() }
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return String(Substring(utf8)) }
        let name = Substring(utf8[utf8.index(after: slash)...])
        return name.isEmpty ? path : String(name)
    }

    /// The extension in lower case, without the dot; empty when there is none. Called for every
    /// file of a project, so it looks at the bytes after the last `/` only.
    public static func fileExtension(_ path: String) -> String {
        let utf8 = path.utf8
        var index = utf8.endIndex
        while index > utf8.startIndex {
            let previous = utf8.index(before: index)
            let byte = utf8[previous]
            if byte == UInt8(ascii: "/") { return "" }
            if byte == UInt8(ascii: ".") {
                guard previous > utf8.startIndex, utf8[utf8.index(before: previous)] != UInt8(ascii: "/") else {
                    return ""
                }
                return String(Substring(utf8[index...])).lowercased()
            }
            index = previous
        }
        return ""
    }

    /// True when `path` is `folder` or inside it (both normalised the same way).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder == "." { return !path.hasPrefix("/") && path != ".." && !path.hasPrefix("../") }
        return path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
