import IAPDiagnostics

extension TemplateValue {
    /// Reads a context from JSON text. `name` is the file name used in error locations.
    ///
    /// The reader is strict, as the rest of IAPKit is: duplicate keys, invalid UTF-8, lone
    /// surrogates and nesting deeper than `JSONValueReader.maximumDepth` are errors rather than
    /// guesses. Numbers become `.number`, and integral ones print without a fractional part.
    public init(json bytes: some Collection<UInt8>, name: String = "JSON") throws(TemplateError) {
        var reader = JSONValueReader(bytes: Array(bytes), file: name)
        self = try reader.readDocument()
    }

    /// Reads a context from JSON held in a string.
    public init(json text: String, name: String = "JSON") throws(TemplateError) {
        try self.init(json: Array(text.utf8), name: name)
    }
}
