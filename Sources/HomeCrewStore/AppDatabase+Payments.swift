import Foundation
import GRDB
import HomeCrewCore

/// What `pay record` and the web's payment form ask for.
public struct PaymentRequest: Sendable {
    public var staff: String
    public var amount: String
    /// Nil: the salary's currency on the day paid.
    public var currency: Currency?
    public var paidOn: CalendarDate
    public var method: PaymentMethod
    /// The payroll months paid; empty: the oldest months still owed, up to the month paid in.
    public var months: [YearMonth]
    public var reference: String?
    public var note: String?
    /// Documents (ids or prefixes) that prove it, of the person's household.
    public var proof: [String]
    /// New documents recorded in the same transaction as the payment, as its proof (files read
    /// before, the receipt to sign): a payment is never kept without them, nor they without it.
    public var filing: [DocumentFiling] = []
    /// The payment's id; nil: a new one. Given, a dry run and the real write make the same payment.
    public var id: RecordID?
    public var reach: Reach
    /// Opens the household's ledger after this month first, in the same transaction (the web's
    /// offer with a household's first payment).
    public var openingThrough: YearMonth?
    /// The day the opening is made (today, not the payment's day, which may be mistyped into the future).
    public var openingOn: CalendarDate?

    public init(staff: String, amount: String, currency: Currency? = nil, paidOn: CalendarDate, method: PaymentMethod,
                months: [YearMonth] = [], reference: String? = nil, note: String? = nil, proof: [String] = [], reach: Reach = .everything) {
        (self.staff, self.amount, self.currency, self.paidOn, self.method, self.months) = (staff, amount, currency, paidOn, method, months)
        (self.reference, self.note, self.proof, self.reach) = (reference, note, proof, reach)
    }
}

/// What `advance add` asks for.
public struct AdvanceRequest: Sendable {
    public enum Repay: Sendable {
        case perMonth(String)
        case instalments(Int)
    }

    public var staff: String
    public var kind: Advance.Kind
    public var amount: String
    public var givenOn: CalendarDate
    public var repay: Repay
    /// Nil: the month after the one given in.
    public var firstMonth: YearMonth?
    public var method: PaymentMethod
    public var note: String?
    public var reach: Reach

    public init(staff: String, kind: Advance.Kind = .advance, amount: String, givenOn: CalendarDate, repay: Repay,
                firstMonth: YearMonth? = nil, method: PaymentMethod = .cash, note: String? = nil, reach: Reach = .everything) {
        (self.staff, self.kind, self.amount, self.givenOn, self.repay, self.firstMonth) = (staff, kind, amount, givenOn, repay, firstMonth)
        (self.method, self.note, self.reach) = (method, note, reach)
    }
}

/// A payment with its person, its proof and whether it has been reversed.
public struct PaymentEntry: Sendable {
    public let payment: Payment
    public let member: StaffMember
    public let household: Household
    public let proof: [Document]
    /// The reversal that undid it.
    public let reversedBy: RecordID?
    /// For a household's first payment of pay that leaves earlier months owed: the month its
    /// ledger could open after ("settled before HomeCrew").
    public var suggestedOpening: YearMonth? = nil
}

/// An advance with its person, as repaid so far.
public struct AdvanceEntry: Sendable {
    public let statement: AdvanceStatement
    public let member: StaffMember
    public let household: Household
    public let reversed: Bool
}

/// What closing a month did.
public struct MonthClosing: Sendable {
    public let closed: Bool
    /// Lines of the month with net pay still to pay.
    public let unpaid: [PayrollReport.Entry]
}

extension AppDatabase {
    // MARK: Payments

    /// Records a payment of net pay, shared out over the months it pays, with its proof; with
    /// `dryRun` everything is checked and nothing is kept.
    /// `expecting`: the payment a dry run made (its receipt drawn from it); if the person's pay
    /// changed since, nothing is recorded.
    public func recordPayment(_ request: PaymentRequest, dryRun: Bool = false, expecting: Payment? = nil) throws -> PaymentEntry {
        try write(dryRun: dryRun) { db in
            let member = try Self.resolveStaff(request.staff, within: request.reach, db)
            if let month = request.openingThrough {
                guard let today = request.openingOn else { throw StoreError.constraint("an opening needs the day it is made (openingOn)") }
                _ = try Self.insertOpening(householdID: member.householdID, staff: nil, settledThrough: month, today: today,
                                           note: nil, within: request.reach, db)
            }
            let details = try Self.details(of: member, db)
            let currency = try request.currency ?? Self.payCurrency(details, on: request.paidOn)
            let amount = try Money(parsing: request.amount, currency: currency)
            guard amount.amount > 0 else { throw PaymentViolation.notPositive(amount) }
            let owed = try Self.monthsOwed(details, currency: currency, named: request.months, paidOn: request.paidOn, db)
            let shares = try PaymentAllocation.shares(of: amount, over: owed, named: !request.months.isEmpty)
            let payment = try Payment(id: request.id ?? .random(), staffID: member.id, paidOn: request.paidOn, amount: amount, method: request.method,
                                      reference: request.reference, note: request.note, purpose: .payroll, months: shares).validated()
            if let expecting, expecting != payment {
                throw StoreError.constraint("the months this payment pays changed while it was being recorded; nothing was recorded, record it again")
            }
            let isFirst = try !Self.hasPaymentOfPay(inHousehold: details.household.id, db)
            try payment.insertWithMonths(db)
            let filed = try request.filing.map { try Self.insertOrFind($0, within: request.reach, db).id.rawValue }
            let proof = try Self.attachProof(request.proof + filed, to: payment, of: details, within: request.reach, db)
            var entry = PaymentEntry(payment: payment, member: member, household: details.household, proof: proof, reversedBy: nil)
            if isFirst { entry.suggestedOpening = try Self.suggestedOpening(householdID: details.household.id, db) }
            return entry
        }
    }

    /// Links more proof to a payment already recorded (a signed receipt's photo).
    public func addProof(_ documents: [String], toPayment reference: String, within reach: Reach = .everything) throws -> PaymentEntry {
        try write { db in
            let payment = try Self.resolvePayment(reference, within: reach, db)
            let details = try Self.details(of: StaffMember.fetchOne(db, key: payment.staffID.rawValue)!, db)
            _ = try Self.attachProof(documents, to: payment, of: details, within: reach, db)
            return try Self.entry(payment, db)
        }
    }

    /// One payment with its person and proof.
    public func payment(_ reference: String, within reach: Reach = .everything) throws -> PaymentEntry {
        try read { db in try Self.entry(Self.resolvePayment(reference, within: reach, db), db) }
    }

    /// Records the entry that undoes a payment (and, for an advance's payment, the advance).
    public func reversePayment(_ reference: String, on day: CalendarDate, note: String?, within reach: Reach = .everything) throws -> PaymentEntry {
        try write { db in
            let payment = try Self.resolvePayment(reference, within: reach, db)
            guard !payment.isReversal else { throw PaymentViolation.reversalOfReversal(payment.id.short) }
            guard try Payment.filter(Payment.Columns.reverses == payment.id).fetchCount(db) == 0 else {
                throw PaymentViolation.alreadyReversed(payment.id.short)
            }
            if payment.purpose == .advance, let advanceID = payment.advanceID {
                if try !Self.repayments(of: [advanceID], db).isEmpty { throw PaymentViolation.advanceHasRepayments(advanceID.short) }
                let frozen = try FrozenDeduction.filter(Column("advance_id") == advanceID).fetchAll(db)
                if !frozen.isEmpty {
                    throw PaymentViolation.advanceHasClosedDeductions(advanceID.short, months: try frozen.map { try YearMonth(parsing: $0.month) })
                }
            }
            let reversal = try payment.reversal(on: day, note: note).validated()
            try reversal.insertWithMonths(db)
            return try Self.entry(reversal, db)
        }
    }

    /// Payments of one person, or of everyone in the given households (nil: all), by day.
    public func paymentListing(staff reference: String?, householdID: RecordID?, within reach: Reach = .everything) throws -> [PaymentEntry] {
        try read { db in
            let people = try Self.people(reference, householdID: householdID, within: reach, db)
            let payments = try Payment.withMonths(Payment.all().forStaff(people.map(\.0.id)).fetchAll(db), db)
            let reversals = Dictionary(payments.compactMap { payment in payment.reverses.map { ($0, payment.id) } }) { first, _ in first }
            let proof = try Self.proof(of: payments.map(\.id), db)
            let byID = Dictionary(uniqueKeysWithValues: people.map { ($0.0.id, $0) })
            return payments.map { payment in
                PaymentEntry(payment: payment, member: byID[payment.staffID]!.0, household: byID[payment.staffID]!.1,
                             proof: proof[payment.id] ?? [], reversedBy: reversals[payment.id])
            }
        }
    }

    // MARK: Advances

    /// Gives an advance or loan: the advance and the payment that hands it over, one transaction.
    public func addAdvance(_ request: AdvanceRequest) throws -> AdvanceEntry {
        try write { db in
            let member = try Self.resolveStaff(request.staff, within: request.reach, db)
            let details = try Self.details(of: member, db)
            let currency = try Self.payCurrency(details, on: request.givenOn)
            let amount = try Money(parsing: request.amount, currency: currency)
            let first = request.firstMonth ?? YearMonth(request.givenOn).next
            let rule: RepaymentRule = switch request.repay {
            case .perMonth(let text): .perMonth(try Money(parsing: text, currency: currency), from: first)
            case .instalments(let count): .instalments(count, from: first)
            }
            let advance = try Advance(staffID: member.id, kind: request.kind, givenOn: request.givenOn, amount: amount,
                                      repayment: rule, note: request.note).validated(for: member)
            try Self.guardClosedMonths(DateRange(first.first, .latest), household: details.household,
                                       change: "\(request.kind == .loan ? "a loan" : "an advance") repaid from \(first)", db)
            try advance.insert(db)
            try Payment(staffID: member.id, paidOn: request.givenOn, amount: amount, method: request.method, note: request.note,
                        purpose: .advance, advanceID: advance.id).validated().insertWithMonths(db)
            return AdvanceEntry(statement: AdvanceStatement(advance: advance, deductions: [], repayments: []), member: member,
                                household: details.household, reversed: false)
        }
    }

    /// Money handed back on an advance outside payroll; never more than is left to repay.
    public func repayAdvance(_ reference: String, amount text: String, on day: CalendarDate, method: PaymentMethod,
                             reference paymentReference: String? = nil, note: String? = nil, within reach: Reach = .everything) throws -> PaymentEntry {
        try write { db in
            let advance = try Self.resolveAdvance(reference, within: reach, db)
            // The person's advances that stand: a reversed one is not among them.
            guard let facts = try Self.advanceFacts(of: [advance.staffID], db)[advance.staffID]?.first(where: { $0.advance.id == advance.id })
            else { throw PaymentViolation.advanceReversed(advance.id.short) }
            let amount = try Money(parsing: text, currency: advance.amount.currency)
            let budget = facts.openBudget
            guard amount.amount <= budget else { throw PaymentViolation.repaymentExceedsBalance(amount, balance: Money(budget, amount.currency)) }
            let payment = try Payment(staffID: advance.staffID, paidOn: day, amount: amount, method: method, reference: paymentReference,
                                      note: note, purpose: .repayment, advanceID: advance.id).validated()
            try payment.insertWithMonths(db)
            return try Self.entry(payment, db)
        }
    }

    /// One advance, found by id or prefix among the households `reach` covers.
    public func advance(_ reference: String, within reach: Reach = .everything) throws -> Advance {
        try read { db in try Self.resolveAdvance(reference, within: reach, db) }
    }

    /// Advances of one person or of households that stand, as repaid through `month`'s payroll;
    /// `includingReversed`: also those reversed (every advance ever given is read).
    public func advanceListing(staff reference: String?, householdID: RecordID?, through month: YearMonth,
                               includingReversed: Bool = false, within reach: Reach = .everything) throws -> [AdvanceEntry] {
        try read { db in
            let people = try Self.people(reference, householdID: householdID, within: reach, db)
            let report = try Self.payrollReport(Period.month(month), people: people, alsoAdvanceHolders: true, db)
            let standing = try CachedReads.standingAdvances(of: people.map(\.0.id), db)
            let all = includingReversed ? try CachedReads.advances(of: people.map(\.0.id), db) : standing
            let standingIDs = Set(standing.map(\.id))
            let statements = Dictionary(report.advances.values.flatMap(\.statements).map { ($0.advance.id, $0) }) { first, _ in first }
            let byID = Dictionary(uniqueKeysWithValues: people.map { ($0.0.id, $0) })
            return all.compactMap { advance in
                guard let (member, household) = byID[advance.staffID] else { return nil }
                return AdvanceEntry(statement: statements[advance.id] ?? AdvanceStatement(advance: advance, deductions: [], repayments: []),
                                    member: member, household: household, reversed: !standingIDs.contains(advance.id))
            }
        }
    }

    // MARK: What is owed

    /// Due, paid and outstanding per person and currency over the period, and advances left.
    public func owed(_ period: Period, householdID: RecordID?, within reach: Reach = .everything) throws -> OwedReport {
        try read { db in
            let people = try Self.people(nil, householdID: householdID, within: reach, db)
            return OwedReport(payroll: try Self.payrollReport(period, people: people, alsoAdvanceHolders: true, db))
        }
    }
}

// MARK: - Helpers

extension AppDatabase {
    static func people(_ reference: String?, householdID: RecordID?, within reach: Reach, _ db: Database) throws -> [(StaffMember, Household)] {
        if let reference {
            let member = try resolveStaff(reference, within: reach, db)
            return [(member, try CachedReads.household(member.householdID.rawValue, db)!)]
        }
        return try people(nil, householdID: householdID, db).filter { reach.includes($0.1.id) }
    }

    /// The currency of the salary in force on `day` (or the nearest one).
    static func payCurrency(_ details: StaffDetails, on day: CalendarDate) throws -> Currency {
        guard let currency = (details.salaryHistory.salary(on: day) ?? details.salaryHistory.current(asOf: day)
                              ?? details.salaryHistory.entries.first?.salary)?.currency
        else { throw MoneyError.unknownCurrency("") }
        return currency
    }

    /// What each candidate month still owes in `currency`: the months named, or every month
    /// from the first one ever paid up to the one paid in. (A person's first payment names its
    /// months: the pay before HomeCrew kept payments was paid outside it.)
    static func monthsOwed(_ details: StaffDetails, currency: Currency, named: [YearMonth], paidOn: CalendarDate,
                           _ db: Database) throws -> [PaymentAllocation.Outstanding] {
        let member = details.member
        let last = named.max() ?? YearMonth(paidOn)
        let settled = try settledThrough(of: member, db)
        if let settled, let covered = named.filter({ $0 <= settled }).min() {
            throw OpeningViolation.monthSettledBefore(covered, through: settled)
        }
        // Without months named, pay follows on from the first month paid, or from the ledger's opening.
        guard let earliest = try named.min() ?? firstMonthPaid(member.id, db).map({ max($0, settled?.next ?? $0) }) ?? settled?.next else {
            throw PaymentViolation.firstPaymentNamesMonths(member.legalName)
        }
        // Ten years back at most, as for any report.
        let first = named.isEmpty ? max(earliest, YearMonth(last.first.adding(daysClamped: -Period.longestDays))) : earliest
        guard first <= last else { throw PaymentViolation.nothingOwed(upTo: last, currency: currency) }
        let report = try payrollReport(Period(range: DateRange(first.first, last.last), label: "owed"),
                                       people: [(member, details.household)], alsoAdvanceHolders: false, db)
        let lines = report.entries.filter { $0.line.currency == currency }
        let owed = lines.map { PaymentAllocation.Outstanding(month: $0.line.month, due: $0.line.net, paid: $0.paidTotal) }
        if named.isEmpty {
            let open = owed.filter { $0.left.amount > 0 }
            guard !open.isEmpty else { throw PaymentViolation.nothingOwed(upTo: last, currency: currency) }
            return open
        }
        return try named.map { month in
            guard let line = owed.first(where: { $0.month == month }) else { throw PaymentViolation.currencyNotPaid(currency, month: month) }
            return line
        }
    }

    /// The earliest month a payment of pay (not reversed) has paid.
    static func firstMonthPaid(_ staffID: RecordID, _ db: Database) throws -> YearMonth? {
        try String.fetchOne(db, sql: """
            SELECT min(m.month) FROM payment_standing s JOIN payment_month m ON m.payment_id = s.payment_id
            WHERE s.staff_id = ? AND s.purpose = 'payroll'
            """, arguments: [staffID]).map { try YearMonth(parsing: $0) }
    }

    static func attachProof(_ references: [String], to payment: Payment, of details: StaffDetails, within reach: Reach,
                            _ db: Database) throws -> [Document] {
        let documents = try references.map { reference -> Document in
            let document = try resolveDocument(reference, db)
            // Proof outside the person's household is as unknown as a document that does not exist.
            guard document.householdID == details.household.id, reach.includes(document.householdID) else {
                throw StoreError.noSuchDocument(reference)
            }
            return document
        }
        for document in documents
        where try PaymentProof.fetchOne(db, key: ["payment_id": payment.id.rawValue, "document_id": document.id.rawValue]) == nil {
            try PaymentProof(paymentId: payment.id, documentId: document.id, addedAt: Date()).insert(db)
        }
        return try proof(of: [payment.id], db)[payment.id] ?? []
    }

    static func proof(of payments: [RecordID], _ db: Database) throws -> [RecordID: [Document]] {
        let links = try PaymentProof.filter(payments.contains(Column("payment_id"))).fetchAll(db)
        let documents = Dictionary(uniqueKeysWithValues: try Document.filter(keys: Set(links.map(\.documentId.rawValue))).fetchAll(db).map { ($0.id, $0) })
        return Dictionary(grouping: links, by: \.paymentId).mapValues { $0.compactMap { documents[$0.documentId] } }
    }

    static func resolvePayment(_ reference: String, within reach: Reach, _ db: Database) throws -> Payment {
        let list = "homecrew pay list --all-households"
        let payment: Payment = try resolveByID(reference, what: "payment", list: list, db)
        guard let member = try StaffMember.fetchOne(db, key: payment.staffID.rawValue), reach.includes(member.householdID) else {
            throw StoreError.noSuchRecord(what: "payment", reference: reference, list: list)
        }
        return try Payment.withMonths([payment], db)[0]
    }

    static func resolveAdvance(_ reference: String, within reach: Reach, _ db: Database) throws -> Advance {
        let list = "homecrew advance list --all-households"
        let advance: Advance = try resolveByID(reference, what: "advance", list: list, db)
        guard let member = try StaffMember.fetchOne(db, key: advance.staffID.rawValue), reach.includes(member.householdID) else {
            throw StoreError.noSuchRecord(what: "advance", reference: reference, list: list)
        }
        return advance
    }

    static func entry(_ payment: Payment, _ db: Database) throws -> PaymentEntry {
        let member = try StaffMember.fetchOne(db, key: payment.staffID.rawValue)!
        let reversal = try Payment.filter(Payment.Columns.reverses == payment.id).fetchOne(db)
        return PaymentEntry(payment: try Payment.withMonths([payment], db)[0], member: member,
                            household: try Household.fetchOne(db, key: member.householdID.rawValue)!,
                            proof: try proof(of: [payment.id], db)[payment.id] ?? [], reversedBy: reversal?.id)
    }

    /// Whether anyone in a household has a payment of pay that stands (its staff asked as a
    /// subquery: a household may hold thousands); the first one found answers.
    static func hasPaymentOfPay(inHousehold household: RecordID, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM payment_standing s
                           WHERE s.staff_id IN (SELECT id FROM staff WHERE household_id = ?) AND s.purpose = 'payroll')
            """), arguments: [household.rawValue]) ?? false
    }

    /// Repayments (not reversed) of the given advances.
    static func repayments(of advances: [RecordID], _ db: Database) throws -> [Payment] {
        try Payment.filter(advances.contains(Payment.Columns.advanceID)).of(.repayment).standing()
            .order(Payment.Columns.paidOn).fetchAll(db)
    }

    /// Each person's advances that stand, with their repayments and closed months' instalments.
    static func advanceFacts(of staff: [RecordID], _ db: Database) throws -> [RecordID: [AdvanceLedger.Facts]] {
        let advances = try CachedReads.standingAdvances(of: staff, db)
        guard !advances.isEmpty else { return [:] }
        let repaid = Dictionary(grouping: try repayments(of: advances.map(\.id), db)) { $0.advanceID! }
        let frozen = Dictionary(grouping: try FrozenDeduction.filter(advances.map(\.id).contains(Column("advance_id"))).fetchAll(db), by: \.advanceId)
        return try Dictionary(grouping: advances.map { advance in
            AdvanceLedger.Facts(
                advance: advance,
                repayments: (repaid[advance.id] ?? []).map { Repayment(day: $0.paidOn, amount: $0.amount.amount) },
                frozen: Dictionary(uniqueKeysWithValues: try (frozen[advance.id] ?? []).map {
                    (try YearMonth(parsing: $0.month), try Money(parsing: $0.amount, currency: advance.amount.currency).amount)
                }))
        }, by: \.advance.staffID)
    }
}

extension AppDatabase {
    /// A filing's document, or the household's own document of the same bytes when one was
    /// recorded since the file was read (two uploads of one file at once).
    static func insertOrFind(_ filing: DocumentFiling, within reach: Reach, _ db: Database) throws -> Document {
        let document = try filing.document.validated()
        if let existing = try Document.filter(Document.Columns.objectHash == document.objectHash
                                              && Document.Columns.householdID == document.householdID).fetchOne(db) {
            try link(existing, to: filing.staff, within: reach, db)
            return existing
        }
        return try insert(filing, validated: document, within: reach, db)
    }
}
