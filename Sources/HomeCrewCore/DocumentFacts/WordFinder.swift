/// Finds words from a fixed list in folded text, left to right, the longest where several
/// start at one place; a word in Latin letters only as a whole word. Linear in the text: each
/// position looks only at the words that begin with its character.
struct WordFinder<Payload: Sendable>: Sendable {
    struct Hit {
        var payload: Payload
        var word: String
        var start: Int
        var end: Int
        var line: Int
    }

    private let byFirst: [Unicode.Scalar: [(scalars: [Unicode.Scalar], word: String, payload: Payload)]]

    init(_ words: [(String, Payload)]) {
        let entries = words.map { (scalars: Array(LabelledDates.fold($0.0).unicodeScalars), word: $0.0, payload: $0.1) }
            .filter { !$0.scalars.isEmpty }
            .sorted { $0.scalars.count > $1.scalars.count }
        byFirst = Dictionary(grouping: entries, by: { $0.scalars[0] })
    }

    func hits(in text: [Unicode.Scalar], limit: Int) -> [Hit] {
        var hits: [Hit] = []
        var line = 1
        var index = 0
        while index < text.count, hits.count < limit {
            let scalar = text[index]
            if scalar == "\n" { line += 1; index += 1; continue }
            guard let candidates = byFirst[scalar], let entry = candidates.first(where: { Self.matches($0.scalars, text, at: index) }) else {
                index += 1
                continue
            }
            hits.append(Hit(payload: entry.payload, word: entry.word, start: index, end: index + entry.scalars.count, line: line))
            index += entry.scalars.count
        }
        return hits
    }

    /// Whether `word` stands at `index`, a Latin word not as part of a longer one.
    static func matches(_ word: [Unicode.Scalar], _ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + word.count <= text.count else { return false }
        for offset in word.indices where text[index + offset] != word[offset] { return false }
        func isLetter(_ position: Int) -> Bool { position >= 0 && position < text.count && text[position].properties.isAlphabetic }
        if word[0].isASCII, isLetter(index - 1) { return false }
        if word[word.count - 1].isASCII, isLetter(index + word.count) { return false }
        return true
    }
}
