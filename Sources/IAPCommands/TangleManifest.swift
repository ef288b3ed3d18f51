import IAPFileAccess

/// The files the last `iapkit tangle` wrote into a folder, each with the SHA-256 of what it
/// wrote (`.iapkit-tangle`). A file whose bytes still hash to that value is tangle's to replace
/// or remove; one that does not was changed by hand, and is never overwritten unasked.
struct TangleManifest: Equatable {
    static let fileName = ".iapkit-tangle"

    /// SHA-256 in hexadecimal, by path relative to the folder.
    var digests: [String: String]

    init(digests: [String: String] = [:]) {
        self.digests = digests
    }

    /// The list a file holds. Lines that are not a digest and a plain path inside the folder are
    /// ignored, so a planted list can neither name a file elsewhere nor claim the list itself.
    init(text: String) {
        var digests: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let digest = String(line[..<space])
            let path = String(line[line.index(after: space)...].drop { $0 == " " })
            guard digest.utf8.count == 64, digest.utf8.allSatisfy({ Self.isLowerHex($0) }),
                path != Self.fileName, OutputPathRules.problems([path], under: "").isEmpty
            else { continue }
            digests[path] = digest
        }
        self.init(digests: digests)
    }

    /// One `digest  path` line per file, in path order, the way `sha256sum` writes them, so
    /// `sha256sum -c .iapkit-tangle` confirms by hand what tangle confirms.
    var text: String {
        var text = ""
        for path in digests.keys.sorted() {
            text += "\(digests[path] ?? "")  \(path)\n"
        }
        return text
    }

    static func digest(_ bytes: [UInt8]) -> String { SHA256.hex(bytes) }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }
}
