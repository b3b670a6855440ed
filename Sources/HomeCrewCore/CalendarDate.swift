import Foundation

/// A day in the proleptic Gregorian calendar, with no time and no time zone.
///
/// Employment facts are calendar dates: a person starts on 2026-03-01 wherever the
/// computer is. Arithmetic works on a day number (days since 1970-01-01), so it never
/// meets daylight-saving gaps or UTC offsets.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Years the program accepts. Wide enough for any employment record, narrow
    /// enough that every date prints as `YYYY-MM-DD`.
    public static let supportedYears = 1...9999

    /// Creates a date, or fails with a reason when the parts do not name a real day.
    public init(year: Int, month: Int, day: Int) throws(DateError) {
        guard Self.supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        guard (1...12).contains(month) else { throw .noSuchMonth(month) }
        let length = Self.daysIn(year: year, month: month)
        guard (1...length).contains(day) else {
            throw .noSuchDay(year: year, month: month, day: day, monthLength: length)
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (four, two and two ASCII digits). Nothing else is a date:
    /// no `2026-2-3`, no trailing time, no leniency about day 30 in February.
    public init(parsing text: String) throws(DateError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.digits(bytes[0..<4]), let month = Self.digits(bytes[5..<7]),
              let day = Self.digits(bytes[8..<10])
        else { throw .notADate(text) }
        try self.init(year: year, month: month, day: day)
    }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func digits(_ slice: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in slice {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

// MARK: - Calendar facts

extension CalendarDate {
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The number of days in this date's month.
    public var daysInMonth: Int { Self.daysIn(year: year, month: month) }

    public var firstOfMonth: CalendarDate { try! CalendarDate(year: year, month: month, day: 1) }
    public var lastOfMonth: CalendarDate { try! CalendarDate(year: year, month: month, day: daysInMonth) }
}

// MARK: - Day arithmetic

extension CalendarDate {
    /// Days since 1970-01-01 (negative before). The civil-from-days algorithm of
    /// Howard Hinnant's "chrono-compatible low-level date algorithms".
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date with the given day number; fails outside the supported years.
    public init(dayNumber: Int) throws(DateError) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        try self.init(year: year, month: month, day: day)
    }

    public func adding(days: Int) throws(DateError) -> CalendarDate {
        try CalendarDate(dayNumber: dayNumber + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CalendarDate) -> Int { other.dayNumber - dayNumber }

    /// The same day `months` later (or earlier), clipped to the end of a shorter month:
    /// 31 January + 1 month is 28 or 29 February; 29 February + 12 months is 28 February.
    public func adding(months: Int) throws(DateError) -> CalendarDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard Self.supportedYears.contains(newYear) else { throw .yearOutOfRange(newYear) }
        let newDay = min(day, Self.daysIn(year: newYear, month: newMonth))
        return try CalendarDate(year: newYear, month: newMonth, day: newDay)
    }

    public func adding(years: Int) throws(DateError) -> CalendarDate {
        try adding(months: years * 12)
    }
}

/// Why a text or a set of numbers is not a calendar date.
extension CalendarDate {
    /// A year as typed (`--year`, a report page's field): a whole number within `supportedYears`.
    public static func year(parsing text: String) throws(DateError) -> Int {
        guard let year = Int(text.trimmingCharacters(in: .whitespaces)) else { throw .notAYear(text) }
        guard supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        return year
    }
}

public enum DateError: Error, Equatable, Sendable, CustomStringConvertible {
    case notADate(String)
    case notAYear(String)
    case notAMonth(String)
    case yearOutOfRange(Int)
    case noSuchMonth(Int)
    case noSuchDay(year: Int, month: Int, day: Int, monthLength: Int)

    public var description: String {
        switch self {
        case .notADate(let text):
            return "'\(text)' is not a date; expected YYYY-MM-DD, for example 2026-03-01"
        case .notAYear(let text):
            return "'\(text)' is not a year; expected YYYY, for example 2026"
        case .notAMonth(let text):
            return "'\(text)' is not a month; expected YYYY-MM, for example 2026-11"
        case .yearOutOfRange(let year):
            return "year \(year) is outside \(CalendarDate.supportedYears.lowerBound)–\(CalendarDate.supportedYears.upperBound)"
        case .noSuchMonth(let month):
            return "there is no month \(month); months run from 01 to 12"
        case let .noSuchDay(year, month, day, length):
            return "there is no day \(day) in \(MonthName.english[month - 1]) \(year); it has \(length) days"
        }
    }
}

public enum MonthName {
    public static let english = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}

/// As `YYYY-MM-DD` (a document's stored facts hold dates).
extension CalendarDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(parsing: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date: \(text)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
