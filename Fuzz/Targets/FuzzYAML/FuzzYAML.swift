import Foundation
import FuzzSupport
import IAPYAML

/// A config block as YAML, read into located nodes and decoded into values of every shape.
@_cdecl("FuzzYAML_main")
func fuzzYAMLMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        guard case .success(let node?) = YAMLReader.read(text(bytes)) else { return }
        decodeEveryShape(node)
    }
}

/// Decodes into the shapes config blocks have: mappings, lists and scalars of each type.
func decodeEveryShape(_ node: ConfigNode) {
    let decoder = ConfigDecoder()
    _ = try? decoder.decode([String: String].self, from: node)
    _ = try? decoder.decode([String].self, from: node)
    _ = try? decoder.decode([String: [String: String]].self, from: node)
    _ = try? decoder.decode([String: Int].self, from: node)
    _ = try? decoder.decode([String: Bool].self, from: node)
    _ = try? decoder.decode([String: Double].self, from: node)
    _ = try? decoder.decode([Decimal].self, from: node)
    _ = try? decoder.decode([[String: [Int]]].self, from: node)
}
