extension DocumentFacts {
    /// The facts of a zone whose check digits agree, each with the zone line it sits on.
    static func zoneFacts(_ zone: MachineReadableZone, limits: Limits) -> [SuggestedFact] {
        let td1 = zone.format == .td1
        func evidence(_ zoneLine: Int, _ checks: FactEvidence.CheckDigits) -> [FactEvidence] {
            [FactEvidence(source: .zone(zone.format, zoneLine: zoneLine), textLine: zone.textLines[zoneLine - 1],
                          excerpt: excerpt(zone.lines[zoneLine - 1], limits), checkDigits: checks,
                          repairs: zone.repairs.filter { $0.zoneLine == zoneLine })]
        }
        var facts: [SuggestedFact] = []
        func add(_ field: FactField, _ value: FactValue?, line: Int, _ checks: FactEvidence.CheckDigits) {
            // A zone whose number was set aside gives only its dates (`setNumberAside`).
            let said = zone.numberSetAside && checks == .agree ? .agreeButNumber : checks
            if let value { facts.append(SuggestedFact(field: field, value: value, evidence: evidence(line, said))) }
        }
        add(.kind, zoneKind(zone).map(FactValue.kind), line: 1, .notCovered)
        add(.number, zone.documentNumber.isEmpty ? nil : .text(zone.documentNumber), line: 1 + (td1 ? 0 : 1), .agree)
        add(.issuingState, zone.issuingState.isEmpty ? nil : .text(zone.issuingState), line: 1, .notCovered)
        add(.nationality, zone.nationality.isEmpty ? nil : .text(zone.nationality), line: 2, .notCovered)
        add(.birth, zone.birthDate.map(FactValue.date), line: 2, .agree)
        add(.sex, zone.sex.map(FactValue.text), line: 2, .notCovered)
        add(.expiry, zone.expiryDate.map(FactValue.date), line: 2, .agree)
        let optionalChecked = zone.format == .td3 || zone.format == .td1 || zone.format == .td2
        add(.optionalData, zone.optionalData.isEmpty ? nil : .text(zone.optionalData.joined(separator: " / ")),
            line: 2, optionalChecked ? .agree : .notCovered)
        return facts
    }

    /// The surname and given names, read from the zone's name line (no check digit covers them).
    static func nameFacts(_ name: ZoneName, zone: MachineReadableZone, limits: Limits, also: [FactEvidence] = []) -> [SuggestedFact] {
        let line = zone.format == .td1 ? 3 : 1
        let evidence = [FactEvidence(source: .zone(zone.format, zoneLine: line), textLine: zone.textLines[line - 1],
                                     excerpt: excerpt(zone.lines[line - 1], limits), checkDigits: .notCovered)] + also
        return [SuggestedFact(field: .surname, value: .text(name.surname), evidence: evidence)]
            + (name.given.isEmpty ? [] : [SuggestedFact(field: .givenNames, value: .text(name.given), evidence: evidence)])
    }

    static func zoneKind(_ zone: MachineReadableZone) -> Kind? {
        switch zone.documentCode.first {
        case "P": return .passport
        case "V": return .visa
        case "I", "A", "C": return .idCard
        default: return nil
        }
    }

    /// Labelled dates, one fact a field; labels that give a field different dates give none.
    static func labelledFacts(_ folded: [Unicode.Scalar], original: String, order: DateOrder?, today: CalendarDate, limits: Limits,
                              work: inout Work) -> (facts: [SuggestedFact], notes: [String]) {
        let found = LabelledDates.find(folded, original: original, order: order, today: today, limits: limits, work: &work)
        var facts: [SuggestedFact] = []
        var notes: [String] = []
        for field in FactField.allCases {
            let forField = found.filter { $0.field == field }
            guard let first = forField.first else { continue }
            let evidence = forField.map {
                FactEvidence(source: .label($0.label), textLine: $0.textLine, excerpt: excerpt($0.excerpt, limits))
            }
            if forField.allSatisfy({ $0.date == first.date }) {
                facts.append(SuggestedFact(field: field, value: .date(first.date), evidence: evidence))
            } else {
                notes.append("labels give different dates for \(field.rawValue) (\(Set(forField.map(\.date.description)).sorted().joined(separator: ", "))): none is suggested")
            }
        }
        return (facts, notes)
    }

    /// Adds labelled facts to the zone's: a label that agrees adds its evidence; one that
    /// disagrees removes the zone's fact as well, for a person to read.
    static func merge(_ labelled: (facts: [SuggestedFact], notes: [String]), into facts: inout [SuggestedFact], notes: inout [String]) {
        notes += labelled.notes
        for fact in labelled.facts {
            guard let index = facts.firstIndex(where: { $0.field == fact.field }) else { facts.append(fact); continue }
            if facts[index].value == fact.value {
                facts[index].evidence += fact.evidence
            } else {
                notes.append("the zone gives \(fact.field.rawValue) \(facts[index].value) but a label gives \(fact.value): neither is suggested")
                facts.remove(at: index)
            }
        }
    }
}

/// The kind of a document without a zone, from the words that name kinds: the kind named most
/// often, when no other is named as often.
enum KindWords {
    private static let finder = WordFinder(DocumentFacts.kindWords.map { ($0.words, $0.kind) })

    static func kind(_ folded: [Unicode.Scalar], limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) -> SuggestedFact? {
        let hits = finder.hits(in: folded, limit: limits.kindWords)
        work.kindWordHits += hits.count
        var counts: [DocumentFacts.Kind: Int] = [:]
        for hit in hits { counts[hit.payload, default: 0] += 1 }
        guard let best = counts.max(by: { $0.value < $1.value }),
              counts.filter({ $0.value == best.value }).count == 1,
              let first = hits.first(where: { $0.payload == best.key }) else { return nil }
        var words: [String] = []
        for hit in hits where hit.payload == best.key && !words.contains(hit.word) && words.count < 3 { words.append(hit.word) }
        return SuggestedFact(field: .kind, value: .kind(best.key), evidence: [
            FactEvidence(source: .words(words), textLine: first.line, excerpt: words.joined(separator: ", ")),
        ])
    }
}
