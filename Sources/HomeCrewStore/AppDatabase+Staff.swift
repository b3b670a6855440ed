import Foundation
import GRDB
import HomeCrewCore

/// A staff member with the household they work for and their salary history.
public struct StaffDetails: Hashable, Sendable {
    public let member: StaffMember
    public let household: Household
    public let salaryHistory: SalaryHistory
}

/// Which staff a listing shows.
public struct StaffFilter: Sendable {
    /// Nil means every household.
    public var householdID: RecordID?
    public var statuses: Set<EmploymentStatus>
    public var asOf: CalendarDate
    /// The households the person asking may see.
    public var reach: Reach

    public init(householdID: RecordID?, statuses: Set<EmploymentStatus>, asOf: CalendarDate, within reach: Reach = .everything) {
        self.householdID = householdID
        self.reach = reach
        self.statuses = statuses
        self.asOf = asOf
    }
}

/// What `staff edit` changes. Nil leaves a field alone; an empty known-as or duties text
/// clears it; `clearLeavingDate` removes the leaving date, `clearLanguage` the language.
public struct StaffChanges: Sendable {
    public var legalName: String?
    public var knownAs: String?
    public var startDate: CalendarDate?
    public var leavingDate: CalendarDate?
    public var clearLeavingDate = false
    public var annualLeave: LeaveDays?
    public var duties: String?
    public var contractGratuityDays: Int?
    public var contractGratuityMonthDays: Int?
    public var contractGratuityMinimumYears: Int?
    public var clearContractGratuity = false
    public var language: StaffLanguage?
    public var clearLanguage = false

    public init() {}
}

extension AppDatabase {
    // MARK: Reads

    /// Finds one staff member by full id, legal or known-as name (ignoring case), a unique
    /// id prefix of at least four digits, or else a unique whole word of a name.
    public func findStaff(_ reference: String, within reach: Reach = .everything) throws -> StaffDetails {
        try read { db in try Self.details(of: Self.resolveStaff(reference, within: reach, db), db) }
    }

    public func staffListing(_ filter: StaffFilter) throws -> [StaffDetails] {
        try read { db in
            var request = StaffMember.all().orderedByName()
            if let householdID = filter.householdID { request = request.inHousehold(householdID) }
            request = request.within(filter.reach)
            let members = try request.fetchAll(db).filter { filter.statuses.contains($0.status(asOf: filter.asOf)) }
            let households = try Dictionary(uniqueKeysWithValues: Household.fetchAll(db).map { ($0.id, $0) })
            // The salaries of the same people, asked as a subquery: never every household's.
            let chosen = request.select(StaffMember.Columns.id)
            var entries = try Dictionary(grouping: SalaryEntry.filter(chosen.contains(SalaryEntry.Columns.staffID)).fetchAll(db), by: \.staffID)
            return members.map { member in
                StaffDetails(member: member, household: households[member.householdID]!,
                             salaryHistory: SalaryHistory(entries.removeValue(forKey: member.id) ?? []))
            }
        }
    }

    /// People whose legal or known-as name holds every word (ignoring case, in any script: a
    /// word is found inside a name, so "田中" finds "田中花子"), within reach and, when given, one
    /// household; those with a name word equal to a query word first, then by name.
    public func staffMatching(_ words: [String], householdID: RecordID? = nil, within reach: Reach, limit: Int) throws -> [StaffDetails] {
        let keys = Self.nameKeys(words)
        guard !keys.isEmpty, limit > 0 else { return [] }
        return try read { db in try Self.staffMatching(keys: keys, householdID: householdID, within: reach, limit: limit, db) }
    }

    static func nameKeys(_ words: [String]) -> [String] { words.map(NameKey.of).filter { !$0.isEmpty } }

    /// `staffMatching` in a read of the caller's; `keys` are the words' `nameKeys`, not empty.
    static func staffMatching(keys: [String], householdID: RecordID?, within reach: Reach, limit: Int, _ db: Database) throws -> [StaffDetails] {
        let asciiWords = keys.compactMap(StaffNames.asciiWord)
        let found = try StaffNames.inOrder(householdID: householdID, within: reach, db).compactMap { named -> (id: String, wholeWords: Int)? in
            let names = named.key
            guard asciiWords.allSatisfy(named.mayHold), keys.allSatisfy({ names.contains($0) }) else { return nil }
            let nameWords = Set(names.split(whereSeparator: \.isWhitespace).map(String.init))
            return (named.id, keys.filter(nameWords.contains).count)
        }
        // A stable sort: equal counts keep the order by name.
        let ranked = found.enumerated().sorted { ($1.element.wholeWords, $0.offset) < ($0.element.wholeWords, $1.offset) }
        return try ranked.prefix(limit).compactMap { try CachedReads.staff($0.element.id, db) }.map { try Self.details(of: $0, db) }
    }

    static func details(of member: StaffMember, _ db: Database) throws -> StaffDetails {
        let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
        let entries = try SalaryEntry.all().forStaff(member.id).fetchAll(db)
        return StaffDetails(member: member, household: household, salaryHistory: SalaryHistory(entries))
    }

    /// Finds a staff member among the households `reach` covers only: a name or id outside it
    /// is not found, exactly like one that does not exist, and no candidate list names it.
    static func resolveStaff(_ reference: String, within reach: Reach = .everything, _ db: Database) throws -> StaffMember {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if let exact = try CachedReads.staff(trimmed, db) {
            guard reach.includes(exact.householdID) else { throw StoreError.noSuchStaff(reference) }
            return exact
        }

        let key = NameKey.of(trimmed)
        let everyone = try StaffMember.all().within(reach).fetchAll(db)
        var matches = everyone.filter { NameKey.of($0.legalName) == key || $0.knownAs.map(NameKey.of) == key }
        if matches.isEmpty, RecordID.couldBePrefix(trimmed) {
            matches = try StaffMember.filter(StaffMember.Columns.id.like("\(trimmed)%")).fetchAll(db).filter { reach.includes($0.householdID) }
        }
        if matches.isEmpty {
            // Last, one whole word of a name: "asha" finds "Asha Devi Kumari" when she is the only one.
            matches = everyone.filter { member in
                [member.legalName, member.knownAs].compactMap { $0 }.contains { name in
                    NameKey.of(name).split(whereSeparator: \.isWhitespace).contains { $0 == key }
                }
            }
        }
        switch matches.count {
        case 0: throw StoreError.noSuchStaff(reference)
        case 1: return matches[0]
        default:
            let households = try Dictionary(uniqueKeysWithValues: Household.fetchAll(db).map { ($0.id, $0.name) })
            throw StoreError.ambiguousStaff(reference, candidates: matches.sorted { $0.id < $1.id }.map {
                StaffCandidate(id: $0.id, legalName: $0.legalName, knownAs: $0.knownAs,
                               householdName: households[$0.householdID] ?? "?")
            })
        }
    }

    // MARK: Writes

    /// The ledger keeps everyone it names: someone paid or given an advance is never removed.
    static func guardLedger(of staff: [StaffMember], _ db: Database) throws {
        for member in staff {
            let count = try Payment.filter(Payment.Columns.staffID == member.id).fetchCount(db)
            if count > 0 { throw StoreError.hasPayments(name: member.legalName, count: count) }
            try guardOpenings(household: nil, staff: [member.id], name: member.legalName, db)
        }
    }

    /// Adds a staff member and their first salary, which takes effect on the start date.
    public func addStaff(_ draft: StaffMember, salary: Money) throws -> StaffDetails {
        let member = try draft.validated()
        let entry = try SalaryEntry(staffID: member.id, effectiveFrom: member.startDate, salary: salary).validated()
        return try write { db in
            let household = try Household.fetchOne(db, key: member.householdID.rawValue)
                ?? { throw StoreError.noSuchHousehold(member.householdID.rawValue) }()
            try Self.guardClosedMonths(member.employment, household: household, change: "adding \(member.legalName)", db)
            try member.insert(db)
            try entry.insert(db)
            return try Self.details(of: member, db)
        }
    }

    public func editStaff(_ reference: String, _ changes: StaffChanges) throws -> StaffDetails {
        try write { db in
            let before = try Self.resolveStaff(reference, db)
            var member = before
            if let name = changes.legalName { member.legalName = name }
            if let knownAs = changes.knownAs { member.knownAs = knownAs }
            if let start = changes.startDate { member.startDate = start }
            if let leaving = changes.leavingDate { member.leavingDate = leaving }
            if changes.clearLeavingDate { member.leavingDate = nil }
            if let leave = changes.annualLeave { member.annualLeave = leave }
            if let duties = changes.duties { member.duties = duties }
            if let language = changes.language { member.language = language }
            if changes.clearLanguage { member.language = nil }
            if let days = changes.contractGratuityDays { member.contractGratuityDays = days }
            if let days = changes.contractGratuityMonthDays { member.contractGratuityMonthDays = days }
            if let years = changes.contractGratuityMinimumYears { member.contractGratuityMinimumYears = years }
            if changes.clearContractGratuity {
                (member.contractGratuityDays, member.contractGratuityMonthDays, member.contractGratuityMinimumYears) = (nil, 30, 0)
            }
            return try Self.save(member, changedFrom: before, change: "changing the employment dates of", db)
        }
    }

    /// Saves a changed staff record: checked, refused when the days it adds or removes from the
    /// employment fall in a closed month (`change` names what was done, before the person's name),
    /// the first salary following a moved start date.
    static func save(_ changed: StaffMember, changedFrom before: StaffMember, change: String, _ db: Database) throws -> StaffDetails {
        let member = try changed.validated()
        let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
        try guardClosedMonths(ClosedMonthGuard.difference(before.employment, member.employment), household: household,
                              change: "\(change) \(member.legalName)", db)
        try member.update(db)
        if member.startDate != before.startDate { try moveFirstSalary(of: member, db) }
        return try details(of: member, db)
    }

    /// The first salary entry always takes effect on the start date, so it follows the
    /// start date when that moves; a move past a later salary change is refused.
    private static func moveFirstSalary(of member: StaffMember, _ db: Database) throws {
        let entries = try SalaryEntry.all().forStaff(member.id).order(SalaryEntry.Columns.effectiveFrom).fetchAll(db)
        guard var first = entries.first else { return }
        if entries.count > 1, member.startDate >= entries[1].effectiveFrom {
            throw RuleViolation.startAfterSalaryChange(start: member.startDate, change: entries[1].effectiveFrom)
        }
        try first.delete(db)
        first.effectiveFrom = member.startDate
        try first.insert(db)
    }

    /// Records the leaving date.
    public func endEmployment(_ reference: String, on date: CalendarDate) throws -> StaffDetails {
        var changes = StaffChanges()
        changes.leavingDate = date
        return try editStaff(reference, changes)
    }

    /// Removes a staff member and their salary history. Linked documents stay with the
    /// household; removing someone who has them needs `cascade`, which unlinks them.
    public func removeStaff(_ reference: String, cascade: Bool = false) throws -> StaffDetails {
        try write { db in
            let details = try Self.details(of: Self.resolveStaff(reference, db), db)
            try Self.guardLedger(of: [details.member], db)
            let links = DocumentStaffLink.filter(Column("staff_id") == details.member.id)
            let linked = try links.fetchCount(db)
            if linked > 0 && !cascade { throw StoreError.staffHasDocuments(name: details.member.legalName, count: linked) }
            try Self.guardClosedMonths(details.member.employment, household: details.household,
                                       change: "removing \(details.member.legalName)", db)
            try links.deleteAll(db)
            try details.member.delete(db)
            return details
        }
    }

    /// Adds a salary that takes effect on `from`. Without a currency, the one in force on
    /// that day (or the first one) is kept.
    public func setSalary(
        _ reference: String, amount: String, currency: Currency?, from: CalendarDate
    ) throws -> SalaryEntry {
        try write { db in
            let details = try Self.details(of: Self.resolveStaff(reference, db), db)
            let member = details.member
            guard from >= member.startDate else {
                throw RuleViolation.salaryBeforeStart(from: from, start: member.startDate)
            }
            if details.salaryHistory.entries.contains(where: { $0.effectiveFrom == from }) {
                throw StoreError.salaryEntryExists(staff: member.legalName, on: from)
            }
            let chosen = currency ?? details.salaryHistory.current(asOf: from)?.currency
            guard let chosen else { throw MoneyError.unknownCurrency("") }
            let entry = try SalaryEntry(
                staffID: member.id, effectiveFrom: from, salary: Money(parsing: amount, currency: chosen)
            ).validated()
            let next = details.salaryHistory.entries.first { $0.effectiveFrom > from }?.effectiveFrom
            let affected = ClosedMonthGuard.salaryDays(from: from, nextChange: next, employment: member.employment)
            try Self.guardClosedMonths(affected, household: details.household,
                                       change: "a salary from \(from)", db)
            try entry.insert(db)
            return entry
        }
    }
}
