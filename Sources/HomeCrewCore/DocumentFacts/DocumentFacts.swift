/// Facts a document gives about itself, read from its extracted text (PDF text layer or OCR) as
/// pure functions: its machine-readable zone, its labelled dates, its kind, and whose it is.
/// Every fact is a suggestion with its evidence; nothing here stores or applies anything.
public enum DocumentFacts {
    /// What a document is, as its text says. Finer than `DocumentKind`, which `documentKind` maps to.
    public enum Kind: String, CaseIterable, Sendable, Codable {
        case passport, visa
        case idCard = "id-card"
        case drivingLicence = "driving-licence"
        case employmentContract = "employment-contract"
        case payslip, receipt, other

        /// The household's kind of document: a driving licence files as a permit, a receipt as other.
        public var documentKind: DocumentKind {
            switch self {
            case .passport: return .passport
            case .visa: return .visa
            case .idCard: return .id
            case .drivingLicence: return .permit
            case .employmentContract: return .contract
            case .payslip: return .payslip
            case .receipt, .other: return .other
            }
        }
    }

    /// Bounds on the work one reading does, whatever the text: each is counted in `Work`.
    public struct Limits: Sendable {
        /// UTF-8 bytes of the text read; the rest is not looked at (a note says so).
        public var textBytes = 4_000_000
        /// Candidate zones read.
        public var zones = 8
        /// Labels found before the search stops.
        public var labelHits = 200
        /// Characters after a label searched for its date.
        public var dateWindow = 80
        /// Kind words counted before the count stops.
        public var kindWords = 200
        /// A name longer than this (in characters) or in more parts matches nobody.
        public var nameLength = 200
        public var nameParts = 12
        public var namesPerPerson = 4
        public var excerptLength = 80
        /// Lines whose words may confirm a zone's name (a passport prints the names above its zone).
        public var printedLines = 2_000

        public init() {}
        public static let standard = Limits()

        /// Every limit, in one line: a reading kept with other limits is not this one's.
        public var key: String {
            [textBytes, zones, labelHits, dateWindow, kindWords, nameLength, nameParts, namesPerPerson, excerptLength, printedLines]
                .map(String.init).joined(separator: " ")
        }
    }

    /// The version of what `read` makes of a text: raised whenever a change of HomeCrew reads the
    /// same text otherwise, so that readings kept by an earlier HomeCrew are read again.
    public static let readingVersion = 3

    /// What a reading did, counted: tests prove its bounds by these numbers.
    public struct Work: Hashable, Sendable, Codable {
        public var linesScanned = 0
        public var zonesExamined = 0
        public var labelHits = 0
        public var dateSegments = 0
        public var kindWordHits = 0
        public var nameComparisons = 0
        public var scalarsFolded = 0
        public var printedLinesRead = 0
        /// Names whose folded spellings were made: once per name of each candidate, however many labels.
        public var namesSpelt = 0
        /// The request's budget ran out (`WorkBudget.current`): the reading suggests nothing.
        public var stopped = false
        public init() {}

        /// Whether the current budget is spent, asked every 64 calls (reading the clock costs more
        /// than a step); once it is, the reading stops.
        mutating func budgetSpent() -> Bool {
            budgetChecks &+= 1
            if !stopped, budgetChecks % 64 == 0, WorkBudget.current?.isSpent == true { stopped = true }
            return stopped
        }
        private var budgetChecks = 0
    }

    public struct Reading: Sendable, Codable {
        public var facts: [SuggestedFact]
        /// Why something that looked like a fact gave none ("the zone at line 12: the check digit of … does not agree").
        public var notes: [String]
        public var zones: [ZoneReading]
        public var work: Work

        public func fact(_ field: FactField) -> SuggestedFact? { facts.first { $0.field == field } }
    }

    /// Reads `text` as of `today`. `country` (ISO 3166 alpha-2 or alpha-3) decides the order of
    /// day and month in numeric dates; without it the zone's issuing state does, and without
    /// either an ambiguous date gives nothing. `candidates` are the people of the document's
    /// household the document may belong to.
    public static func read(text: String, today: CalendarDate, country: String? = nil, candidates: [PersonCandidate] = [],
                            limits: Limits = .standard) -> Reading {
        var work = Work()
        var notes: [String] = []
        if text.utf8.count > limits.textBytes {
            notes.append("only the first \(limits.textBytes) bytes of the text were read")
        }
        let zones = ZoneReader.zones(in: text, today: today, limits: limits, work: &work)
        let zone = theZone(zones, notes: &notes)
        var facts = zone.map { zoneFacts($0, limits: limits) } ?? []
        let order = country.flatMap(DateOrder.of(country:)) ?? zone.flatMap { DateOrder.of(country: $0.issuingState) }
        let readText = String(decoding: text.utf8.prefix(limits.textBytes), as: UTF8.self)
        let folded = LabelledDates.foldedScalars(readText, limit: .max)
        work.scalarsFolded = folded.count
        merge(labelledFacts(folded, original: readText, order: order, today: today, limits: limits, work: &work), into: &facts, notes: &notes)
        let person: (facts: [SuggestedFact], note: String?)
        if let zone {
            person = zoneHolder(zone, text: text, candidates: candidates, limits: limits, work: &work)
            // A zone read without its first line does not say what the document is: its words may.
            if zone.documentCode.isEmpty, let kind = KindWords.kind(folded, limits: limits, work: &work) { facts.append(kind) }
        } else {
            if let kind = KindWords.kind(folded, limits: limits, work: &work) { facts.append(kind) }
            let labelled = LabelledNames.person(folded, candidates: candidates, limits: limits, work: &work)
            person = (labelled.fact.map { [$0] } ?? [], labelled.note)
        }
        facts += person.facts
        if let note = person.note { notes.append(note) }
        if work.stopped {
            // Whom the document names was not searched to the end: none of it is suggested.
            return Reading(facts: [], notes: ["the request's time ran out before the text was read to the end"], zones: zones, work: work)
        }
        return Reading(facts: facts, notes: notes, zones: zones, work: work)
    }

    /// The document's zone: the one zone read (the same zone twice, from a text layer and OCR, is
    /// one). Zones that could not be read, or several different ones, are notes.
    static func theZone(_ zones: [ZoneReading], notes: inout [String]) -> MachineReadableZone? {
        for case let .unreadable(format, line, reason) in zones {
            notes.append("the \(format.rawValue) zone at line \(line) gives no facts: \(reason)")
        }
        var read: [MachineReadableZone] = []
        for case let .read(zone) in zones where !read.contains(where: { $0.lines == zone.lines }) { read.append(zone) }
        // The same zone read whole and with its number misread (a text layer and OCR) is the whole one.
        let whole = read.filter { !$0.numberSetAside }
        read.removeAll { aside in
            aside.numberSetAside && whole.contains { $0.birthDate == aside.birthDate && $0.expiryDate == aside.expiryDate }
        }
        guard read.count == 1 else {
            if read.count > 1 {
                notes.append("\(read.count) different zones read (lines \(read.map { String($0.textLine) }.joined(separator: ", "))); which one is the document's is for a person to say")
            }
            return nil
        }
        notes += read[0].notes.map { "the zone at line \(read[0].textLine): \($0)" }
        return read[0]
    }

    /// The holder the zone names. No check digit covers names, so:
    /// - the person is given when exactly one candidate matches the name as read; a name as read that
    ///   matches several gives nobody;
    /// - the surname and given names are given only where something confirms them: they are that
    ///   person's name part for part, or the surname and the given names are each printed on the page;
    /// - a name in doubt (its fillers were misread, and a K or X touches one) is also read with those
    ///   letters taken for fillers, and that reading is used only where the page prints it: a name's
    ///   own final K is not dropped to match someone else (FRANK is not Fran).
    static func zoneHolder(_ zone: MachineReadableZone, text: String, candidates: [PersonCandidate], limits: Limits,
                           work: inout Work) -> (facts: [SuggestedFact], note: String?) {
        guard zone.nameReadable else { return ([], nil) }
        let asRead = ZoneName(surname: zone.surname, given: zone.givenNames)
        // A surname of several parts and no given names may be a `<<` read as `<`: whose part is which is unknown.
        func splitKnown(_ name: ZoneName) -> Bool { !name.given.isEmpty || !name.surname.contains(" ") }
        let people = PersonMatch.People(candidates, limits: limits, work: &work)
        switch PersonMatch.match(asRead.full, among: people, limits: limits, work: &work) {
        case .several(let count): return ([], "the zone's name matches \(count) people")
        case let .one(id, matched):
            let fact = personFact(id, matched, asRead, zone: zone, limits: limits)
            let same = PersonMatch.sameParts(asRead.full, matched, limits: limits) && splitKnown(asRead)
            return ((same ? nameFacts(asRead, zone: zone, limits: limits, also: fact.evidence) : []) + [fact], nil)
        case .none: break
        }
        let printed = PrintedWords(text, limits: limits, work: &work)
        for name in [asRead] + (zone.nameWithoutMisreadFillers.map { [$0] } ?? []) where splitKnown(name) {
            guard let evidence = printed.evidence(for: name, limits: limits) else { continue }
            var facts = nameFacts(name, zone: zone, limits: limits, also: [evidence])
            // Printed on the page, the name may also be one person's here.
            if case let .one(id, matched) = PersonMatch.match(name.full, among: people, limits: limits, work: &work) {
                // From a line of the wrong length, only a staff member's name part for part confirms it.
                guard !zone.nameOnlyByStaff || PersonMatch.sameParts(name.full, matched, limits: limits) else { continue }
                facts.append(personFact(id, matched, name, zone: zone, limits: limits, also: [evidence]))
            } else if zone.nameOnlyByStaff {
                continue
            }
            return (facts, nil)
        }
        if zone.nameOnlyByStaff {
            return ([], "the zone's name \(asRead.full) is no one's here, and its first line was read at the wrong length, so it is not used")
        }
        return ([], "the zone's name \(asRead.full) is not printed elsewhere on the page and is no one's here; no check digit covers names, so it is not used")
    }

    static func personFact(_ id: RecordID, _ matched: String, _ name: ZoneName, zone: MachineReadableZone, limits: Limits,
                           also: [FactEvidence] = []) -> SuggestedFact {
        SuggestedFact(field: .person, value: .person(id, name: matched), evidence: [
            FactEvidence(source: .name(matched: matched), textLine: zone.textLines[zone.format == .td1 ? 2 : 0],
                         excerpt: excerpt(name.full, limits), checkDigits: .notCovered),
        ] + also)
    }

    static func excerpt(_ text: String, _ limits: Limits) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(limits.excerptLength)))
    }
}
