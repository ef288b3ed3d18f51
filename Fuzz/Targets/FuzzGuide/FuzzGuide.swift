import FuzzSupport
import IAPExtract
import IAPRender
import IAPValidate

/// A guide chapter from bytes to model, diagnostics and site: the path every command takes.
@_cdecl("FuzzGuide_main")
func fuzzGuideMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        let files = MemoryFileSystem(["book/guide.md": bytes, "book/SUMMARY.md": Array("- [Guide](guide.md)\n".utf8)])
        let loaded = WorkbookLoader(fileSystem: files, keepsDocuments: true).load(["book"])
        _ = WorkbookValidator.validate(loaded.workbook)
        for raw in [false, true] {
            let site = SiteRenderer.render(
                loaded.workbook, documents: loaded.documents, options: SiteOptions(title: "Fuzz", allowRawHTML: raw))
            _ = site.files.count
        }
    }
}
