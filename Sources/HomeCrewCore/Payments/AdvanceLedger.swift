import Foundation

/// An advance's instalment taken from one month's pay.
public struct AdvanceDeduction: Hashable, Sendable {
    public let advanceID: RecordID
    public let kind: Advance.Kind
    public let month: YearMonth
    public let amount: Money
    /// What is left to repay after this month (repayments up to its last day included).
    public let balanceAfter: Money
}

/// Money handed back outside payroll.
public struct Repayment: Hashable, Sendable {
    public let day: CalendarDate
    public let amount: Decimal

    public init(day: CalendarDate, amount: Decimal) {
        self.day = day
        self.amount = amount
    }
}

extension [Repayment] {
    /// What was handed back up to `day` (all of it: `.latest`).
    public func total(through day: CalendarDate = .latest) -> Decimal {
        filter { $0.day <= day }.reduce(Decimal(0)) { $0 + $1.amount }
    }
}

/// One advance and how it has been repaid.
public struct AdvanceStatement: Hashable, Sendable {
    public let advance: Advance
    public let deductions: [AdvanceDeduction]
    public let repayments: [Repayment]

    public init(advance: Advance, deductions: [AdvanceDeduction], repayments: [Repayment]) {
        (self.advance, self.deductions, self.repayments) = (advance, deductions, repayments)
    }

    /// Taken from pay in months up to `month`.
    public func deducted(through month: YearMonth) -> Money {
        Money(deductions.filter { $0.month <= month }.reduce(Decimal(0)) { $0 + $1.amount.amount }, advance.amount.currency)
    }

    /// Handed back outside payroll up to `month`'s last day.
    public func repaid(through month: YearMonth) -> Money {
        Money(repayments.total(through: month.last), advance.amount.currency)
    }

    /// Left to repay after the deductions of months up to `month` and repayments up to its last day.
    public func left(through month: YearMonth) -> Money {
        Money(advance.amount.amount - deducted(through: month).amount - repaid(through: month).amount, advance.amount.currency)
    }

    /// Left to repay once every deduction computed so far and every repayment is taken.
    public var left: Money { left(through: .latest) }
}

/// Takes advance instalments out of pay.
///
/// Deductions of closed months are fixed (recorded when the month closed) and repayments are
/// money already back: both are counted against the advance first, so an open month only ever
/// takes what is left of it. However the months are opened, closed or repaid, the deductions and
/// repayments never add up to more than the advance, and a balance never goes below zero.
public enum AdvanceLedger {
    public struct Facts: Hashable, Sendable {
        public let advance: Advance
        /// Repayments that are not reversed.
        public let repayments: [Repayment]
        /// Deductions recorded when their month was closed.
        public let frozen: [YearMonth: Decimal]

        public init(advance: Advance, repayments: [Repayment], frozen: [YearMonth: Decimal]) {
            (self.advance, self.repayments, self.frozen) = (advance, repayments, frozen)
        }

        /// The advance less what closed months and repayments have already taken: all that open
        /// months' instalments and further repayments may still take.
        public var openBudget: Decimal {
            advance.amount.amount - frozen.values.reduce(0, +) - repayments.total()
        }
    }

    /// One person's `lines` (every month from the earliest first repayment month on, oldest
    /// first) with each month's instalments deducted, never more than the month's net pay,
    /// and a statement per advance.
    public static func apply(_ advances: [Facts], to lines: [PayrollLine], closed: Set<YearMonth>)
        throws(WorkBudgetError) -> (lines: [PayrollLine], statements: [AdvanceStatement]) {
        let ordered = advances.sorted { ($0.advance.givenOn, $0.advance.id.rawValue) < ($1.advance.givenOn, $1.advance.id.rawValue) }
        var openTaken = [RecordID: Decimal]()
        var taken = [RecordID: Decimal]()
        var deductions = [RecordID: [AdvanceDeduction]]()
        // Worked out once, not per month: a ledger may run from year 1.
        let openBudgets = Dictionary(ordered.map { ($0.advance.id, $0.openBudget) }, uniquingKeysWith: { first, _ in first })
        let lastFrozen = Dictionary(ordered.map { ($0.advance.id, $0.frozen.keys.max()) }, uniquingKeysWith: { first, _ in first })
        // Advances with nothing left for open months and no closed month ahead: no later month takes anything of them.
        var settled = Set<RecordID>()
        var meter = WorkMeter(every: 64)
        var result: [PayrollLine] = []
        for line in lines.sorted(by: { ($0.month, $0.currency.code) < ($1.month, $1.currency.code) }) {
            try meter.tick()
            var available = max(0, line.netBeforeDeductions.amount)
            var taking: [AdvanceDeduction] = []
            for facts in ordered where !settled.contains(facts.advance.id) && facts.advance.amount.currency == line.currency
                && facts.advance.repayment.firstMonth <= line.month {
                let advance = facts.advance
                let amount: Decimal
                if closed.contains(line.month) {
                    amount = facts.frozen[line.month] ?? 0
                } else {
                    let left = openBudgets[advance.id]! - openTaken[advance.id, default: 0]
                    let index = monthsBetween(advance.repayment.firstMonth, line.month)
                    amount = max(0, min(advance.repayment.instalment(index: index, of: advance.amount, left: left), available))
                    openTaken[advance.id, default: 0] += amount
                    if openBudgets[advance.id]! - openTaken[advance.id]! <= 0, (lastFrozen[advance.id] ?? nil).map({ $0 <= line.month }) ?? true {
                        settled.insert(advance.id)
                    }
                }
                guard amount > 0 else { continue }
                available = max(0, available - amount)
                taken[advance.id, default: 0] += amount
                let repaid = facts.repayments.total(through: line.month.last)
                let deduction = AdvanceDeduction(advanceID: advance.id, kind: advance.kind, month: line.month,
                                                 amount: Money(amount, line.currency),
                                                 balanceAfter: Money(advance.amount.amount - taken[advance.id]! - repaid, line.currency))
                taking.append(deduction)
                deductions[advance.id, default: []].append(deduction)
            }
            result.append(line.deducting(taking))
        }
        return (result, ordered.map { AdvanceStatement(advance: $0.advance, deductions: deductions[$0.advance.id] ?? [], repayments: $0.repayments) })
    }

    static func monthsBetween(_ first: YearMonth, _ month: YearMonth) -> Int {
        (month.year - first.year) * 12 + month.month - first.month
    }
}

extension YearMonth {
    /// The last month a calendar date can be in.
    public static let latest = YearMonth(CalendarDate.latest)
}
