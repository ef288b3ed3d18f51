import Testing

@testable import IAPMarkdown

/// The language a chapter's letters name, for books that do not say theirs: a tag where the
/// writing system gives one away, nothing where it does not.
@Suite struct ProseLanguageTests {
    static func language(_ markdown: String) -> String? {
        ProseLanguage.of(MarkdownDocument(parsing: markdown, file: "chapter.md"))
    }

    @Test(arguments: [
        ("打开项目设置，选择应用内购买，然后运行测试。这个步骤会检查产品标识符是否正确。", "zh-Hans"),
        ("打開專案設定，選擇應用程式內購買，然後執行測試。這個步驟會檢查產品識別碼是否正確。", "zh-Hant"),
        ("プロジェクトの設定を開き、アプリ内課金を選んでからテストを実行します。この手順で製品IDが正しいかを確かめます。", "ja"),
        ("프로젝트 설정을 열고 인앱 결제를 선택한 다음 테스트를 실행하세요. 이 단계에서 상품 식별자가 올바른지 확인합니다.", "ko"),
        (
            "Відкрийте налаштування проєкту, виберіть покупки в застосунку й запустіть перевірку. "
                + "Цей крок показує, чи правильні ідентифікатори товарів.",
            "uk"
        ),
        (
            "Откройте настройки проекта, выберите встроенные покупки и запустите проверку. "
                + "Этот шаг покажет, верны ли идентификаторы товаров.",
            "ru"
        ),
        (
            "Ανοίξτε τις ρυθμίσεις του έργου, επιλέξτε τις αγορές μέσα στην εφαρμογή και εκτελέστε τον έλεγχο. "
                + "Αυτό το βήμα δείχνει αν τα αναγνωριστικά είναι σωστά.",
            "el"
        ),
        (
            "เปิดการตั้งค่าโครงการ เลือกการซื้อในแอป แล้วเรียกใช้การทดสอบ"
                + " ขั้นตอนนี้จะตรวจว่ารหัสสินค้าถูกต้องหรือไม่",
            "th"
        ),
    ])
    func aWritingSystemNamesItsLanguage(_ text: String, _ tag: String) {
        #expect(Self.language("# \(text.prefix(6))\n\n\(text)\n") == tag)
    }

    @Test func latinLettersNameNoLanguage() {
        #expect(Self.language("# Set up\n\nOpen the project settings and run the tests before you ship.\n") == nil)
        #expect(Self.language("# Einrichten\n\nÖffne die Projekteinstellungen und starte die Prüfung.\n") == nil)
    }

    @Test func aChineseGuideFullOfEnglishNamesAndCodeIsChinese() {
        let guide = """
            # 恢复购买

            在 `AppDelegate` 启动时监听 StoreKit 的 Transaction.updates，确保每笔交易都被处理并完成。

            ```swift
            for await result in Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                await store.deliver(transaction.productID)
                await transaction.finish()
            }
            ```

            <div align="center"><img src="shot.png" alt="Restore purchases button in the settings screen"></div>

            用户点击按钮后调用 `AppStore.sync()`。
            """
        #expect(Self.language(guide) == "zh-Hans")
    }

    @Test func anEnglishGuideQuotingAFewChineseWordsIsNotChinese() {
        let guide = """
            # Localizations

            The Chinese display name of the product is 专业版, its description 解锁全部功能. Check both
            in App Store Connect before the review, and in the StoreKit configuration file too.
            """
        #expect(Self.language(guide) == nil)
    }

    @Test func tooFewWordsNameNoLanguage() {
        #expect(Self.language("# 开始\n") == nil)
        #expect(Self.language("# Старт\n\nКрок.\n") == nil)
    }

    @Test func cyrillicWithoutTheLettersOfEitherLanguageNamesNone() {
        // Only letters Ukrainian and Russian share: the two cannot be told apart.
        #expect(Self.language("# Тема\n\nКупа мама тато кава лама рама сома нота папа вата\n") == nil)
    }

    @Test func onlyTheFirstBytesOfProseAreRead() {
        let english = String(repeating: "Open the project and run the tests. ", count: 240)
        let chinese = String(repeating: "打开项目，运行测试。", count: 2_000)
        #expect(english.utf8.count > ProseLanguage.sampleLength)
        #expect(Self.language("\(english)\n\n\(chinese)\n") == nil)
        #expect(Self.language("\(chinese)\n\n\(english)\n") == "zh-Hans")
    }

    @Test func latinWordsAreCountedOnceEachAcrossPiecesOfText() {
        var tally = ScriptTally()
        for piece in ["Open the pro", "ject, run 2 tests; ship.", " Café, naïve", "té"] {
            Array(piece.utf8).withUnsafeBufferPointer { tally.add($0) }
        }
        #expect(tally.latinWords == 8)
        tally.endWord()
        Array("again".utf8).withUnsafeBufferPointer { tally.add($0) }
        #expect(tally.latinWords == 9)
    }

    @Test func malformedBytesAreSpaces() {
        var tally = ScriptTally()
        let bytes: [UInt8] = [0xE6, 0x89, 0x93, 0xFF, 0xE6, 0x89, 0x41, 0xC3]
        bytes.withUnsafeBufferPointer { tally.add($0) }
        #expect(tally.hanCharacters == 1)
        #expect(tally.latinWords == 1)
    }
}
