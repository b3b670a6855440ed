import Foundation
import GRDB
import HomeCrewCore

/// An opening with the household and (for a person's own) the person, and whether it was reversed.
public struct OpeningEntry: Sendable {
    public let opening: LedgerOpening
    public let household: Household
    public let member: StaffMember?
    /// The reversal that undid it.
    public let reversedBy: RecordID?

    /// "Sea View House" or "Asha Devi (Sea View House)".
    public var scope: String { member.map { "\($0.legalName) (\(household.name))" } ?? household.name }
}

extension LedgerOpening: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "ledger_opening"

    public enum Columns {
        static let id = Column("id")
        static let householdID = Column("household_id")
        static let staffID = Column("staff_id")
        static let settledThrough = Column("settled_through")
        static let reverses = Column("reverses")
        static let createdAt = Column("created_at")
    }

    public init(row: Row) throws {
        self.init(id: row["id"], householdID: row["household_id"], staffID: row["staff_id"], settledThrough: row["settled_through"],
                  recordedOn: row["recorded_on"], note: row["note"], reverses: row["reverses"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["household_id"] = householdID
        container["staff_id"] = staffID
        container["settled_through"] = settledThrough
        container["recorded_on"] = recordedOn
        container["note"] = note
        container["reverses"] = reverses
        container["created_at"] = Date()
    }
}

extension AppDatabase {
    // MARK: Openings

    /// Opens a household's ledger (or one person's) after `settledThrough`: the months up to it were
    /// settled before HomeCrew. Refused over a standing opening, in the future, before the people
    /// it covers started, or over payments of pay already recorded for the months it covers.
    public func openLedger(householdID: RecordID, staff: String?, settledThrough: YearMonth, today: CalendarDate, note: String?,
                           within reach: Reach = .everything) throws -> OpeningEntry {
        try write { db in
            try Self.insertOpening(householdID: householdID, staff: staff, settledThrough: settledThrough, today: today, note: note,
                                   within: reach, db)
        }
    }

    static func insertOpening(householdID: RecordID, staff: String?, settledThrough: YearMonth, today: CalendarDate, note: String?,
                              within reach: Reach, _ db: Database) throws -> OpeningEntry {
            guard reach.includes(householdID), let household = try Household.fetchOne(db, key: householdID.rawValue) else {
                throw StoreError.noSuchHousehold(householdID.rawValue)
            }
            let member = try staff.map { reference in
                let found = try Self.resolveStaff(reference, within: reach, db)
                guard found.householdID == householdID else { throw StoreError.noSuchStaff(reference) }
                return found
            }
            let everyone = try StaffMember.all().inHousehold(householdID).fetchAll(db)
            let opening = try LedgerOpening(householdID: householdID, staffID: member?.id, settledThrough: settledThrough,
                                            recordedOn: today, note: note).validated(today: today, people: member.map { [$0] } ?? everyone)
            let standing = try Self.standingOpenings(of: [householdID], db)
            if let existing = standing.first(where: { $0.staffID == member?.id }) {
                throw OpeningViolation.alreadyOpened(member?.legalName ?? household.name, through: existing.settledThrough, id: existing.id.short)
            }
            // A household's opening covers those without one of their own.
            let covered: [RecordID] = if let member { [member.id] } else {
                everyone.map(\.id).filter { id in !standing.contains { $0.staffID == id } }
            }
            let paidMonths = try Self.paymentsOfPay(covered, from: Self.firstMonthEver, through: settledThrough, db)
                .flatMap(\.months).map(\.month).filter { $0 <= settledThrough }
            if !paidMonths.isEmpty {
                throw OpeningViolation.paymentsInCoveredMonths(settledThrough, months: Array(Set(paidMonths)).sorted())
            }
            try opening.insert(db)
            try guardCoveredMonthsUnpaid(householdID: householdID, db)
            return OpeningEntry(opening: opening, household: household, member: member, reversedBy: nil)
    }

    /// True while a household has neither an opening nor a payment of pay: its first payment is
    /// where the web's payment form offers to open the ledger.
    public func mayOfferOpening(householdID: RecordID) throws -> Bool {
        try read { db in
            try Self.standingOpenings(of: [householdID], db).isEmpty && !Self.hasPaymentOfPay(inHousehold: householdID, db)
        }
    }

    /// Records the entry that undoes an opening: the months it covered are owed again.
    /// With `householdID`, an opening of another household is as unknown as one that does not exist.
    public func reverseOpening(_ reference: String, on day: CalendarDate, note: String?, householdID: RecordID? = nil,
                               within reach: Reach = .everything) throws -> OpeningEntry {
        try write { db in
            let list = "homecrew pay opening --household NAME"
            let opening: LedgerOpening = try Self.resolveByID(reference, what: "opening", list: list, db)
            guard reach.includes(opening.householdID), householdID == nil || householdID == opening.householdID else { throw StoreError.noSuchRecord(what: "opening", reference: reference, list: list) }
            guard !opening.isReversal else { throw OpeningViolation.reversalOfReversal(opening.id.short) }
            guard try LedgerOpening.filter(LedgerOpening.Columns.reverses == opening.id).fetchCount(db) == 0 else {
                throw OpeningViolation.alreadyReversed(opening.id.short)
            }
            let reversal = try opening.reversal(on: day, note: note).validated(today: day, people: [])
            try reversal.insert(db)
            try Self.guardCoveredMonthsUnpaid(householdID: opening.householdID, db)
            return try Self.openingEntries([reversal], reversedBy: [:], db)[0]
        }
    }

    /// A household's openings and their reversals, oldest first: every one of them (`pay opening`
    /// lists them when asked), in three statements however many there are.
    public func openings(householdID: RecordID, within reach: Reach = .everything) throws -> [OpeningEntry] {
        try read { db in
            guard reach.includes(householdID) else { throw StoreError.noSuchHousehold(householdID.rawValue) }
            let all = try LedgerOpening.filter(LedgerOpening.Columns.householdID == householdID)
                .order(LedgerOpening.Columns.createdAt, LedgerOpening.Columns.id).fetchAll(db)
            let reversals = Dictionary(all.compactMap { opening in opening.reverses.map { ($0, opening.id) } }) { first, _ in first }
            return try Self.openingEntries(all, reversedBy: reversals, db)
        }
    }

    /// The openings in force in a household, oldest first: one per ledger at most, read without
    /// the openings reversed and made again before them (what the household page shows).
    public func standingOpenings(householdID: RecordID, within reach: Reach = .everything) throws -> [OpeningEntry] {
        try read { db in
            guard reach.includes(householdID) else { throw StoreError.noSuchHousehold(householdID.rawValue) }
            return try Self.openingEntries(Self.standingOpenings(of: [householdID], db), reversedBy: [:], db)
        }
    }

    /// Openings with their households and people, each read once.
    static func openingEntries(_ openings: [LedgerOpening], reversedBy reversals: [RecordID: RecordID], _ db: Database) throws -> [OpeningEntry] {
        let households = Dictionary(uniqueKeysWithValues: try Household.filter(keys: Set(openings.map(\.householdID.rawValue))).fetchAll(db)
            .map { ($0.id, $0) })
        let people = Dictionary(uniqueKeysWithValues: try CachedReads.staff(Set(openings.compactMap(\.staffID)), db).map { ($0.id, $0) })
        return openings.map { opening in
            OpeningEntry(opening: opening, household: households[opening.householdID]!, member: opening.staffID.flatMap { people[$0] },
                         reversedBy: reversals[opening.id])
        }
    }

    /// The month a household's first payment suggests opening its ledger after: the one before the
    /// earliest month it pays, when nothing opens the ledger yet and someone worked before then.
    public func suggestedOpening(householdID: RecordID) throws -> YearMonth? {
        try read { db in try Self.suggestedOpening(householdID: householdID, db) }
    }

    static func suggestedOpening(householdID: RecordID, _ db: Database) throws -> YearMonth? {
        guard try standingOpenings(of: [householdID], db).isEmpty else { return nil }
        let staff = try StaffMember.all().inHousehold(householdID).fetchAll(db)
        guard let first = try paymentsOfPay(staff.map(\.id), from: firstMonthEver, through: .latest, db).flatMap(\.months).map(\.month).min(),
              staff.contains(where: { YearMonth($0.startDate) < first }) else { return nil }
        return first.previous
    }

    static let firstMonthEver = try! YearMonth(parsing: "1900-01")

    /// Openings of the households that stand: neither a reversal nor undone by one.
    static func standingOpenings(of households: Set<RecordID>, _ db: Database) throws -> [LedgerOpening] {
        try CachedReads.standingOpenings(of: households, db)
    }

    /// The month a person's ledger opens after, if it has an opening.
    static func settledThrough(of member: StaffMember, _ db: Database) throws -> YearMonth? {
        LedgerOpening.settledThrough(for: member, among: try standingOpenings(of: [member.householdID], db))
    }

    /// The rule every change of openings keeps (an opening, a reversal, an import): no payment of
    /// pay that stands is for a month that the openings now in force cover for its person. A
    /// person's own opening reversed hands them back to the household's, which may cover more.
    static func guardCoveredMonthsUnpaid(householdID: RecordID, _ db: Database) throws {
        let standing = try standingOpenings(of: [householdID], db)
        guard let latest = standing.map(\.settledThrough).max() else { return }
        let rows = try Row.fetchAll(db, sql: """
            SELECT p.staff_id, pm.month FROM staff s
            JOIN payment_standing p ON p.staff_id = s.id AND p.purpose = 'payroll'
            JOIN payment_month pm ON pm.payment_id = p.payment_id
            WHERE s.household_id = ? AND pm.month <= ?
            """, arguments: [householdID.rawValue, latest.description])
        let households = standing.first { $0.staffID == nil }?.settledThrough
        let own = Dictionary(standing.compactMap { opening in opening.staffID.map { ($0, opening.settledThrough) } }) { first, _ in first }
        var covered: [YearMonth] = [], through = latest
        for row in rows {
            let staff = RecordID(rawValue: row["staff_id"]), month = try YearMonth(parsing: row["month"] as String)
            if let limit = own[staff] ?? households, month <= limit { covered.append(month); through = limit }
        }
        if !covered.isEmpty { throw OpeningViolation.paymentsInCoveredMonths(through, months: Array(Set(covered)).sorted()) }
    }

    /// The ledger keeps every household and person an opening names.
    static func guardOpenings(household: RecordID?, staff: [RecordID], name: String, _ db: Database) throws {
        var request = LedgerOpening.filter(staff.contains(LedgerOpening.Columns.staffID))
        if let household { request = LedgerOpening.filter(LedgerOpening.Columns.householdID == household) }
        let count = try request.fetchCount(db)
        if count > 0 { throw StoreError.constraint("\(name) is named by \(counted(count, "ledger opening")), which the ledger keeps") }
    }
}
