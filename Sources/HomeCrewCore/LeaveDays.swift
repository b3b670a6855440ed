import Foundation

/// A number of leave days in steps of half a day (21, 21.5), kept exactly as half days.
public struct LeaveDays: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let halfDays: Int

    public init(halfDays: Int) { self.halfDays = halfDays }

    /// The annual allocation a staff member may have: 0 to 366 days.
    public static let allowedAllocation = 0...732

    /// Parses "21", "21.5" or "21.0". Text that is not a plain number is malformed
    /// (`MoneyError.notAnAmount`, a usage error); a number that is not a whole or half day
    /// between 0 and 366 breaks the allocation rule (`RuleViolation`).
    public init(parsing text: String) throws {
        // Whole days, the common case, without Decimal parsing (it is read for every staff row).
        if (1...3).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), let days = Int(text), days <= 366 {
            self.halfDays = days * 2
            return
        }
        let (value, _) = try Money.parseDecimal(text)
        let halves = value * 2
        guard value >= 0, value <= 366, halves == halves.rounded(), let count = Int("\(halves)") else {
            throw RuleViolation.leaveDaysOutOfRange(text)
        }
        self.halfDays = count
    }

    public var description: String {
        let size = abs(halfDays), sign = halfDays < 0 ? "-" : ""
        return sign + (size.isMultiple(of: 2) ? "\(size / 2)" : "\(size / 2).5")
    }

    public static func < (lhs: LeaveDays, rhs: LeaveDays) -> Bool { lhs.halfDays < rhs.halfDays }
}

extension Decimal {
    /// The whole number nearest to this one (halves away from zero).
    func rounded() -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .plain)
        return result
    }
}
