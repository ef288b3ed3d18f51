import Foundation
import IAPExtract
import IAPFileAccess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// A record, kept in the output folder, of what the last `iapkit generate` read and wrote.
///
/// Two ways to find that nothing changed, both ending the run before anything is parsed, the
/// way build tools skip up-to-date work:
/// - quick: the options are the same (`key`) and every input still has the size and
///   modification time it had (`inputs`, an absent file recorded as absent), so none is read;
/// - full: the guides, the templates and the options hash to the same `digest`.
/// Either way every recorded output must still be the file that run wrote.
struct GenerationStamp: Equatable {
    static let fileName = ".iapkit-generate"

    /// A file as its metadata describes it; `status` nil for a file that was not there.
    struct Record: Equatable {
        var path: String
        var status: FileStatus?
    }

    var digest: String
    /// The digest of everything that is not a file: the version, the options, the built-in
    /// templates. Nil in a stamp that allows no quick answer.
    var key: String?
    /// The inputs a quick answer looks at; empty when the inputs cannot be listed without
    /// planning the book (a folder of chapters without a SUMMARY.md, user templates).
    var inputs: [Record] = []
    var outputs: [Record]

    /// Whether every recorded output still looks exactly as it was written, where it was written.
    func outputsUntouched(in outputFiles: any OutputFileSystem) -> Bool {
        outputs.allSatisfy { $0.status != nil && outputFiles.status(of: $0.path) == $0.status }
    }

    /// Whether the quick answer holds: the same options and every input as it was.
    func inputsUnchanged(key: String, in fileSystem: any GuideFileSystem) -> Bool {
        self.key == key && !inputs.isEmpty && inputs.allSatisfy { fileSystem.status(of: $0.path) == $0.status }
    }

    static func read(from writer: any OutputFolder) -> GenerationStamp? {
        guard let bytes = writer.existingBytes(fileName) else { return nil }
        return parse(bytes)
    }

    /// The stamp's lines, read straight from the bytes: every up-to-date run starts here.
    static func parse(_ bytes: [UInt8]) -> GenerationStamp? {
        var lines = bytes.split(separator: UInt8(ascii: "\n"))[...]
        let digestPrefix = Array("digest ".utf8)
        guard let first = lines.popFirst(), first.starts(with: digestPrefix) else { return nil }
        var stamp = GenerationStamp(
            digest: String(decoding: first.dropFirst(digestPrefix.count), as: UTF8.self), outputs: [])
        let keyPrefix = Array("key ".utf8)
        let inputPrefix = Array("input ".utf8)
        for line in lines {
            if line.starts(with: keyPrefix) {
                stamp.key = String(decoding: line.dropFirst(keyPrefix.count), as: UTF8.self)
                continue
            }
            let isInput = line.starts(with: inputPrefix)
            let fields = line.dropFirst(isInput ? inputPrefix.count : 0).split(
                separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let size = Int64(String(decoding: fields[0], as: UTF8.self)),
                let modified = Int64(String(decoding: fields[1], as: UTF8.self))
            else { return nil }
            let record = Record(
                path: String(decoding: fields[2], as: UTF8.self),
                status: size < 0 ? nil : FileStatus(size: size, modified: modified))
            if isInput { stamp.inputs.append(record) } else { stamp.outputs.append(record) }
        }
        return stamp
    }

    /// The stamp's text, written with the outputs (`fileName` must be among the paths the
    /// writer was prepared for).
    var text: String {
        var text = "digest \(digest)\n"
        if let key { text += "key \(key)\n" }
        for input in inputs { text += "input " + Self.line(input) }
        for output in outputs { text += Self.line(output) }
        return text
    }

    private static func line(_ record: Record) -> String {
        "\(record.status?.size ?? -1) \(record.status?.modified ?? 0) \(record.path)\n"
    }
}

/// A 64-bit digest in the manner of FNV-1a over everything a generation depends on, taken a
/// word at a time. Not a security measure: it only has to change when an input changes.
struct InputDigest {
    private var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Eight bytes at a time: the same kind of digest, a step per word instead of per byte.
    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                value ^= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                value = (value &* 0x0000_0100_0000_01B3) ^ (value >> 29)
                offset += 8
            }
            while offset < raw.count {
                value ^= UInt64(raw[offset])
                value = value &* 0x0000_0100_0000_01B3
                offset += 1
            }
        }
        value ^= 0xFF
        value = value &* 0x0000_0100_0000_01B3
    }

    mutating func add(_ text: String) { add(Array(text.utf8)) }

    /// Every file below `folder`, in path order, with its relative path.
    mutating func addFolder(_ folder: String, in fileSystem: any GuideFileSystem) {
        for relative in fileSystem.files(below: folder) {
            guard let bytes = try? fileSystem.contents(of: GuidePath.join(folder, relative)) else { continue }
            add(relative)
            add(bytes)
        }
    }

    var hex: String { String(value, radix: 16) }
}
