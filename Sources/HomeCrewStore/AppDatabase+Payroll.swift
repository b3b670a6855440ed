import Foundation
import GRDB
import HomeCrewCore

/// A leave entry or an adjustment with the person it belongs to.
public struct StaffRecord<Value: Sendable>: Sendable {
    public let value: Value
    public let member: StaffMember
    public let household: Household
}

public struct LeaveBalanceLine: Sendable {
    public let member: StaffMember
    public let household: Household
    public let balance: LeaveBalance
}

extension AppDatabase {
    // MARK: Leave

    /// Records leave after checking it against the employment, the person's other leave and
    /// (for unpaid leave) closed payroll months.
    public func addLeave(_ reference: String, range: DateRange, halfDay: Bool, type: LeaveType,
                         note: String?) throws -> StaffRecord<LeaveEntry> {
        try write { db in
            let member = try Self.resolveStaff(reference, db)
            let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
            let existing = try LeaveEntry.all().forStaff([member.id]).fetchAll(db)
            let entry = try LeaveEntry(staffID: member.id, range: range, isHalfDay: halfDay, type: type, note: note)
                .validated(for: member, existing: existing)
            if type == .unpaid { try Self.guardClosedMonths(range, household: household, change: "unpaid leave \(range)", db) }
            try entry.insert(db)
            return StaffRecord(value: entry, member: member, household: household)
        }
    }

    public func removeLeave(_ reference: String) throws -> StaffRecord<LeaveEntry> {
        try write { db in
            let entry: LeaveEntry = try Self.resolveByID(reference, what: "leave entry", list: "homecrew leave list --all-households", db)
            let member = try StaffMember.fetchOne(db, key: entry.staffID.rawValue)!
            let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
            if entry.type == .unpaid {
                try Self.guardClosedMonths(entry.range, household: household, change: "removing unpaid leave \(entry.range)", db)
            }
            try entry.delete(db)
            return StaffRecord(value: entry, member: member, household: household)
        }
    }

    /// Leave of one person, or of everyone in the given households (nil: all), by date.
    public func leaveListing(staff reference: String?, householdID: RecordID?) throws -> [StaffRecord<LeaveEntry>] {
        try read { db in
            let people = try Self.people(reference, householdID: householdID, db)
            let entries = try LeaveEntry.all().forStaff(people.map(\.0.id)).fetchAll(db)
            let byID = Dictionary(uniqueKeysWithValues: people.map { ($0.0.id, $0) })
            return entries.map { StaffRecord(value: $0, member: byID[$0.staffID]!.0, household: byID[$0.staffID]!.1) }
        }
    }

    public func leaveBalances(staff reference: String?, householdID: RecordID?, year: Int,
                              asOf: CalendarDate, within reach: Reach = .everything) throws -> [LeaveBalanceLine] {
        try read { db in
            let people = try Self.people(reference, householdID: householdID, within: reach, db)
                .filter { reference != nil || $0.0.employment.overlaps(LeaveCalculator.yearRange(year)) }
            let leave = Dictionary(grouping: try LeaveEntry.all().forStaff(people.map(\.0.id)).fetchAll(db), by: \.staffID)
            return try people.map { member, household in
                let calculator = LeaveCalculator(carryOverCap: household.leaveCarryOverCap)
                return LeaveBalanceLine(member: member, household: household,
                                        balance: try calculator.balance(for: member, leave: leave[member.id] ?? [], year: year))
            }
        }
    }

    // MARK: Adjustments

    public func addAdjustment(_ reference: String, month: YearMonth, amount: String,
                              reason: String) throws -> StaffRecord<PayAdjustment> {
        try write { db in
            let details = try Self.details(of: Self.resolveStaff(reference, db), db)
            let household = details.household
            let currency = details.salaryHistory.salary(on: min(month.last, details.member.employment.end))?.currency
                ?? details.salaryHistory.current(asOf: month.first)?.currency
            guard let currency else { throw MoneyError.unknownCurrency("") }
            let adjustment = try PayAdjustment(staffID: details.member.id, month: month,
                                               amount: Money(parsing: amount, currency: currency), reason: reason).validated()
            try Self.guardClosedMonths(DateRange(month.first, month.last), household: household,
                                       change: "an adjustment for \(month)", db)
            try adjustment.insert(db)
            return StaffRecord(value: adjustment, member: details.member, household: household)
        }
    }

    public func removeAdjustment(_ reference: String) throws -> StaffRecord<PayAdjustment> {
        try write { db in
            let adjustment: PayAdjustment = try Self.resolveByID(reference, what: "adjustment", list: "homecrew pay adjustments --all-households", db)
            let member = try StaffMember.fetchOne(db, key: adjustment.staffID.rawValue)!
            let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
            try Self.guardClosedMonths(DateRange(adjustment.month.first, adjustment.month.last), household: household,
                                       change: "removing an adjustment for \(adjustment.month)", db)
            try adjustment.delete(db)
            return StaffRecord(value: adjustment, member: member, household: household)
        }
    }

    public func adjustmentListing(staff reference: String?, householdID: RecordID?) throws -> [StaffRecord<PayAdjustment>] {
        try read { db in
            let people = try Self.people(reference, householdID: householdID, db)
            let byID = Dictionary(uniqueKeysWithValues: people.map { ($0.0.id, $0) })
            return try PayAdjustment.all().forStaff(people.map(\.0.id)).fetchAll(db)
                .map { StaffRecord(value: $0, member: byID[$0.staffID]!.0, household: byID[$0.staffID]!.1) }
        }
    }

    // MARK: Closed months

    /// Records that a month is paid and keeps its advance instalments as they are now, so that
    /// nothing recorded later changes them; `closed` is false when it already was.
    public func closeMonth(_ month: YearMonth, householdID: RecordID) throws -> MonthClosing {
        try write { db in
            let people = try Self.people(nil, householdID: householdID, db)
            let report = try Self.payrollReport(Period.month(month), people: people, alsoAdvanceHolders: false, db)
            let unpaid = report.entries.filter { $0.outstanding.amount > 0 }
            guard try ClosedMonth.fetchOne(db, key: ["household_id": householdID.rawValue, "month": month.description]) == nil
            else { return MonthClosing(closed: false, unpaid: unpaid) }
            try ClosedMonth(householdID: householdID, month: month).insert(db)
            for deduction in report.entries.flatMap(\.line.deductions) {
                try FrozenDeduction(advanceId: deduction.advanceID, month: month.description, amount: deduction.amount.plainAmount).insert(db)
            }
            return MonthClosing(closed: true, unpaid: unpaid)
        }
    }

    /// Reopens a closed month, whose instalments are then worked out again; false when it was not closed.
    public func reopenMonth(_ month: YearMonth, householdID: RecordID) throws -> Bool {
        try write { db in
            try FrozenDeduction.filter(Column("month") == month.description)
                .filter(sql: "advance_id IN (SELECT a.id FROM advance a JOIN staff s ON s.id = a.staff_id WHERE s.household_id = ?)",
                        arguments: [householdID]).deleteAll(db)
            return try ClosedMonth.deleteOne(db, key: ["household_id": householdID.rawValue, "month": month.description])
        }
    }

    public func closedMonths(householdID: RecordID?) throws -> [ClosedMonth] {
        try read { db in
            var request = ClosedMonth.all().order(ClosedMonth.Columns.month)
            if let householdID { request = request.filter(ClosedMonth.Columns.householdID == householdID) }
            return try request.fetchAll(db)
        }
    }

    static func guardClosedMonths(_ affected: DateRange?, household: Household, change: String, _ db: Database) throws {
        let closed = try ClosedMonth.filter(ClosedMonth.Columns.householdID == household.id).fetchAll(db).map(\.month)
        try ClosedMonthGuard.check(affected, closed: closed, household: household.name, change: change)
    }

    // MARK: Payroll

    /// Payroll for the period over the given households (nil: every household), or of one person.
    public func payroll(_ period: Period, householdID: RecordID?, staffID: RecordID? = nil, within reach: Reach = .everything) throws -> PayrollReport {
        try read { db in
            try Self.payrollReport(period, people: Self.people(staffID?.rawValue, householdID: householdID, within: reach, db),
                                   alsoAdvanceHolders: false, db)
        }
    }

    /// Payroll of `people` for the period: everyone employed in it, anyone with an adjustment
    /// in it (a final bonus paid after leaving) and, when asked, anyone with an advance.
    static func payrollReport(_ period: Period, people: [(StaffMember, Household)], alsoAdvanceHolders: Bool,
                              _ db: Database) throws -> PayrollReport {
        let ids = people.map(\.0.id)
        let advances = try advanceFacts(of: ids, db)
        // The ledger of advances starts at their first repayment month, which may be before the period.
        let firstMonth = min(YearMonth(period.range.start), advances.values.joined().map(\.advance.repayment.firstMonth).min() ?? .latest)
        let lastMonth = YearMonth(period.range.end)
        let salaries = Dictionary(grouping: try CachedReads.salaries(of: ids, db), by: \.staffID)
        let leave = Dictionary(grouping: try CachedReads.leave(of: ids, db), by: \.staffID)
        let adjustments = Dictionary(grouping: try CachedReads.adjustments(of: ids, from: firstMonth, through: lastMonth, db), by: \.staffID)
        let inPeriod = Set(period.range.months.map(\.description))
        let closed = Dictionary(grouping: try CachedReads.closedMonths(of: Set(people.map(\.1.id)), db),
                                by: \.householdID).mapValues { Set($0.map(\.month)) }
        let payments = Dictionary(grouping: try paymentsOfPay(ids, from: YearMonth(period.range.start), through: lastMonth, db), by: \.staffID)
        let openings = try standingOpenings(of: Set(people.map(\.1.id)), db)
        let paid = people.filter { member, _ in
            member.employment.overlaps(period.range) || (adjustments[member.id] ?? []).contains { inPeriod.contains($0.month.description) }
                || (alsoAdvanceHolders && advances[member.id] != nil)
        }
        return try PayrollReport(period: period, inputs: paid.map { member, household in
            .init(household: household, member: member, salaries: SalaryHistory(salaries[member.id] ?? []),
                  leave: leave[member.id] ?? [], adjustments: adjustments[member.id] ?? [], advances: advances[member.id] ?? [],
                  closedMonths: closed[household.id] ?? [], payments: payments[member.id] ?? [],
                  settledThrough: LedgerOpening.settledThrough(for: member, among: openings))
        })
    }

    /// Payments of net pay (not reversed, not reversals) that pay a month in the range.
    static func paymentsOfPay(_ staff: [RecordID], from first: YearMonth, through last: YearMonth, _ db: Database) throws -> [Payment] {
        try Payment.withMonths(try CachedReads.paymentsOfPay(staff, from: first, through: last, db), db)
    }

    // MARK: Helpers

    /// One person (by reference) or everyone in a household (nil: all households), by name.
    static func people(_ reference: String?, householdID: RecordID?, _ db: Database) throws -> [(StaffMember, Household)] {
        let households = try Dictionary(uniqueKeysWithValues: Household.fetchAll(db).map { ($0.id, $0) })
        if let reference {
            let member = try resolveStaff(reference, db)
            return [(member, households[member.householdID]!)]
        }
        var request = StaffMember.all().orderedByName()
        if let householdID { request = request.inHousehold(householdID) }
        return try request.fetchAll(db).map { ($0, households[$0.householdID]!) }
    }

    /// A record by its full id or a unique prefix of at least four digits.
    static func resolveByID<Record: FetchableRecord & TableRecord>(_ reference: String, what: String, list: String,
                                                                   _ db: Database) throws -> Record {
        let trimmed = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = try Record.fetchOne(db, key: trimmed) { return exact }
        let matches = RecordID.couldBePrefix(trimmed)
            ? try Record.filter(Column("id").like("\(trimmed)%")).limit(2).fetchAll(db) : []
        switch matches.count {
        case 1: return matches[0]
        case 0: throw StoreError.noSuchRecord(what: what, reference: reference, list: list)
        default: throw StoreError.ambiguousRecord(what: what, reference: reference)
        }
    }
}

extension AppDatabase {
    /// Expiring documents, anniversaries and leaving dates across every household, and (`settlementDue`
    /// saying when the law wants it paid) each leaver's settlement not yet recorded.
    public func dueItems(_ list: DueList, within reach: Reach = .everything,
                         settlementDue: (StaffMember, Household) -> (payBy: CalendarDate, deadline: PaymentDeadline)? = { _, _ in nil }) throws -> [DueItem] {
        try read { db in
            let records = try Household.fetchAll(db).filter { reach.includes($0.id) }
            let households = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0.name) })
            let staff = try StaffMember.all().within(reach).fetchAll(db)
            let names = Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0.displayName) })
            let documents = try Document.filter(Document.Columns.expiresOn != nil && Document.Columns.expiresOn <= list.window.end).fetchAll(db)
                .filter { households[$0.householdID] != nil }
            let links = Dictionary(grouping: try DocumentStaffLink.filter(documents.map(\.id.rawValue).contains(Column("document_id"))).fetchAll(db),
                                   by: \.documentId)
            return try list.items(
                documents: documents.map { document in
                    DueList.DocumentFacts(document: document, householdName: households[document.householdID] ?? "",
                                          staffNames: (links[document.id] ?? []).compactMap { names[$0.staffId] }.sorted())
                },
                staff: staff.map { ($0, households[$0.householdID] ?? "") },
                settlements: try Self.settlementsDue(staff, Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) }), settlementDue, db))
        }
    }

    /// Leavers whose household's rules set a day to pay by, and whose settlement is not recorded.
    private static func settlementsDue(_ staff: [StaffMember], _ households: [RecordID: Household],
                                       _ settlementDue: (StaffMember, Household) -> (payBy: CalendarDate, deadline: PaymentDeadline)?,
                                       _ db: Database) throws -> [DueList.SettlementDue] {
        let due = staff.compactMap { member -> (StaffMember, Household, CalendarDate, PaymentDeadline)? in
            guard member.leavingDate != nil, let household = households[member.householdID],
                  let (payBy, deadline) = settlementDue(member, household) else { return nil }
            return (member, household, payBy, deadline)
        }
        let settled = try settledStaff(due.map(\.0), db)
        return due.filter { !settled.contains($0.0.id) }.map { DueList.SettlementDue(member: $0.0, householdName: $0.1.name, payBy: $0.2, deadline: $0.3) }
    }
}
