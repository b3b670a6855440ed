import Foundation

/// A calendar month, such as 2026-11.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) throws(DateError) {
        _ = try CalendarDate(year: year, month: month, day: 1)
        self.year = year
        self.month = month
    }

    public init(_ date: CalendarDate) {
        self.year = date.year
        self.month = date.month
    }

    /// Parses exactly `YYYY-MM`.
    public init(parsing text: String) throws(DateError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
              let date = try? CalendarDate(parsing: text + "-01")
        else { throw .notAMonth(text) }
        self.init(date)
    }

    public var first: CalendarDate { try! CalendarDate(year: year, month: month, day: 1) }
    public var last: CalendarDate { first.lastOfMonth }
    public var dayCount: Int { CalendarDate.daysIn(year: year, month: month) }
    public var next: YearMonth { YearMonth(first.lastOfMonth.adding(daysClamped: 1)) }
    public var previous: YearMonth { YearMonth(first.adding(daysClamped: -1)) }

    public var description: String {
        String(first.description.prefix(7))
    }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}

/// An inclusive run of days.
public struct DateRange: Hashable, Sendable, CustomStringConvertible {
    public let start: CalendarDate
    public let end: CalendarDate

    public init(_ start: CalendarDate, _ end: CalendarDate) {
        precondition(start <= end, "a range ends on or after its start")
        self.start = start
        self.end = end
    }

    /// Both ends counted: 2026-11-01..2026-11-30 is 30 days.
    public var dayCount: Int { start.days(until: end) + 1 }

    public func contains(_ date: CalendarDate) -> Bool { start <= date && date <= end }

    public func overlaps(_ other: DateRange) -> Bool { start <= other.end && other.start <= end }

    public func intersection(_ other: DateRange) -> DateRange? {
        let lower = max(start, other.start), upper = min(end, other.end)
        return lower <= upper ? DateRange(lower, upper) : nil
    }

    /// The months this range touches, in order.
    public var months: [YearMonth] {
        var result = [YearMonth(start)]
        while result.last!.last < end { result.append(result.last!.next) }
        return result
    }

    /// "2026-11-03..2026-11-04", or one date for a single day.
    public var description: String { start == end ? start.description : "\(start)..\(end)" }
}

extension CalendarDate {
    /// Day arithmetic for dates well inside the supported years (month ends, neighbours).
    public func adding(daysClamped days: Int) -> CalendarDate {
        (try? adding(days: days)) ?? self
    }
}

/// A reporting period as the user writes it: `2026-11`, `2026-Q4`, `2026`, `this month`,
/// `last month`, or `2026-11-17..2026-12-05`.
public struct Period: Hashable, Sendable, CustomStringConvertible {
    public let range: DateRange
    /// How the period was written, normalised: "2026-11", "2026-Q4", "2026", "2026-11-17..2026-12-05".
    public let label: String

    public init(range: DateRange, label: String) {
        self.range = range
        self.label = label
    }

    /// The longest period a report covers, in days (ten years and leap days): a report's work
    /// grows with its months, and no household needs more at once.
    public static let longestDays = 3660

    /// From the first of January to the end of `today`'s month: what `report owed` reads by default.
    public static func yearToDate(_ today: CalendarDate) -> Period {
        Period(range: DateRange(try! CalendarDate(year: today.year, month: 1, day: 1), today.lastOfMonth), label: "\(today.year) to date")
    }

    public static func month(_ month: YearMonth) -> Period {
        Period(range: DateRange(month.first, month.last), label: month.description)
    }

    public static func parse(_ text: String, today: CalendarDate) throws(PeriodError) -> Period {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "this month": return .month(YearMonth(today))
        case "last month": return .month(YearMonth(today).previous)
        default: break
        }
        if let dots = trimmed.range(of: "..") {
            guard let from = try? CalendarDate(parsing: String(trimmed[..<dots.lowerBound])),
                  let to = try? CalendarDate(parsing: String(trimmed[dots.upperBound...]))
            else { throw .malformed(text) }
            guard from <= to else { throw .backwards(from: from, to: to) }
            guard from.days(until: to) < Self.longestDays else { throw .tooLong(days: from.days(until: to) + 1) }
            return Period(range: DateRange(from, to), label: "\(from)..\(to)")
        }
        if let month = try? YearMonth(parsing: trimmed) { return .month(month) }
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].count == 4, let year = Int(parts[0]),
           parts[1].count == 2, parts[1].first == "q", let quarter = Int(parts[1].dropFirst()), (1...4).contains(quarter),
           let first = try? YearMonth(year: year, month: quarter * 3 - 2) {
            let last = first.next.next
            return Period(range: DateRange(first.first, last.last), label: "\(year)-Q\(quarter)")
        }
        if parts.count == 1, trimmed.count == 4, trimmed.allSatisfy(\.isASCII), let year = Int(trimmed),
           let january = try? YearMonth(year: year, month: 1) {
            return Period(range: DateRange(january.first, (try! YearMonth(year: year, month: 12)).last), label: trimmed)
        }
        throw .malformed(text)
    }

    public var description: String { label }
}

public enum PeriodError: HomeCrewError, Equatable {
    case malformed(String)
    case backwards(from: CalendarDate, to: CalendarDate)
    case tooLong(days: Int)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .malformed(let text):
            return "'\(text)' is not a period; use 2026-11, 2026-Q4, 2026, 'this month', 'last month' or 2026-11-01..2026-11-15"
        case let .backwards(from, to):
            return "the period \(from)..\(to) ends before it starts"
        case .tooLong(let days):
            return "the period is \(days) days long; a report covers at most \(Period.longestDays) days (ten years)"
        }
    }
}
