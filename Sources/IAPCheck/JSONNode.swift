/// A JSON value whose objects keep their key order, so machine-readable reports come out the
/// same, byte for byte, on every run and platform.
indirect enum JSONNode {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([JSONNode])
    case object([(String, JSONNode)])

    /// Two-space indentation, one member per line, a final newline.
    var pretty: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .string(let text):
            out += CheckReport.quote(text)
        case .integer(let number):
            out += String(number)
        case .bool(let flag):
            out += flag ? "true" : "false"
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                item.write(into: &out, indent: indent + "  ")
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += indent + "  " + CheckReport.quote(key) + ": "
                value.write(into: &out, indent: indent + "  ")
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
