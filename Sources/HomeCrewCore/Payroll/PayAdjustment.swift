import Foundation

/// A one-off addition to or deduction from a month's pay: a bonus, an advance, the
/// recovery of an advance, a reimbursement.
public struct PayAdjustment: Identifiable, Hashable, Sendable {
    public var id: RecordID
    public var staffID: RecordID
    public var month: YearMonth
    /// Positive adds to the pay, negative deducts.
    public var amount: Money
    public var reason: String

    public init(id: RecordID = .random(), staffID: RecordID, month: YearMonth, amount: Money, reason: String) {
        self.id = id
        self.staffID = staffID
        self.month = month
        self.amount = amount
        self.reason = reason
    }

    public func validated() throws(RuleViolation) -> PayAdjustment {
        var copy = self
        copy.reason = try TextField.required(reason, field: "reason", kind: .title)
        guard amount.amount != 0 else { throw .zeroAdjustment }
        return copy
    }
}

/// A month whose payroll a household has recorded as paid.
public struct ClosedMonth: Hashable, Sendable {
    public var householdID: RecordID
    public var month: YearMonth
    public var closedAt: Date

    public init(householdID: RecordID, month: YearMonth, closedAt: Date = Date()) {
        self.householdID = householdID
        self.month = month
        self.closedAt = closedAt
    }
}

/// Refuses changes that would alter the payroll of a closed month.
public enum ClosedMonthGuard {
    /// Throws when any of `closed` lies within the days a change affects.
    public static func check(_ affected: DateRange?, closed: [YearMonth], household: String,
                             change: String) throws(ClosedMonthViolation) {
        guard let affected else { return }
        if let month = closed.sorted().first(where: { affected.overlaps(DateRange($0.first, $0.last)) }) {
            throw ClosedMonthViolation(month: month, household: household, change: change)
        }
    }

    /// The days a salary from `from` is paid for: until the next change (if any), within the
    /// employment; nil when that is no day at all.
    public static func salaryDays(from: CalendarDate, nextChange: CalendarDate?, employment: DateRange) -> DateRange? {
        DateRange(from, nextChange.map { $0.adding(daysClamped: -1) } ?? .latest).intersection(employment)
    }

    /// The days paid under one employment period and not the other, as one range covering
    /// them; nil when the periods are the same.
    public static func difference(_ before: DateRange, _ after: DateRange) -> DateRange? {
        guard before != after else { return nil }
        guard before.overlaps(after) else { return DateRange(min(before.start, after.start), max(before.end, after.end)) }
        var parts: [DateRange] = []
        if before.start != after.start {
            parts.append(DateRange(min(before.start, after.start), max(before.start, after.start).adding(daysClamped: -1)))
        }
        if before.end != after.end {
            parts.append(DateRange(min(before.end, after.end).adding(daysClamped: 1), max(before.end, after.end)))
        }
        return DateRange(parts.map(\.start).min()!, parts.map(\.end).max()!)
    }
}

public struct ClosedMonthViolation: HomeCrewError, Equatable {
    public let month: YearMonth
    public let household: String
    public let change: String

    public var category: ErrorCategory { .invalidData }

    public var description: String {
        "\(change) would change the payroll of \(month), which is closed for \(household); "
            + "reopen it first with: homecrew pay reopen \(month) --household \"\(household)\""
    }
}
