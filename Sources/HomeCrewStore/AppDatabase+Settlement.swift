import GRDB
import HomeCrewCore

extension AppDatabase {
    // MARK: Settlement

    /// What a settlement is worked out from, as if the person left on `leaving`: the final month's
    /// pay and what was paid of it, the leaving year's leave, advances left, the last wage. Nothing
    /// is written. Without `contractGratuity`, the person's own contract gratuity (if any) is used.
    public func settlementFacts(_ reference: String, leaving: CalendarDate, reason: LeavingReason, noticeGiven: CalendarDate?,
                                contractGratuity: GratuityRule?, within reach: Reach = .everything) throws -> (SettlementFacts, Household) {
        try read { db in
            let member = try Self.resolveStaff(reference, within: reach, db)
            guard leaving >= member.startDate else { throw RuleViolation.leavingBeforeStart(start: member.startDate, leaving: leaving) }
            var leaver = member
            leaver.leavingDate = leaving
            let household = try Household.fetchOne(db, key: member.householdID.rawValue)!
            let month = YearMonth(leaving)
            let payroll = try Self.payrollReport(.month(month), people: [(leaver, household)], alsoAdvanceHolders: true, db)
            let salaries = SalaryHistory(try SalaryEntry.filter(SalaryEntry.Columns.staffID == member.id).fetchAll(db))
            guard let wage = salaries.salary(on: leaving) else { throw StoreError.constraint("\(member.legalName) has no salary on \(leaving)") }
            let owed = OwedReport(payroll: payroll).rows.first { $0.member.id == member.id && $0.currency == wage.currency }
            let leave = try LeaveEntry.all().forStaff([member.id]).fetchAll(db)
            let balance = try LeaveCalculator(carryOverCap: household.leaveCarryOverCap).balance(for: leaver, leave: leave, year: leaving.year)
            let everyYear = try LeaveCalculator(carryOverCap: LeaveDays(halfDays: .max / 4)).balance(for: leaver, leave: leave, year: leaving.year)
            var facts = SettlementFacts(
                member: leaver, leaving: leaving, reason: reason, noticeGiven: noticeGiven, lastWage: wage, finalMonth: month,
                finalMonthDue: owed?.due ?? .zero(wage.currency), finalMonthPaid: owed?.paid ?? .zero(wage.currency), leave: balance,
                advancesLeft: owed?.advancesLeft ?? .zero(wage.currency),
                contractGratuity: contractGratuity ?? member.contractGratuity)
            facts.finalMonthSettledBeforeHomeCrew = owed?.settledMonths.contains(month) ?? false
            (facts.salaries, facts.leaveEveryYear) = (salaries, everyYear)
            return (facts, household)
        }
    }
}

extension AppDatabase {
    /// Whether the person's settlement is recorded (see `settledStaff`).
    public func isSettled(_ member: StaffMember) throws -> Bool {
        try read { db in try Self.settledStaff([member], db).contains(member.id) }
    }

    /// Of these people, those whose settlement is recorded: a standing entry of purpose settlement,
    /// or the payroll entry a settlement wrote when it owed only final pay (its note begins so and its
    /// proof is the statement), or a ledger opening that covers the leaving month (settled before
    /// HomeCrew). The ids go as one JSON list: a household of any size is one statement.
    static func settledStaff(_ members: [StaffMember], _ db: Database) throws -> Set<RecordID> {
        guard !members.isEmpty else { return [] }
        let ids = try RecordID.fetchSet(db, sql: """
            SELECT p.staff_id FROM payment_standing s JOIN payment p ON p.id = s.payment_id
            WHERE s.staff_id IN (SELECT value FROM json_each(?))
            AND (p.purpose = 'settlement' OR (p.note GLOB ? AND EXISTS (
                SELECT 1 FROM payment_proof pp JOIN document d ON d.id = pp.document_id
                WHERE pp.payment_id = p.id AND d.original_name GLOB 'final-settlement-*')))
            """, arguments: [try CachedReads.list(members.map(\.id)), SettlementRecording.notePrefix + "*"])
        var settled = ids
        let openings = try standingOpenings(of: Set(members.map(\.householdID)), db)
        for member in members {
            guard let leaving = member.leavingDate, let through = LedgerOpening.settledThrough(for: member, among: openings) else { continue }
            if through >= YearMonth(leaving) { settled.insert(member.id) }
        }
        return settled
    }
}

/// A previewed settlement to record: what the preview found, and how it is paid.
public struct SettlementRecording: Sendable {
    public var staff: String
    public var leaving: CalendarDate
    public var finalMonth: YearMonth
    /// Final pay still owed for the final month, as the preview found it.
    public var finalPay: Money
    /// Leave, notice and gratuity together.
    public var extras: Money
    public var paidOn: CalendarDate
    public var method: PaymentMethod
    public var reference: String?
    public var note: String
    /// Documents to keep with the settlement (its statement).
    public var proof: [String] = []
    /// New documents recorded in the same transaction as the entries, as their proof (the statement
    /// read before): a settlement is never kept without its statement, nor the statement without it.
    public var filing: [DocumentFiling] = []
    public var reach: Reach = .everything

    /// How every entry a settlement records begins its note ("final settlement by hk-cap57 from 2025-05-01").
    public static let notePrefix = "final settlement by "

    public init(staff: String, leaving: CalendarDate, finalMonth: YearMonth, finalPay: Money, extras: Money, paidOn: CalendarDate,
                method: PaymentMethod, reference: String? = nil, note: String) {
        (self.staff, self.leaving, self.finalMonth, self.finalPay, self.extras) = (staff, leaving, finalMonth, finalPay, extras)
        (self.paidOn, self.method, self.reference, self.note) = (paidOn, method, reference, note)
    }
}

extension AppDatabase {
    /// Records a settlement in one transaction: the leaving date; each open advance repaid by
    /// deduction (a repayment entry); the final month's pay (a payroll payment); leave, notice and
    /// gratuity (a settlement payment, with the statement as its proof, filed here when it is new).
    /// Like every ledger entry, each is undone only by reversal. With `dryRun` everything is checked and nothing is kept.
    public func recordSettlement(_ recording: SettlementRecording, dryRun: Bool = false) throws -> [PaymentEntry] {
        try write(dryRun: dryRun) { db in
            let details = try Self.recordLeaving(recording, db), member = details.member
            if let earlier = try Payment.filter(Payment.Columns.staffID == member.id).of(.settlement).standing().fetchOne(db) {
                throw SettlementError.alreadySettled(member.legalName, paidOn: earlier.paidOn, entry: earlier.id.short)
            }
            let currency = recording.finalPay.currency
            let entries = try Self.repayAdvancesByDeduction(member, details.household, recording, db)
            // The final month as it stands after the repayments: the preview's figure, or the ledger moved under us.
            let payroll = try Self.payrollReport(.month(recording.finalMonth), people: [(member, details.household)], alsoAdvanceHolders: false, db)
            let owed = OwedReport(payroll: payroll).rows.first { $0.member.id == member.id && $0.currency == currency }?.outstanding ?? .zero(currency)
            guard owed == recording.finalPay else {
                throw StoreError.constraint("the final month's pay is now \(owed), not \(recording.finalPay) as previewed; preview again")
            }
            var inserted: [Payment] = []
            if owed.amount > 0 {
                let pay = try Payment(staffID: member.id, paidOn: recording.paidOn, amount: owed, method: recording.method,
                                      reference: recording.reference, note: recording.note, purpose: .payroll,
                                      months: [MonthShare(month: recording.finalMonth, amount: owed)]).validated()
                try pay.insertWithMonths(db)
                inserted.append(pay)
            }
            if recording.extras.amount > 0 {
                let settlement = try Payment(staffID: member.id, paidOn: recording.paidOn, amount: recording.extras, method: recording.method,
                                             reference: recording.reference, note: recording.note, purpose: .settlement).validated()
                try settlement.insertWithMonths(db)
                inserted.append(settlement)
            }
            guard let last = inserted.last else { throw SettlementError.nothingToPay(currency.code) }
            let filed = try recording.filing.map { try Self.insertOrFind($0, within: recording.reach, db).id.rawValue }
            // A statement filed before (the same settlement after a reversal) is linked to the
            // person here, as a new one is: in this transaction, so a refused settlement links nothing.
            for reference in recording.proof {
                try Self.link(Self.resolveDocument(reference, db), to: [member.id.rawValue], within: recording.reach, db)
            }
            _ = try Self.attachProof(recording.proof + filed, to: last, of: details, within: recording.reach, db)
            return try entries + inserted.map { try Self.entry($0, db) }
        }
    }

    private static func recordLeaving(_ recording: SettlementRecording, _ db: Database) throws -> StaffDetails {
        let before = try resolveStaff(recording.staff, within: recording.reach, db)
        var member = before
        member.leavingDate = recording.leaving
        return try save(member, changedFrom: before, change: "ending the employment of", db)
    }

    private static func repayAdvancesByDeduction(_ member: StaffMember, _ household: Household, _ recording: SettlementRecording,
                                                 _ db: Database) throws -> [PaymentEntry] {
        let payroll = try payrollReport(.month(recording.finalMonth), people: [(member, household)], alsoAdvanceHolders: true, db)
        // The payroll's advances are those that stand.
        return try (payroll.advances[member.id]?.statements ?? []).compactMap { statement in
            let left = statement.left(through: recording.finalMonth)
            guard left.amount > 0 else { return nil }
            let repayment = try Payment(staffID: member.id, paidOn: recording.paidOn, amount: left, method: recording.method,
                                        note: "deducted from the final settlement", purpose: .repayment,
                                        advanceID: statement.advance.id).validated()
            try repayment.insertWithMonths(db)
            return try entry(repayment, db)
        }
    }
}
