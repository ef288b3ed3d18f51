/// State shared by every decoder and container of one `ConfigDecoder` call: the caller's user
/// info and the errors recorded instead of thrown.
///
/// Decoding runs on one thread from start to finish and the session never escapes the call,
/// so it needs no lock and is deliberately not Sendable.
final class DecodingSession {
    let userInfo: [CodingUserInfoKey: Any]
    private var recorded: [ConfigDecodingError] = []
    private var seen: Set<ConfigDecodingError> = []

    init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
    }

    /// Keeps `error` unless the same error was recorded before, which happens when a model asks
    /// for the same container twice.
    func record(_ error: ConfigDecodingError) {
        if seen.insert(error).inserted { recorded.append(error) }
    }

    /// Recorded errors in document order; errors at the same mark keep the order they were found.
    var errors: [ConfigDecodingError] {
        recorded.enumerated()
            .sorted { ($0.element.mark, $0.offset) < ($1.element.mark, $1.offset) }
            .map(\.element)
    }
}
