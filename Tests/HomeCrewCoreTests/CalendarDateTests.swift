import XCTest
@testable import HomeCrewCore

final class CalendarDateTests: XCTestCase {
    func testParsesStrictISODates() throws {
        let date = try CalendarDate(parsing: "2026-03-01")
        XCTAssertEqual([date.year, date.month, date.day], [2026, 3, 1])
        XCTAssertEqual(date.description, "2026-03-01")
        XCTAssertEqual(try CalendarDate(parsing: "2024-02-29").description, "2024-02-29")
    }

    func testRejectsDaysThatDoNotExist() {
        XCTAssertThrowsError(try CalendarDate(parsing: "2026-02-30")) { error in
            XCTAssertEqual(error as? DateError, .noSuchDay(year: 2026, month: 2, day: 30, monthLength: 28))
            XCTAssertEqual("\(error)", "there is no day 30 in February 2026; it has 28 days")
        }
        XCTAssertThrowsError(try CalendarDate(parsing: "2023-02-29"))
        XCTAssertThrowsError(try CalendarDate(parsing: "2026-04-31"))
        XCTAssertThrowsError(try CalendarDate(parsing: "2026-13-01"))
        XCTAssertThrowsError(try CalendarDate(parsing: "2026-00-10"))
        XCTAssertThrowsError(try CalendarDate(parsing: "0000-01-01"))
    }

    func testRejectsEveryOtherShape() {
        for text in ["2026-3-1", "26-03-01", "2026/03/01", "2026-03-01T00:00", " 2026-03-01", "2026-03-0x",
                     "", "2026-03-01\n", "２０２６-03-01", "+026-03-01", "2026--3-01"] {
            XCTAssertThrowsError(try CalendarDate(parsing: text), "accepted \(text.debugDescription)")
        }
    }

    func testDayNumbersRoundTripAcrossFourCenturies() throws {
        XCTAssertEqual(try CalendarDate(parsing: "1970-01-01").dayNumber, 0)
        XCTAssertEqual(try CalendarDate(parsing: "2000-03-01").dayNumber, 11_017)
        var date = try CalendarDate(parsing: "1899-12-25")
        for _ in 0..<(400 * 366) {
            let next = try date.adding(days: 1)
            XCTAssertEqual(next.dayNumber, date.dayNumber + 1)
            XCTAssertEqual(try CalendarDate(dayNumber: next.dayNumber), next)
            XCTAssertTrue(date < next)
            date = next
        }
    }

    func testDaysBetweenIgnoresTimeZones() throws {
        // 2026-03-29 is a daylight-saving change in Europe; it is still one day.
        XCTAssertEqual(try CalendarDate(parsing: "2026-03-28").days(until: CalendarDate(parsing: "2026-03-30")), 2)
        XCTAssertEqual(try CalendarDate(parsing: "2024-01-01").days(until: CalendarDate(parsing: "2025-01-01")), 366)
    }

    func testMonthArithmeticClipsToMonthEnd() throws {
        XCTAssertEqual(try CalendarDate(parsing: "2026-01-31").adding(months: 1).description, "2026-02-28")
        XCTAssertEqual(try CalendarDate(parsing: "2024-01-31").adding(months: 1).description, "2024-02-29")
        XCTAssertEqual(try CalendarDate(parsing: "2024-02-29").adding(years: 1).description, "2025-02-28")
        XCTAssertEqual(try CalendarDate(parsing: "2024-02-29").adding(years: 4).description, "2028-02-29")
        XCTAssertEqual(try CalendarDate(parsing: "2026-03-31").adding(months: -1).description, "2026-02-28")
        XCTAssertEqual(try CalendarDate(parsing: "2026-01-15").adding(months: -13).description, "2024-12-15")
    }

    func testMonthLengths() {
        XCTAssertEqual((1...12).map { CalendarDate.daysIn(year: 2026, month: $0) },
                       [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        XCTAssertEqual(CalendarDate.daysIn(year: 2024, month: 2), 29)
        XCTAssertEqual(CalendarDate.daysIn(year: 1900, month: 2), 28)
        XCTAssertEqual(CalendarDate.daysIn(year: 2000, month: 2), 29)
    }
}
