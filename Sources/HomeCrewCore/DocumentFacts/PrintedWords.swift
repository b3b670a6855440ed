/// The lines of a page outside its zones, as words folded as names are: a zone's name, which no
/// check digit covers, is trusted when its surname and its given names are each printed on the
/// page as they stand in the zone (a passport prints them above its zone), each on its own, so that
/// a name split in the wrong place (a `<` read as `<<`) is not confirmed by its parts alone.
struct PrintedWords {
    private var lines: [(number: Int, words: [String])] = []

    /// The first `limits.printedLines` lines that hold letters, every line shaped like a zone's left
    /// out (a zone twice on a page, text layer and OCR, must not confirm its own name).
    init(_ text: String, limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) {
        let all = String(decoding: text.utf8.prefix(limits.textBytes), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in all.enumerated() where line.contains(where: \.isLetter) && !ZoneBandText.looksLikeZoneLine(line) {
            guard work.printedLinesRead < limits.printedLines else { break }
            work.printedLinesRead += 1
            lines.append((index + 1, PersonMatch.words(line)))
        }
    }

    /// The evidence that the surname and the given names are each printed, in their order, or nil.
    func evidence(for name: ZoneName, limits: DocumentFacts.Limits) -> FactEvidence? {
        let phrases = [name.surname, name.given].filter { !$0.isEmpty }.map(PersonMatch.words)
        let nameWords = Set(phrases.joined())
        var found: [Int] = []
        for phrase in phrases {
            guard !phrase.isEmpty, let line = lines.first(where: { Self.contains($0.words, phrase, apartFrom: nameWords) }) else { return nil }
            found.append(line.number)
        }
        guard let first = found.min() else { return nil }
        return FactEvidence(source: .words(phrases.flatMap { $0 }.map { $0.uppercased() }), textLine: first,
                            excerpt: DocumentFacts.excerpt(name.full, limits))
    }

    /// Whether `phrase` stands in `words`, its words one after another, as a whole: not beside another
    /// of the name's words (DELA CRUZ printed confirms neither DELA nor CRUZ alone, a surname split in
    /// the wrong place; O BRIEN SOK does not confirm a given name O).
    static func contains(_ words: [String], _ phrase: [String], apartFrom nameWords: Set<String>) -> Bool {
        guard phrase.count <= words.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            let end = start + phrase.count
            return words[start..<end].elementsEqual(phrase)
                && (start == 0 || !nameWords.contains(words[start - 1])) && (end == words.count || !nameWords.contains(words[end]))
        }
    }
}
