import Foundation
import HomeCrewCore

extension CalendarDate {
    /// Today's date in this machine's time zone.
    public static func localToday(now: Date = Date()) -> CalendarDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: now)
        // The Gregorian calendar always gives a valid year, month and day.
        return try! CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }
}
