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

    typealias Entry = (scalars: [Unicode.Scalar], word: String, payload: Payload)

    /// The words by their first character: ASCII ones in a table (most text is ASCII, and hashing
    /// every character of a document was most of the time reading its facts took), others hashed.
    private let byASCII: [[Entry]]
    private let byOther: [Unicode.Scalar: [Entry]]

    init(_ words: [(String, Payload)]) {
        let entries = words.map { (scalars: Array(LabelledDates.fold($0.0).unicodeScalars), word: $0.0, payload: $0.1) }
            .filter { !$0.scalars.isEmpty }
            .sorted { $0.scalars.count > $1.scalars.count }
        var ascii = [[Entry]](repeating: [], count: 128)
        for entry in entries where entry.scalars[0].isASCII { ascii[Int(entry.scalars[0].value)].append(entry) }
        byASCII = ascii
        byOther = Dictionary(grouping: entries.filter { !$0.scalars[0].isASCII }, by: { $0.scalars[0] })
    }

    private func candidates(_ scalar: Unicode.Scalar) -> [Entry] {
        scalar.isASCII ? byASCII[Int(scalar.value)] : byOther[scalar] ?? []
    }

    func hits(in text: [Unicode.Scalar], limit: Int) -> [Hit] {
        var hits: [Hit] = []
        var line = 1
        var index = 0
        while index < text.count, hits.count < limit {
            let scalar = text[index]
            if scalar == "\n" { line += 1; index += 1; continue }
            guard let entry = candidates(scalar).first(where: { Self.matches($0.scalars, text, at: index) }) else {
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
