import Foundation

/// Payroll for a period across one or more households, with totals that keep currencies apart.
public struct PayrollReport: Sendable {
    /// Part of a payment that paid a line.
    public struct PaidShare: Hashable, Sendable {
        public let paymentID: RecordID
        public let day: CalendarDate
        public let method: PaymentMethod
        public let amount: Money
    }

    public struct Entry: Hashable, Sendable {
        public let household: Household
        public let member: StaffMember
        public let line: PayrollLine
        /// The payments (not reversed) that paid this line, by day.
        public let paid: [PaidShare]
        /// The month is covered by the ledger's opening: neither owed nor paid here.
        public var settledBeforeHomeCrew = false

        public var paidTotal: Money { Money(paid.reduce(Decimal(0)) { $0 + $1.amount.amount }, line.currency) }
        /// Net pay not yet paid; negative when more was paid than is now due.
        public var outstanding: Money {
            settledBeforeHomeCrew ? .zero(line.currency) : Money(line.net.amount - paidTotal.amount, line.currency)
        }
        public var isPaid: Bool { settledBeforeHomeCrew || (outstanding.amount <= 0 && (line.net.amount > 0 || !paid.isEmpty)) }

        /// "paid 2026-11-30 by cash", "part: 5000.00 paid, last 2026-11-15 by UPI", "unpaid", "settled before HomeCrew";
        /// empty when nothing is due.
        public var paymentSummary: String {
            if settledBeforeHomeCrew { return PayrollReport.settledBeforeHomeCrew }
            guard let last = paid.last else { return line.net.amount > 0 ? "unpaid" : "" }
            let when = "\(last.day) by \(last.method.label)"
            if outstanding.amount == 0 { return "paid \(when)" }
            if outstanding.amount > 0 { return "part: \(paidTotal.plainAmount) paid, last \(when)" }
            return "overpaid by \(outstanding.negated.plainAmount), last \(when)"
        }
    }

    /// What months covered by a ledger's opening show instead of a payment.
    public static let settledBeforeHomeCrew = "settled before HomeCrew"

    public struct Input: Sendable {
        public let household: Household
        public let member: StaffMember
        public let salaries: SalaryHistory
        public let leave: [LeaveEntry]
        public let adjustments: [PayAdjustment]
        public let advances: [AdvanceLedger.Facts]
        public let closedMonths: Set<YearMonth>
        /// Payments of pay that are not reversed (nor reversals).
        public let payments: [Payment]
        /// The ledger's opening for this person: months up to it were settled before HomeCrew.
        public let settledThrough: YearMonth?

        public init(household: Household, member: StaffMember, salaries: SalaryHistory, leave: [LeaveEntry],
                    adjustments: [PayAdjustment], advances: [AdvanceLedger.Facts] = [], closedMonths: Set<YearMonth> = [],
                    payments: [Payment] = [], settledThrough: YearMonth? = nil) {
            (self.household, self.member, self.salaries, self.leave, self.adjustments) = (household, member, salaries, leave, adjustments)
            (self.advances, self.closedMonths, self.payments, self.settledThrough) = (advances, closedMonths, payments, settledThrough)
        }
    }

    public let period: Period
    /// By month, then household name, then staff name.
    public let entries: [Entry]
    /// One person's advances and loans, with every deduction up to the period's last month.
    public struct Advances: Sendable {
        public let household: Household
        public let member: StaffMember
        public let statements: [AdvanceStatement]
    }

    /// By staff id.
    public let advances: [RecordID: Advances]

    public init(period: Period, inputs: [Input]) throws(WorkBudgetError) {
        self.period = period
        var statements: [RecordID: Advances] = [:]
        var entries: [Entry] = []
        for input in inputs {
            let (lines, advances) = try Self.lines(of: input, period: period.range)
            if !advances.isEmpty { statements[input.member.id] = Advances(household: input.household, member: input.member, statements: advances) }
            entries += lines.map { line in
                Entry(household: input.household, member: input.member, line: line, paid: Self.shares(of: input.payments, paying: line),
                      settledBeforeHomeCrew: input.settledThrough.map { line.month <= $0 } ?? false)
            }
        }
        self.entries = entries.sorted { lhs, rhs in
            (lhs.line.month, lhs.household.name, lhs.member.legalName, lhs.member.id.rawValue, lhs.line.currency.code)
                < (rhs.line.month, rhs.household.name, rhs.member.legalName, rhs.member.id.rawValue, rhs.line.currency.code)
        }
        self.advances = statements
    }

    /// The period's lines with advance instalments taken from every whole month. The ledger
    /// starts at the first repayment month, before the period when need be, because what is
    /// left to repay depends on every earlier month.
    static func lines(of input: Input, period: DateRange) throws(WorkBudgetError) -> ([PayrollLine], [AdvanceStatement]) {
        let lines = try PayrollCalculator.lines(for: input.member, salaries: input.salaries, leave: input.leave,
                                            adjustments: input.adjustments, period: period)
        guard let first = input.advances.map(\.advance.repayment.firstMonth).min() else { return (lines, []) }
        let last = YearMonth(period.end)
        let start = min(first, YearMonth(period.start))
        let whole = start <= last
            ? try PayrollCalculator.lines(for: input.member, salaries: input.salaries, leave: input.leave,
                                      adjustments: input.adjustments, period: DateRange(start.first, last.last))
            : []
        let ledger = try AdvanceLedger.apply(input.advances, to: whole, closed: input.closedMonths)
        let byMonth = Dictionary(ledger.lines.map { ("\($0.month) \($0.currency.code)", $0) }) { first, _ in first }
        let result = lines.map { line in
            // A part of a month is paid without instalments: they are taken from whole months.
            DateRange(line.month.first, line.month.last).intersection(period) == DateRange(line.month.first, line.month.last)
                ? byMonth["\(line.month) \(line.currency.code)"] ?? line : line
        }
        return (result, ledger.statements)
    }

    static func shares(of payments: [Payment], paying line: PayrollLine) -> [PaidShare] {
        payments.flatMap { payment in
            payment.months.filter { $0.month == line.month && $0.amount.currency == line.currency }
                .map { PaidShare(paymentID: payment.id, day: payment.paidOn, method: payment.method, amount: $0.amount) }
        }.sorted { ($0.day, $0.paymentID.rawValue) < ($1.day, $1.paymentID.rawValue) }
    }

    /// Net pay per currency over every line.
    public var totals: [Money] {
        entries.reduce(into: CurrencyTotals()) { $0.add($1.line.net) }.totals
    }

    /// Net pay per household and currency, households by name.
    public var householdTotals: [(household: Household, totals: [Money])] {
        let grouped = Dictionary(grouping: entries, by: \.household)
        return grouped.keys.sorted { $0.name < $1.name }.map { household in
            (household, grouped[household]!.reduce(into: CurrencyTotals()) { $0.add($1.line.net) }.totals)
        }
    }
}
