import IAPDiagnostics
import IAPJSON
import IAPProject

/// Reads Xcode's StoreKit configuration files (format versions 1.0 to 4.0) into the guide
/// model, so a catalogue kept in Xcode can move into a guide and from then on be checked and
/// generated like any other. Pure: bytes in, catalogue or located errors out.
public enum StoreKitImporter {
    /// The catalogue of `bytes`, read from `path` (used only in locations). Fails when the
    /// file is not JSON, a value has the wrong kind, or a product cannot be typed; every
    /// problem is reported, not only the first.
    public static func read(_ bytes: [UInt8], path: String) -> Result<StoreKitCatalogue, StoreKitImportFailure> {
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            let position = UTF8Validation.lineAndColumn(of: offset, in: bytes)
            return failure(
                "not a StoreKit configuration file: the bytes here are not UTF-8",
                at: SourceLocation(file: path, line: position.line, column: position.column))
        }
        let root: LocatedJSON
        do {
            root = try LocatedJSONParser.parse(bytes)
        } catch {
            return failure(
                "not a StoreKit configuration file: \(error.message)",
                at: SourceLocation(file: path, line: error.line, column: error.column))
        }
        guard root.members != nil else {
            return failure(
                "a StoreKit configuration file holds one JSON object",
                at: SourceLocation(file: path, line: root.line, column: root.column))
        }
        var walk = StoreKitWalk(path: path)
        walk.file(root)
        if walk.diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(StoreKitImportFailure(diagnostics: walk.diagnostics))
        }
        return .success(StoreKitCatalogue(products: walk.products, warnings: walk.diagnostics))
    }

    private static func failure(_ message: String, at location: SourceLocation)
        -> Result<StoreKitCatalogue, StoreKitImportFailure>
    {
        .failure(StoreKitImportFailure(diagnostics: [.error(message, at: location)]))
    }
}
