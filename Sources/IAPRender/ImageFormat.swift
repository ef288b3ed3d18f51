/// The image types the site copies, told apart by their first bytes, never by their names: a
/// file called `logo.png` that holds HTML would run as a page when opened from the site.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case gif = "GIF"
    case webp = "WebP"
    case avif = "AVIF"
    /// Copied only when `SVGInspection` finds nothing in it that could run or load anything.
    case svg = "SVG"

    /// The file name endings a browser opening the file reads as this type.
    public var extensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .avif: ["avif"]
        case .svg: ["svg"]
        }
    }

    /// The type the bytes announce, or nil when they are none of these.
    public static func identify(_ bytes: [UInt8]) -> ImageFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        // An ISO base media file whose `ftyp` box names AVIF as its brand.
        if starts(Array("ftyp".utf8), at: 4), starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8) {
            return .avif
        }
        if SVGInspection.looksLikeSVG(bytes) { return .svg }
        return nil
    }
}

/// Whether an image a guide shows may be copied into the site.
public enum ImageAdmission {
    /// Nil when `bytes` may be copied to `path` in the site; otherwise why not, as the end of a
    /// sentence that starts with the image's name.
    public static func refusal(of bytes: [UInt8], path: String) -> String? {
        let known = ImageFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let format = ImageFormat.identify(bytes) else {
            return "is not an image of a type the site copies (\(known), judged by its bytes); it is not copied"
        }
        let ending = path.split(separator: "/").last.flatMap { name in
            name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
        }
        guard let ending, format.extensions.contains(ending) else {
            let wanted = format.extensions.map { "." + $0 }.joined(separator: " or ")
            return "holds a \(format.rawValue) image but its name does not end in \(wanted), "
                + "so a browser would not open it as one; it is not copied"
        }
        if format == .svg, let problem = SVGInspection.problem(in: bytes) {
            return "is an SVG image that \(problem); it is not copied"
        }
        return nil
    }
}
