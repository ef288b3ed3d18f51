/// An ISO 8601 duration of whole years, months, weeks and days (`P1Y`, `P1Y6M`, `P2W`, `P30D`),
/// the only units App Store terms are counted in.
public struct ISODuration: Sendable, Hashable {
    public var years = 0
    public var months = 0
    public var weeks = 0
    public var days = 0

    public init?(_ text: String) {
        guard text.hasPrefix("P"), text.count > 1, text.count <= 24 else { return nil }
        var number = ""
        var seen: Set<Character> = []
        let order: [Character] = ["Y", "M", "W", "D"]
        var lastIndex = -1
        for character in text.dropFirst() {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let index = order.firstIndex(of: character), index > lastIndex, !number.isEmpty,
                number.count <= 4, let value = Int(number), value > 0, seen.insert(character).inserted
            else { return nil }
            lastIndex = index
            switch character {
            case "Y": years = value
            case "M": months = value
            case "W": weeks = value
            default: days = value
            }
            number = ""
        }
        guard number.isEmpty, !seen.isEmpty else { return nil }
    }
}
