/// The holder's name on a document without a readable zone: the rest of a name label's line
/// ("Name: Maria Luisa Santos", "الاسم: محمد علي", "氏名 山田花子"), or the next line when the label
/// stands alone, matched against the candidates. Only one person matching across every label counts.
enum LabelledNames {
    private static let labels = WordFinder(DocumentFacts.nameLabels.map { ($0, ()) })

    static func person(_ folded: [Unicode.Scalar], candidates: [PersonCandidate], limits: DocumentFacts.Limits,
                       work: inout DocumentFacts.Work) -> (fact: SuggestedFact?, note: String?) {
        guard !candidates.isEmpty else { return (nil, nil) }
        let hits = labels.hits(in: folded, limit: limits.labelHits)
        work.labelHits += hits.count
        guard !hits.isEmpty else { return (nil, nil) }
        let people = PersonMatch.People(candidates, limits: limits, work: &work)
        let starts = LabelledDates.lineStarts(folded)
        var matched: [RecordID: (name: String, line: Int, read: String)] = [:]
        for hit in hits {
            guard let (line, name) = value(after: hit, folded, starts, limits) else { continue }
            if case let .one(id, matchedName) = PersonMatch.match(name, among: people, limits: limits, work: &work),
               matched[id] == nil {
                matched[id] = (matchedName, line, name)
            }
        }
        guard matched.count == 1, let (id, found) = matched.first else {
            return (nil, matched.count > 1 ? "the names on the document match \(matched.count) different people" : nil)
        }
        return (SuggestedFact(field: .person, value: .person(id, name: found.name), evidence: [
            FactEvidence(source: .name(matched: found.name), textLine: found.line, excerpt: DocumentFacts.excerpt(found.read, limits)),
        ]), nil)
    }

    /// The text after the label on its line, separators trimmed; or the next line's when nothing follows.
    static func value(after hit: WordFinder<Void>.Hit, _ folded: [Unicode.Scalar], _ starts: [Int],
                      _ limits: DocumentFacts.Limits) -> (line: Int, name: String)? {
        func line(_ number: Int) -> ArraySlice<Unicode.Scalar> {
            folded[starts[number - 1]..<(number < starts.count ? starts[number] - 1 : folded.count)]
        }
        let trim: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace || ":/-.|".unicodeScalars.contains($0) }
        let end = hit.line < starts.count ? starts[hit.line] - 1 : folded.count
        var rest = folded[hit.end..<end].drop(while: trim)
        var number = hit.line
        if rest.isEmpty, let next = LabelledDates.nextNonEmptyLine(after: hit.line, starts, folded) {
            number = next
            rest = line(next).drop(while: trim)
        }
        guard !rest.isEmpty, rest.count <= limits.nameLength else { return nil }
        return (number, String(String.UnicodeScalarView(rest)))
    }
}
