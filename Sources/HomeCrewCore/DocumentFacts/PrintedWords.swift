/// The words of a page outside its zone, folded as names are: a zone's name, which no check
/// digit covers, is trusted when each of its parts is also printed on the page (a passport
/// prints the holder's names above its zone).
struct PrintedWords {
    private var lineOfWord: [String: Int] = [:]

    /// The words of the first `limits.printedLines` lines that hold any (the zone's own left out).
    init(_ text: String, leavingOut zoneLines: Set<Int>, limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) {
        let lines = String(decoding: text.utf8.prefix(limits.textBytes), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !zoneLines.contains(index + 1) && line.contains(where: \.isLetter) {
            guard work.printedLinesRead < limits.printedLines else { break }
            work.printedLinesRead += 1
            for word in PersonMatch.words(line) where lineOfWord[word] == nil {
                lineOfWord[word] = index + 1
            }
        }
    }

    /// The evidence that every part of `name` is printed on the page, or nil.
    func evidence(for name: ZoneName, limits: DocumentFacts.Limits) -> FactEvidence? {
        guard let parts = PersonMatch.parts(name.full, limits: limits) else { return nil }
        let lines = parts.compactMap { lineOfWord[$0] }
        guard lines.count == parts.count, let first = lines.min() else { return nil }
        return FactEvidence(source: .words(parts.map { $0.uppercased() }), textLine: first, excerpt: DocumentFacts.excerpt(name.full, limits))
    }
}
