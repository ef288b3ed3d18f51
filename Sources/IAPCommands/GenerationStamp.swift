import Foundation
import IAPExtract

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// A record, kept in the output folder, of what the last `iapkit generate` read and wrote.
///
/// When the guides, the templates and the options hash to the same digest, and every output is
/// still the file that run wrote (same size and modification time), nothing can have changed, so
/// the run ends before parsing anything: the way build tools skip up-to-date work.
struct GenerationStamp: Equatable {
    static let fileName = ".iapkit-generate"

    struct Output: Equatable {
        var path: String
        var size: Int64
        var modified: Int64
    }

    var digest: String
    var outputs: [Output]

    /// Whether every recorded output still looks exactly as it was written.
    var outputsUntouched: Bool {
        outputs.allSatisfy { Self.status(of: $0.path) == $0 }
    }

    static func status(of path: String) -> Output? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return Output(path: path, size: Int64(info.st_size), modified: modified)
    }

    static func read(from writer: OutputWriter) -> GenerationStamp? {
        guard let text = writer.existingText(of: fileName) else { return nil }
        var lines = text.split(separator: "\n").map(String.init)
        guard lines.first?.hasPrefix("digest ") == true else { return nil }
        let digest = String(lines.removeFirst().dropFirst("digest ".count))
        var outputs: [Output] = []
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard fields.count == 3, let size = Int64(fields[0]), let modified = Int64(fields[1]) else { return nil }
            outputs.append(Output(path: fields[2], size: size, modified: modified))
        }
        return GenerationStamp(digest: digest, outputs: outputs)
    }

    /// The stamp's text, written with the outputs (`fileName` must be among the paths the
    /// writer was prepared for).
    var text: String {
        var text = "digest \(digest)\n"
        for output in outputs { text += "\(output.size) \(output.modified) \(output.path)\n" }
        return text
    }
}

/// A 64-bit FNV-1a digest over everything a generation depends on. Not a security measure:
/// it only has to change when an input changes.
struct InputDigest {
    private var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        value ^= 0xFF
        value = value &* 0x0000_0100_0000_01B3
    }

    mutating func add(_ text: String) { add(text.utf8) }

    /// Every file below `folder`, in path order, with its relative path.
    mutating func addFolder(_ folder: String) {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String { files.append(relative) }
        for relative in files.sorted() {
            guard let data = FileManager.default.contents(atPath: folder + "/" + relative) else { continue }
            add(relative)
            add(data)
        }
    }

    var hex: String { String(value, radix: 16) }
}
