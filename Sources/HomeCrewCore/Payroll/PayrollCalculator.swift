import Foundation

/// Days paid at one monthly salary within a month.
public struct PaySegment: Hashable, Sendable {
    public let days: DateRange
    public let monthlySalary: Money
}

/// Unpaid leave deducted at the daily rate in force on those days.
public struct UnpaidDeduction: Hashable, Sendable {
    public let days: DateRange
    /// Half days deducted (a half day of unpaid leave is 1).
    public let halfDays: Int
    public let monthlySalary: Money
}

/// One staff member's pay for one month in one currency.
public struct PayrollLine: Hashable, Sendable {
    public let staffID: RecordID
    public let month: YearMonth
    public let currency: Currency
    public let daysInMonth: Int
    public let segments: [PaySegment]
    public let unpaid: [UnpaidDeduction]
    public let adjustments: [PayAdjustment]

    /// Days paid for (before unpaid leave).
    public var daysEmployed: Int { segments.reduce(0) { $0 + $1.days.dayCount } }
    public var unpaidDays: LeaveDays { LeaveDays(halfDays: unpaid.reduce(0) { $0 + $1.halfDays }) }

    /// Σ salary × days ÷ days in month, exact (not rounded).
    public var basePay: Money { Money(Self.salaryTimesDays(segments) / Decimal(daysInMonth), currency) }

    /// Σ salary × unpaid days ÷ days in month, exact.
    public var unpaidDeduction: Money { Money(Self.salaryTimesUnpaidDays(unpaid) / Decimal(daysInMonth), currency) }

    public var adjustmentTotal: Money { Money(Self.sum(adjustments), currency) }

    /// The amount earned, rounded once, to the currency's minor unit (see `netPay`).
    public let netBeforeDeductions: Money
    /// Instalments of advances and loans taken from this month's pay.
    public private(set) var deductions: [AdvanceDeduction] = []

    /// The amount to pay: what was earned less the instalments (whole minor units each). Stored:
    /// reports read it for the row, the household total and the grand total.
    public private(set) var net: Money

    public var deductionTotal: Money { Money(deductions.reduce(Decimal(0)) { $0 + $1.amount.amount }, currency) }

    /// This line with `deductions` taken from its pay.
    func deducting(_ deductions: [AdvanceDeduction]) -> PayrollLine {
        var copy = self
        copy.deductions = deductions
        copy.net = Money(netBeforeDeductions.amount - deductions.reduce(Decimal(0)) { $0 + $1.amount.amount }, currency)
        return copy
    }

    init(staffID: RecordID, month: YearMonth, currency: Currency, daysInMonth: Int, segments: [PaySegment],
         unpaid: [UnpaidDeduction], adjustments: [PayAdjustment]) {
        (self.staffID, self.month, self.currency, self.daysInMonth) = (staffID, month, currency, daysInMonth)
        (self.segments, self.unpaid, self.adjustments) = (segments, unpaid, adjustments)
        netBeforeDeductions = Self.netPay(segments: segments, unpaid: unpaid, adjustments: adjustments, daysInMonth: daysInMonth, currency: currency)
        net = netBeforeDeductions
    }

    /// The salary parts are summed before dividing, so a whole month at one salary is exactly
    /// that salary; that case skips the division, which dominates a large report's arithmetic.
    static func netPay(segments: [PaySegment], unpaid: [UnpaidDeduction], adjustments: [PayAdjustment],
                       daysInMonth: Int, currency: Currency) -> Money {
        if unpaid.isEmpty, segments.count == 1, segments[0].days.dayCount == daysInMonth {
            return Money(segments[0].monthlySalary.amount + sum(adjustments), currency).rounded()
        }
        return Money((salaryTimesDays(segments) - salaryTimesUnpaidDays(unpaid)) / Decimal(daysInMonth) + sum(adjustments), currency).rounded()
    }

    /// Σ salary × days paid; divided by the days in the month, it is the pay.
    private static func salaryTimesDays(_ segments: [PaySegment]) -> Decimal {
        segments.reduce(Decimal(0)) { $0 + $1.monthlySalary.amount * Decimal($1.days.dayCount) }
    }

    /// Σ salary × unpaid days, in the same unit.
    private static func salaryTimesUnpaidDays(_ unpaid: [UnpaidDeduction]) -> Decimal {
        unpaid.reduce(Decimal(0)) { $0 + $1.monthlySalary.amount * Decimal($1.halfDays) / 2 }
    }

    private static func sum(_ adjustments: [PayAdjustment]) -> Decimal {
        adjustments.reduce(Decimal(0)) { $0 + $1.amount.amount }
    }
}

/// Calendar-day payroll: the daily rate on a day is the salary in force that day divided by
/// the number of days in its month.
public enum PayrollCalculator {
    /// The lines of one staff member for every month `period` touches (only the days inside
    /// the period are paid), one per month and currency.
    public static func lines(for member: StaffMember, salaries: SalaryHistory, leave: [LeaveEntry],
                             adjustments: [PayAdjustment], period: DateRange) throws(WorkBudgetError) -> [PayrollLine] {
        // Each month reads only its own unpaid leave and adjustments (a ledger from year 1 is 24,000
        // months), and a long period asks the budget each month.
        let unpaid = try unpaidLeaveByMonth(leave, of: member)
        let adjustmentsByMonth = Dictionary(grouping: adjustments, by: \.month)
        var lines: [PayrollLine] = []
        for month in period.months {
            try WorkBudget.checkCurrent()
            lines += line(for: member, salaries: salaries, leave: unpaid[month] ?? [], adjustments: adjustmentsByMonth[month] ?? [],
                          month: month, window: DateRange(month.first, month.last).intersection(period)!)
        }
        return lines
    }

    /// The person's unpaid leave under each month it touches (entries never overlap, so this is
    /// about as long as the months and entries together).
    static func unpaidLeaveByMonth(_ leave: [LeaveEntry], of member: StaffMember) throws(WorkBudgetError) -> [YearMonth: [LeaveEntry]] {
        var byMonth: [YearMonth: [LeaveEntry]] = [:]
        var meter = WorkMeter()
        for entry in leave where entry.type == .unpaid && entry.staffID == member.id {
            var month = YearMonth(entry.range.start)
            let last = YearMonth(entry.range.end)
            while true {
                try meter.tick()
                byMonth[month, default: []].append(entry)
                if month >= last { break }
                month = month.next
            }
        }
        return byMonth
    }

    static func line(for member: StaffMember, salaries: SalaryHistory, leave: [LeaveEntry],
                     adjustments: [PayAdjustment], month: YearMonth, window: DateRange) -> [PayrollLine] {
        let segments = window.intersection(member.employment).map { segmentsOf(salaries, in: $0) } ?? []
        let unpaid = leave.filter { $0.type == .unpaid && $0.staffID == member.id }.flatMap { entry in
            segments.compactMap { segment -> UnpaidDeduction? in
                guard let days = entry.range.intersection(segment.days) else { return nil }
                return UnpaidDeduction(days: days, halfDays: entry.halfDays(in: days), monthlySalary: segment.monthlySalary)
            }
        }
        var currencies = segments.map(\.monthlySalary.currency) + adjustments.map(\.amount.currency)
        currencies = currencies.enumerated().filter { index, code in !currencies[..<index].contains(code) }.map(\.element)
        return currencies.map { currency in
            PayrollLine(staffID: member.id, month: month, currency: currency, daysInMonth: month.dayCount,
                        segments: segments.filter { $0.monthlySalary.currency == currency },
                        unpaid: unpaid.filter { $0.monthlySalary.currency == currency },
                        adjustments: adjustments.filter { $0.amount.currency == currency })
        }
    }

    /// Splits `days` where the salary changes; days before the first salary are not paid.
    static func segmentsOf(_ salaries: SalaryHistory, in days: DateRange) -> [PaySegment] {
        var starts = [days.start] + salaries.entries.map(\.effectiveFrom).filter { $0 > days.start && $0 <= days.end }
        starts = Array(Set(starts)).sorted()
        return starts.enumerated().compactMap { index, start in
            let end = index + 1 < starts.count ? starts[index + 1].adding(daysClamped: -1) : days.end
            return salaries.salary(on: start).map { PaySegment(days: DateRange(start, end), monthlySalary: $0) }
        }
    }
}

/// Sums that never add different currencies together.
public struct CurrencyTotals: Hashable, Sendable {
    public private(set) var amounts: [Currency: Decimal] = [:]

    public init() {}

    public mutating func add(_ money: Money) { amounts[money.currency, default: 0] += money.amount }

    /// One total per currency, by code.
    public var totals: [Money] {
        amounts.map { Money($0.value, $0.key) }.sorted { $0.currency.code < $1.currency.code }
    }
}
