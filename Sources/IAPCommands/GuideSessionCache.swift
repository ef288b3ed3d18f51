import Foundation

/// Sessions already loaded during one `iapkit build`, keyed by the paths asked for, so lint,
/// generate, check and render share one reading of the guides instead of parsing the book four
/// times. Commands run alone have no cache and load as before.
final class GuideSessionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [[String]: GuideSession] = [:]

    /// Whether sessions keep their parsed chapters: `render` needs them, so a build keeps them.
    let keepsDocuments: Bool

    init(keepsDocuments: Bool) {
        self.keepsDocuments = keepsDocuments
    }

    /// The cached session for `paths`, or the one `load` makes, which is then kept.
    func session(for paths: [String], load: () -> GuideSession) -> GuideSession {
        lock.lock()
        defer { lock.unlock() }
        if let cached = sessions[paths] { return cached }
        let session = load()
        sessions[paths] = session
        return session
    }
}
