/// "Did you mean" support: the closest known word to a misspelt one.
public enum Suggestion {
    /// The candidate nearest to `word` by edit distance (ignoring case), if it is near enough
    /// to be a plausible typo: at most a third of the word's length, and never more than 3. A
    /// candidate that keeps nothing of the word (`3` for `1`, `-q` for `-x`) is no typo of it.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let core = lowered.drop { $0 == "-" }.count
        let limit = min(3, max(1, lowered.count / 3), max(0, core - 1))
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Levenshtein distance with transpositions counted as one edit (optimal string alignment),
    /// since swapped letters are the most common typo in keys.
    public static func editDistance<C: Collection>(_ a: C, _ b: C) -> Int
    where C.Element: Equatable {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
