/// A length of service in years, months and days.
///
/// Computed exactly as python-dateutil's `relativedelta(asOf, start)`: count whole months,
/// step back while `start + months` (clipped to the month's end) passes `asOf`, and the
/// days are what is left. So 2024-01-31 → 2024-02-29 is exactly one month, and
/// an anniversary of 29 February falls on 28 February in common years.
public struct Tenure: Hashable, Sendable, CustomStringConvertible {
    public let years: Int
    public let months: Int
    public let days: Int

    public init(years: Int, months: Int, days: Int) {
        self.years = years
        self.months = months
        self.days = days
    }

    public init(from start: CalendarDate, to asOf: CalendarDate) {
        var totalMonths = (asOf.year - start.year) * 12 + (asOf.month - start.month)
        let step = asOf < start ? 1 : -1
        var reached = Self.shift(start, byMonths: totalMonths)
        // relativedelta steps towards zero while the shifted start overshoots asOf.
        while step == -1 ? asOf < reached : asOf > reached {
            totalMonths += step
            reached = Self.shift(start, byMonths: totalMonths)
        }
        // Swift's / and % truncate towards zero, as relativedelta's _fix does.
        self.init(years: totalMonths / 12, months: totalMonths % 12, days: reached.days(until: asOf))
    }

    /// Clipped month shift. Tenure only ever shifts a valid date towards another valid
    /// date, so the result stays inside the supported years.
    private static func shift(_ date: CalendarDate, byMonths months: Int) -> CalendarDate {
        (try? date.adding(months: months)) ?? date
    }

    /// Whole years of service completed.
    public var completedYears: Int { max(0, years) }

    public var isZero: Bool { years == 0 && months == 0 && days == 0 }

    /// "3 years, 2 months, 5 days"; parts that are zero are left out ("0 days" when all are).
    public var description: String {
        func part(_ value: Int, _ unit: String) -> String? {
            value == 0 ? nil : "\(value) \(unit)\(abs(value) == 1 ? "" : "s")"
        }
        let parts = [part(years, "year"), part(months, "month"), part(days, "day")].compactMap { $0 }
        return parts.isEmpty ? "0 days" : parts.joined(separator: ", ")
    }

    /// "3y 2m 5d", for narrow table columns.
    public var compact: String { "\(years)y \(months)m \(days)d" }
}

extension Tenure {
    /// The next work anniversary strictly after `asOf` (the start date's day and month,
    /// 28 February for a 29 February start in common years), or the first one when the
    /// person has not started yet.
    public static func nextAnniversary(of start: CalendarDate, after asOf: CalendarDate) throws(DateError) -> CalendarDate {
        var years = max(1, Tenure(from: start, to: asOf).completedYears)
        var candidate = try start.adding(years: years)
        while candidate <= asOf {
            years += 1
            candidate = try start.adding(years: years)
        }
        return candidate
    }
}
