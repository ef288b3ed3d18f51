import IAPProject
import IAPTestSupport
import Testing

@Suite("Readers on damaged input")
struct RobustnessTests {
    static let fixtures = [
        "Shop.xcodeproj/project.pbxproj", "Modern.xcodeproj/project.pbxproj", "Info.plist", "Shop.entitlements",
        "Shop.xcodeproj/xcshareddata/xcschemes/Shop.xcscheme", "Good.storekit", "StoreCode.swift.txt",
    ]

    /// Feeds the bytes to every reader; each must return a value or throw `ProjectReadError`.
    func readAll(_ bytes: [UInt8]) {
        _ = try? PBXProjReader.read(bytes, path: "p")
        _ = try? InfoPlistReader.read(bytes, path: "i")
        _ = try? EntitlementsReader.read(bytes, path: "e")
        _ = try? SchemeReader.read(bytes, path: "s")
        _ = try? StoreKitFileReader.read(bytes, path: "k")
        _ = SwiftSourceScanner.scan(bytes, path: "w")
    }

    @Test("every reader survives truncated and mutated fixtures", arguments: fixtures)
    func mutated(name: String) {
        let original = FixtureFiles.bytes(name)
        #expect(!original.isEmpty)
        var random = SeededRandom(seed: 0x1AB_5EED)
        for round in 0..<60 {
            var bytes = Array(original.prefix(Int.random(in: 0...original.count, using: &random)))
            if round.isMultiple(of: 2), !bytes.isEmpty {
                for _ in 0..<4 {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            readAll(bytes)
        }
    }

    @Test("errors from damaged files always carry the file and a position")
    func locatedErrors() {
        let bytes = Array(FixtureFiles.bytes("Good.storekit").prefix(300))
        #expect {
            try StoreKitFileReader.read(bytes, path: "Good.storekit")
        } throws: { error in
            guard let error = error as? ProjectReadError else { return false }
            return error.location.file == "Good.storekit" && error.location.line > 1
                && error.diagnostic.description.hasPrefix("Good.storekit:")
        }
    }
}
