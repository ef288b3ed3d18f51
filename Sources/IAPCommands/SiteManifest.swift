/// The list of files the last `iapkit render` wrote into a site folder (`.iapkit-render`), so the
/// next run can remove the pages of chapters that are gone: the folder then holds one book, not
/// the remains of every book rendered into it. Files the list does not name are never touched.
struct SiteManifest: Equatable {
    static let fileName = ".iapkit-render"

    var paths: [String]

    init(paths: [String]) {
        self.paths = paths.sorted()
    }

    /// The list a file holds; lines that are not plain paths inside the folder are ignored, so
    /// a planted list cannot name a file elsewhere.
    init(text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        self.init(paths: lines.filter { OutputPathRules.problems([$0], under: "").isEmpty && $0 != Self.fileName })
    }

    var text: String { paths.map { $0 + "\n" }.joined() }

    /// Paths of this list that `current` no longer has.
    func leftOver(after current: SiteManifest) -> [String] {
        let kept = Set(current.paths)
        return paths.filter { !kept.contains($0) }
    }
}
