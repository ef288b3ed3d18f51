/// Whether a name can be written as a Swift identifier (backticks allowed for keywords).
enum SwiftIdentifier {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0.properties.isXIDContinue }
    }
}
