import Testing

@testable import IAPCheck

/// The Chinese checklist takes each check's line from the troubleshooting chapter's own
/// checklist; lines of any other shape are left alone.
@Suite struct ChecklistWordingTests {
    @Test func aChapterLineGivesItsTextWithoutTheMarkerAndItsAnchor() {
        let items = ChecklistWording.items(
            in: "- [ ] 代码中的产品 ID 与 App Store Connect 中的完全一致（自动）（[详情](#产品-id-不一致)） {#product-id-mismatch}\n")
        #expect(items["product-id-mismatch"]?.text == "代码中的产品 ID 与 App Store Connect 中的完全一致")
        #expect(items["product-id-mismatch"]?.anchor == "产品-id-不一致")
    }

    @Test func linesOfOtherShapesAreSkipped() {
        for line in [
            "- [ ] foo](#a) {#id}", "- [ ] ](#a) {#id}", "- [ ] no link {#id}", "- [x] {#", "- [ ] (#a) {#id}",
        ] {
            #expect(ChecklistWording.items(in: line + "\n").isEmpty, "\(line)")
        }
    }
}
