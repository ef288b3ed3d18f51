import IAPDiagnostics

extension LineTable {
    /// The mark of a byte offset in a block's text.
    func mark(at offset: Int) -> ConfigMark {
        let (line, column) = lineAndColumn(of: offset)
        return ConfigMark(line: line, column: column)
    }
}
