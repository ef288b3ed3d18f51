import Testing

@testable import IAPRender

/// Only pictures go into the site, judged by their bytes: an SVG is a document that can run
/// script or load other files, so every way of doing either keeps it out.
@Suite struct ImageAdmissionTests {
    static func svg(_ body: String, namespaces: String = "") -> [UInt8] {
        Array("<svg xmlns=\"http://www.w3.org/2000/svg\"\(namespaces)>\(body)</svg>".utf8)
    }

    @Test func imageTypesAreNamedByTheirFirstBytes() {
        #expect(ImageFormat.identify([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageFormat.identify([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.identify(Array("GIF89a....".utf8)) == .gif)
        #expect(ImageFormat.identify(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.identify([0, 0, 0, 28] + Array("ftypavif".utf8)) == .avif)
        #expect(ImageFormat.identify(Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- x -->\n<svg>".utf8)) == .svg)
        #expect(ImageFormat.identify(Array("<!DOCTYPE html><script>".utf8)) == nil)
        #expect(ImageFormat.identify([0x89, 0x50, 0x4E]) == nil)
        #expect(ImageFormat.identify([]) == nil)
    }

    @Test func theNameMustSayTheSameAsTheBytes() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(ImageAdmission.refusal(of: png, path: "img/a.png") == nil)
        #expect(ImageAdmission.refusal(of: png, path: "img/a.PNG") == nil)
        #expect(ImageAdmission.refusal(of: png, path: "img/a.html")?.contains("does not end in .png") == true)
        #expect(ImageAdmission.refusal(of: png, path: "img/noextension") != nil)
        #expect(ImageAdmission.refusal(of: [0xFF, 0xD8, 0xFF], path: "photo.jpeg") == nil)
    }

    @Test func drawingsAreAdmitted() {
        let drawing = Self.svg(
            ##"<title>Flow</title><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>"##
                + ##"<style><![CDATA[ rect { fill: url(#g); } ]]></style><rect width="9" height="9" fill="url(#g)"/>"##
                + ##"<use xlink:href="#g"/><a href="#g"><text>A &lt; B &#169;</text></a>"##
                + ##"<sodipodi:namedview/><metadata><rdf:RDF/></metadata>"##,
            namespaces:
                ##" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd""##
                + ##" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#""##)
        #expect(SVGInspection.problem(in: drawing) == nil)
    }

    @Test(
        arguments: [
            ("<script>alert(1)</script>", "has a script element"),
            ("<svg:script>alert(1)</svg:script>", "has a script element"),
            (##"<rect onclick="alert(1)"/>"##, "has an event handler ('onclick')"),
            (##"<rect ONLOAD="alert(1)"/>"##, "has an event handler ('ONLOAD')"),
            ("<foreignObject><div/></foreignObject>", "has a 'foreignObject' element, which may run or load something"),
            (##"<a href="javascript:alert(1)"><rect/></a>"##, "refers to another file or URL ('href')"),
            (##"<a href="&#106;avascript:alert(1)"><rect/></a>"##, "refers to another file or URL ('href')"),
            (##"<use href="other.svg#icon"/>"##, "refers to another file or URL ('href')"),
            (##"<image href="photo.png"/>"##, "has a 'image' element, which may run or load something"),
            (
                ##"<animate attributeName="href" to="javascript:alert(1)"/>"##,
                "has a 'animate' element, which may run or load something"
            ),
            (
                ##"<set attributeName="onclick" to="alert(1)"/>"##,
                "has a 'set' element, which may run or load something"
            ),
            (##"<rect fill="url(https://tracker.example/x)"/>"##, "refers to another file or URL in a 'url(...)'"),
            (##"<rect style="fill: url( 'x.svg#p' )"/>"##, "refers to another file or URL in a 'url(...)'"),
            ("<style>@import url(#x);</style>", "has a style that loads a file"),
            (##"<style>rect { fill: \75rl(x) }</style>"##, "has a style with an escape sequence"),
            ("<text>&xxe;</text>", "uses an entity XML does not define"),
            ("<iframe/>", "has a 'iframe' element, which may run or load something"),
            (
                "<h:script xmlns:h=\"http://www.w3.org/1999/xhtml\"/>",
                "has an element of an unknown namespace ('h:script')"
            ),
            ("<rect", "is not well-formed"),
            ("<g>", "is not well-formed"),
            ("</g>", "is not well-formed"),
            (##"<rect xml:base="https://example.com/"/>"##, "refers to another file or URL ('xml:base')"),
        ] as [(String, String?)])
    func scriptsAndReferencesKeepAnSVGOut(_ body: String, _ problem: String?) {
        #expect(SVGInspection.problem(in: Self.svg(body)) == problem)
    }

    @Test func documentLevelTricksKeepAnSVGOut() {
        let doctype = Array(
            ##"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"/>"##.utf8
        )
        #expect(SVGInspection.problem(in: doctype) == "has a document type or entity declaration")
        let stylesheet = Array(##"<?xml-stylesheet href="x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>"##.utf8)
        #expect(SVGInspection.problem(in: stylesheet) == "has a processing instruction (such as xml-stylesheet)")
        let hijacked = Self.svg(
            "<inkscape:script>alert(1)</inkscape:script>",
            namespaces: ##" xmlns:inkscape="http://www.w3.org/1999/xhtml""##)
        #expect(SVGInspection.problem(in: hijacked) == "declares a namespace it may not ('inkscape')")
        let html = Array(##"<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>"##.utf8)
        #expect(SVGInspection.problem(in: html) == "declares a namespace other than SVG's as its own")
        #expect(SVGInspection.problem(in: Array("<svg><rect/></svg>".utf8)) == "does not declare the SVG namespace")
        #expect(SVGInspection.problem(in: Self.svg("") + Array("<svg/>".utf8)) == "has more than one root element")
        #expect(SVGInspection.problem(in: [0x3C, 0x73, 0x76, 0x67, 0xFF]) == "is not valid UTF-8")
        let open = Array(##"<svg xmlns="http://www.w3.org/2000/svg"><g>"##.utf8)
        #expect(SVGInspection.problem(in: open) == "is not well-formed (the element 'g' is never closed)")
        let unended = Array(##"<svg xmlns="http://www.w3.org/2000/svg"><rect"##.utf8)
        #expect(SVGInspection.problem(in: unended) == "has a tag that never ends")
    }
}
