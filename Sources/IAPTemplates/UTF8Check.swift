/// Finds where bytes stop being UTF-8, so text read from files can be rejected with a location
/// instead of having bad bytes silently replaced.
enum UTF8Check {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil when all
    /// of `bytes` is valid.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
