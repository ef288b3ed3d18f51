import FuzzSupport
import IAPRender

/// An image as the site decides whether to copy it: its type from its bytes and, for SVG, a
/// reading of the whole document for anything that could run or load.
@_cdecl("FuzzSVG_main")
func fuzzSVGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        _ = ImageFormat.identify(bytes)
        _ = ImageAdmission.refusal(of: bytes, path: "img/drawing.svg")
        _ = ImageAdmission.refusal(of: bytes, path: "img/photo.png")
    }
}
