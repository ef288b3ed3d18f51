import FuzzSupport
import IAPJSON
import IAPTemplates
import IAPYAML

/// JSON as each of its three users takes it, all through the one reader: `json iap` blocks,
/// `.storekit` and other project files, and template contexts.
@_cdecl("FuzzJSON_main")
func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        if case .success(let node?) = JSONReader.read(text(bytes)) {
            _ = try? ConfigDecoder().decode([String: [String: String]].self, from: node)
            _ = try? ConfigDecoder().decode([String].self, from: node)
        }
        _ = try? LocatedJSONParser.parse(bytes)
        _ = try? TemplateValue(json: bytes)
    }
}
