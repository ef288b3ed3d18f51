import FuzzSupport
import IAPProject

/// An `.xcscheme`, the XML of a scheme and its StoreKit configuration.
@_cdecl("FuzzScheme_main")
func fuzzSchemeMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        _ = try? SchemeReader.read(bytes, path: "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme")
    }
}
