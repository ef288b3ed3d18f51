import FuzzSupport
import IAPExtract
import IAPImport
import IAPProject

/// A `.storekit` file imported as a guide chapter, the chapter read back as a guide, and the
/// file read as the checks read it.
@_cdecl("FuzzStoreKit_main")
func fuzzStoreKitMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        _ = try? StoreKitFileReader.read(bytes, path: "Products.storekit")
        guard case .success(let catalogue) = StoreKitImporter.read(bytes, path: "Products.storekit") else { return }
        let chapter = GuideChapterWriter.chapter(for: catalogue, sourceName: "Products.storekit")
        let files = MemoryFileSystem(["chapter.md": Array(chapter.utf8)])
        _ = WorkbookLoader(fileSystem: files).load(["chapter.md"])
    }
}
