import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// What a document's stored text says about it (`DocumentFacts`), set against what the document
/// already holds, and applied when a person asks. The text is the one extracted when the file
/// was filed: nothing is read again. Only the staff of the document's own household are candidates.
public struct DocumentSuggestions: Sendable {
    public let database: AppDatabase
    public let today: CalendarDate
    public let limits: DocumentFacts.Limits
    /// At most this many people are matched against (nil: all): past it, no person is suggested.
    public let peopleLimit: Int?

    /// `limits` bound the reading; the web reads less of a document and matches fewer people
    /// (`web`), so that no request's work grows with a household's text or staff.
    public init(database: AppDatabase, today: CalendarDate = .localToday(), limits: DocumentFacts.Limits = .standard,
                peopleLimit: Int? = nil) {
        self.database = database
        self.today = today
        self.limits = limits
        self.peopleLimit = peopleLimit
    }

    /// The web's reading, kept for a document page and its Apply: the first 256 KB of the text (a
    /// passport's zone and labels are on its first pages), 8 labels, and a person only among at most
    /// `people` (the web's choosers' bound). Names are compared labels × people times: 200 labels
    /// against a household of 10,000 staff took a debug server a minute a view when each view read it.
    public static func web(database: AppDatabase, today: CalendarDate, people: Int) -> DocumentSuggestions {
        var limits = DocumentFacts.Limits.standard
        limits.textBytes = 256_000
        limits.labelHits = 8
        return DocumentSuggestions(database: database, today: today, limits: limits, peopleLimit: people)
    }

    /// One fact and where the document stands on it.
    public struct Suggestion: Hashable, Sendable {
        public enum Status: Hashable, Sendable {
            /// The document has no value for it: applying sets it.
            case new
            /// The document already holds this value.
            case applied
            /// A person gave the document another value; only `overwrite` replaces it.
            case differs(current: String)
            /// The document has no place for this field (a number, a name, a birth date): shown only.
            case notKept
        }

        public let fact: SuggestedFact
        public let status: Status
        public var isPending: Bool { status == .new || status.isDiffering }
    }

    public struct Report: Sendable {
        public let details: DocumentDetails
        public let reading: DocumentFacts.Reading
        public let suggestions: [Suggestion]
        /// Whether the text was read for this report; false: the facts kept since they were last read were used.
        public let readNow: Bool

        /// Facts applying would change (new, or differing from what a person gave).
        public var pending: [Suggestion] { suggestions.filter(\.isPending) }
        public func suggestion(_ field: FactField) -> Suggestion? { suggestions.first { $0.fact.field == field } }
    }

    /// What `apply` did.
    public struct Applied: Sendable {
        public let details: DocumentDetails
        /// Fields set, with the value they replaced (nil where there was none).
        public var set: [(fact: SuggestedFact, replaced: String?)] = []
        /// Fields left as a person gave them (without `overwrite`), with that value.
        public var kept: [(fact: SuggestedFact, current: String)] = []
        /// Fields asked for that the document has no place for, or that the text does not give.
        public var notKept: [FactField] = []
        public var missing: [FactField] = []
    }

    /// The suggestions for one document within `reach`; a document outside it is not found.
    public func report(_ reference: String, within reach: Reach = .everything) throws -> Report {
        let details = try database.findDocument(reference)
        guard reach.includes(details.household.id) else { throw StoreError.noSuchDocument(reference) }
        return try report(details)
    }

    /// Every document within reach (of one household, when given) whose facts are not all applied.
    public func pendingReports(householdID: RecordID? = nil, within reach: Reach = .everything) throws -> [Report] {
        let documents = try database.documentListing(DocumentFilter(householdID: householdID, within: reach))
        return try documents.map { try report($0) }.filter { !$0.pending.isEmpty }
    }

    public func report(_ details: DocumentDetails) throws -> Report {
        try report(details, people: nil)
    }

    /// The reports of a batch of documents (those `doc add` just filed), in their order: the same as
    /// `report` of each, but each household's staff are read once, and the texts are read on as many
    /// threads as there are cores, and what they read is kept in one transaction. Each is what `report`
    /// returns or throws. For the command line: a request's budget (`WorkBudget`) does not reach those threads.
    public func reports(_ batch: [DocumentDetails]) throws -> [Result<Report, any Error>] {
        var people: [RecordID: People] = [:]
        for household in Set(batch.map(\.household.id)) {
            // The stamp before the staff: a change after it draws a newer one (see `currentReading`).
            let stamp = try database.factsStamp(householdID: household)
            people[household] = People(stamp: stamp, candidates: try candidates(household))
        }
        let results = BatchResults(count: batch.count)
        ParallelWork.forEach(batch.count, width: ParallelWork.coreWidth) { [self, people] index in
            results.set(index, Result { try report(batch[index], people: people[batch[index].household.id], keep: results.keep) })
        }
        // Kept in one transaction; a write that fails (a busy vault) costs only a later reading.
        try? database.keepFacts(results.kept)
        return results.all
    }

    /// A household's staff as a batch read them, and its facts stamp taken before.
    struct People: Sendable {
        let stamp: Int
        let candidates: [PersonCandidate]
    }

    /// Each document's report as its thread made it.
    private final class BatchResults: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<Report, any Error>]
        private var keeping: [AppDatabase.KeptReading] = []

        init(count: Int) {
            results = Array(repeating: .failure(CancellationError()), count: count)
        }

        func set(_ index: Int, _ result: Result<Report, any Error>) { lock.withLock { results[index] = result } }
        func keep(_ reading: AppDatabase.KeptReading) { lock.withLock { keeping.append(reading) } }
        var all: [Result<Report, any Error>] { lock.withLock { results } }
        var kept: [AppDatabase.KeptReading] { lock.withLock { keeping } }
    }

    private func report(_ details: DocumentDetails, people: People?, keep: ((AppDatabase.KeptReading) -> Void)? = nil) throws -> Report {
        let (reading, readNow) = try currentReading(details, people: people, keep: keep)
        let suggestions = reading.facts.map { Suggestion(fact: $0, status: Self.status(of: $0, in: details)) }
        return Report(details: details, reading: reading, suggestions: suggestions, readNow: readNow)
    }

    /// The document's facts as kept while nothing they were read from has changed (format 20); else
    /// read now, within the request's budget (`WorkBudget`; past it nothing is kept and the budget's
    /// error is thrown), and kept. True when read now. `people`: its household's staff, read (after
    /// the stamp) for a batch; nil: read here. `keep`: where a batch collects what to keep; nil: kept here.
    func currentReading(_ details: DocumentDetails, people: People? = nil,
                        keep: ((AppDatabase.KeptReading) -> Void)? = nil) throws -> (DocumentFacts.Reading, Bool) {
        let country = Self.country(of: details.household)
        let inputs = "reading \(DocumentFacts.readingVersion), today \(today), country \(country ?? "none")"
        let document = details.document.id
        if let kept = try database.keptFacts(of: document, reader: reader, inputs: inputs) { return (kept, false) }
        // The stamp first: anything that changes after it draws a newer one, so what is read below is never kept as current when it is not.
        let stamp = try people?.stamp ?? database.factsStamp(householdID: details.household.id)
        // The document's own text where its household read it with a password (format 14).
        let text = try database.pages(of: details.document).map(\.text).joined(separator: "\n")
        let reading = DocumentFacts.read(text: text, today: today, country: country,
                                         candidates: try people?.candidates ?? candidates(details.household.id), limits: limits)
        if reading.work.stopped {
            try WorkBudget.checkCurrent()
            throw WorkBudgetError.exceeded(seconds: WorkBudget.current?.seconds ?? 0)
        }
        let kept = AppDatabase.KeptReading(reading: reading, document: document, reader: reader, inputs: inputs, stamp: stamp)
        if let keep { keep(kept); return (reading, true) }
        // Kept for later views; a write that fails (a busy vault) costs only a later reading.
        try? database.keepFacts([kept])
        return (reading, true)
    }

    /// Which reading the kept facts are: the web's (less text, fewer labels and people) is kept apart from the command line's.
    var reader: String { "\(limits.key), people \(peopleLimit.map(String.init) ?? "all")" }

    /// Sets the facts asked for (`only`, or all) in one transaction: kind, issue and expiry dates,
    /// and the link to the person. A value a person gave is kept unless `overwrite`.
    public func apply(document reference: String, only: Set<FactField>? = nil, overwrite: Bool = false,
                      within reach: Reach = .everything) throws -> Applied {
        // Read outside the transaction (the text and the staff); decided inside it, on the document as it is then.
        let facts = try report(reference, within: reach).reading.facts
        var outcome: (set: [(SuggestedFact, String?)], kept: [(SuggestedFact, String)], notKept: [FactField], missing: [FactField]) = ([], [], [], [])
        let details = try database.updateDocument(reference, within: reach) { details in
            var update = DocumentUpdate()
            let wanted = only.map { FactField.allCases.filter($0.contains) } ?? facts.map(\.field)
            for field in wanted {
                guard let fact = facts.first(where: { $0.field == field }) else { outcome.missing.append(field); continue }
                switch Self.status(of: fact, in: details) {
                case .applied: continue
                case .notKept: if only != nil { outcome.notKept.append(field) }
                case .differs(let current) where !overwrite: outcome.kept.append((fact, current))
                case .differs(let current):
                    Self.set(fact, in: &update)
                    outcome.set.append((fact, current))
                case .new:
                    Self.set(fact, in: &update)
                    outcome.set.append((fact, nil))
                }
            }
            return update
        }
        var applied = Applied(details: details)
        applied.set = outcome.set.map { (fact: $0.0, replaced: $0.1) }
        applied.kept = outcome.kept.map { (fact: $0.0, current: $0.1) }
        applied.notKept = outcome.notKept
        applied.missing = outcome.missing
        return applied
    }

    // MARK: - Rules

    /// Where the document stands on a fact: a kind of `other` and absent dates are no one's choice.
    static func status(of fact: SuggestedFact, in details: DocumentDetails) -> Suggestion.Status {
        let document = details.document
        func compare(_ current: String?, _ suggested: String) -> Suggestion.Status {
            guard let current else { return .new }
            return current == suggested ? .applied : .differs(current: current)
        }
        switch (fact.field, fact.value) {
        case (.kind, .kind(let kind)):
            if kind.documentKind == document.kind { return .applied }
            return document.kind == .other ? .new : .differs(current: document.kind.rawValue)
        case (.number, .text(let number)): return compare(document.number, number)
        case (.issued, .date(let date)): return compare(document.issuedOn?.description, date.description)
        case (.expiry, .date(let date)): return compare(document.expiresOn?.description, date.description)
        // A link is added beside any others: it replaces nothing.
        case (.person, .person(let id, _)): return details.staff.contains { $0.id == id } ? .applied : .new
        default: return .notKept
        }
    }

    static func set(_ fact: SuggestedFact, in update: inout DocumentUpdate) {
        switch (fact.field, fact.value) {
        case (.kind, .kind(let kind)): update.changes.kind = kind.documentKind
        case (.number, .text(let number)): update.changes.number = number
        case (.issued, .date(let date)): update.changes.issuedOn = date
        case (.expiry, .date(let date)): update.changes.expiresOn = date
        case (.person, .person(let id, _)): update.link.append(id)
        default: break
        }
    }

    /// The household's staff, by every name they go by: the only people a document may name.
    func candidates(_ household: RecordID) throws -> [PersonCandidate] {
        if let peopleLimit {
            // More people than that: none is suggested (the command line's `doc suggestions` matches them all).
            return try database.staffChoices(householdID: household, within: .everything, limit: peopleLimit)?.map(PersonCandidate.init) ?? []
        }
        let filter = StaffFilter(householdID: household, statuses: Set(EmploymentStatus.allCases), asOf: today)
        return try database.staffListing(filter).map { PersonCandidate($0.member) }
    }

    /// The country whose day-month order the household's papers follow, from its settlement rules'
    /// id (`ae-domestic-2022` is the United Arab Emirates); nil when it has none.
    static func country(of household: Household) -> String? {
        guard let rules = household.settlementRules, let prefix = rules.split(separator: "-").first, prefix.count == 2,
              prefix.allSatisfy(\.isLetter) else { return nil }
        return prefix.uppercased()
    }
}

extension DocumentSuggestions.Suggestion.Status {
    var isDiffering: Bool { if case .differs = self { return true } else { return false } }
}

extension DocumentSuggestions.Report {
    /// What the text says in one line, with the evidence of its firmest date: "passport of Maria
    /// Luisa Santos, number P1234567, expires 2031-03-14; evidence: the TD3 zone's line 2 (text line 5),
    /// check digits agree". Nil when the text gives no fact.
    public var summary: String? {
        guard let first = reading.facts.first else { return nil }
        let kind = reading.fact(.kind).map { $0.value.description.replacingOccurrences(of: "-", with: " ") } ?? "document"
        let zoneName = [reading.fact(.givenNames), reading.fact(.surname)].compactMap { $0?.value.description }.joined(separator: " ")
        let person = reading.fact(.person)?.value.description ?? zoneName
        var parts = [person.isEmpty ? kind : "\(kind) of \(person)"]
        if let number = reading.fact(.number) { parts.append("number \(number.value)") }
        if let issued = reading.fact(.issued) { parts.append("issued \(issued.value)") }
        if let expiry = reading.fact(.expiry) { parts.append("expires \(expiry.value)") }
        let evidence = (reading.fact(.expiry) ?? reading.fact(.number) ?? first).evidence.first
        return parts.joined(separator: ", ") + (evidence.map { "; evidence: \($0)" } ?? "")
    }
}
