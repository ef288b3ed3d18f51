import IAPTemplates
import Testing

@Suite("Specification cases from the Spec folder")
struct SpecTests {
    @Test("every spec file reads, and together they hold the full set of cases")
    func filesRead() {
        #expect(SpecCase.loaded.problems == [])
        #expect(SpecCase.all.count >= 100)
    }

    @Test("case names are unique within a file, so failures are unambiguous")
    func uniqueNames() {
        var seen = Set<String>()
        let repeated = SpecCase.all.filter { !seen.insert($0.testDescription).inserted }
        #expect(repeated.map(\.testDescription) == [])
    }

    @Test("renders as the specification requires", arguments: SpecCase.all)
    func renders(_ specCase: SpecCase) throws {
        let template = try Template(source: specCase.template, name: specCase.name)
        let output = try template.render(specCase.data, partials: DictionaryPartials(specCase.partials))
        #expect(output == specCase.expected)
    }
}
