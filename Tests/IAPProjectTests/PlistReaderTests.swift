import Foundation
import IAPDiagnostics
import IAPProject
import Testing

@Suite("Info.plist and entitlements readers")
struct PlistReaderTests {
    @Test("reads CFBundleIdentifier and the line of its key")
    func bundleIdentifier() throws {
        let plist = try InfoPlistReader.read(FixtureFiles.bytes("Info.plist"), path: "Shop/Info.plist")
        #expect(plist.bundleIdentifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(plist.bundleIdentifierIsBuildSetting)
        #expect(plist.bundleIdentifierLocation == SourceLocation(file: "Shop/Info.plist", line: 7, column: 2))
        #expect(plist.document.format == .xml)
        #expect(plist.document.keys == ["CFBundleDisplayName", "CFBundleIdentifier", "UIApplicationSceneManifest"])
    }

    @Test("reads binary plists, without lines")
    func binary() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.example.app"], format: .binary, options: 0)
        let plist = try InfoPlistReader.read([UInt8](data), path: "Info.plist")
        #expect(plist.bundleIdentifier == "com.example.app")
        #expect(!plist.bundleIdentifierIsBuildSetting)
        #expect(plist.bundleIdentifierLocation == nil)
        #expect(plist.document.format == .binary)
    }

    @Test("lists entitlements in written order with their lines")
    func entitlements() throws {
        let entitlements = try EntitlementsReader.read(
            FixtureFiles.bytes("Shop.entitlements"), path: "Shop.entitlements")
        #expect(entitlements.entries.map(\.key) == [Entitlements.applePayKey, Entitlements.invalidInAppPurchaseKey])
        #expect(entitlements.entry(Entitlements.applePayKey)?.location?.line == 5)
        #expect(entitlements.entry(Entitlements.applePayKey)?.value == .array([.string("merchant.com.example.shop")]))
        #expect(entitlements.entry(Entitlements.invalidInAppPurchaseKey)?.value == .bool(true))
        #expect(entitlements.entry(Entitlements.invalidInAppPurchaseKey)?.location?.line == 9)
    }

    @Test("tells integers from booleans")
    func numbers() throws {
        let text =
            "<plist><dict><key>a</key><integer>1</integer><key>b</key><true/><key>c</key><real>2.5</real></dict></plist>"
        let document = try PlistDocument.read(Array(text.utf8), path: "x")
        #expect(document.values["a"] == .integer(1))
        #expect(document.values["b"] == .bool(true))
        #expect(document.values["c"] == .real(2.5))
    }

    @Test(
        "rejects broken XML and non-dictionary roots with a located error",
        arguments: [
            "<plist><dict><key>a</key>", "<plist><array></array></plist>", "<plist><dict><key>a</dict></plist>",
        ])
    func broken(text: String) {
        #expect {
            try InfoPlistReader.read(Array(text.utf8), path: "Info.plist")
        } throws: { error in
            (error as? ProjectReadError)?.location.file == "Info.plist"
        }
    }
}
