import Foundation
import XCTest
@testable import HomeCrewCore
import HomeCrewTestSupport

final class TenureTests: XCTestCase {
    /// Every row of `shared/reference/tenure_cases.tsv`, computed independently with
    /// python-dateutil's relativedelta, must come out exactly the same.
    func testMatchesEveryDateutilReferenceCase() throws {
        let url = try ReferenceData.directory().appendingPathComponent("tenure_cases.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t").map(String.init)
            XCTAssertEqual(fields.count, 5, "malformed row: \(line)")
            guard fields.count == 5 else { continue }
            let start = try CalendarDate(parsing: fields[0])
            let asOf = try CalendarDate(parsing: fields[1])
            let expected = Tenure(years: try XCTUnwrap(Int(fields[2])), months: try XCTUnwrap(Int(fields[3])), days: try XCTUnwrap(Int(fields[4])))
            XCTAssertEqual(Tenure(from: start, to: asOf), expected, "\(start) → \(asOf)")
            checked += 1
        }
        XCTAssertEqual(checked, 600, "the reference file should hold 600 cases")
    }

    func testMonthEndsAndLeapDays() throws {
        func tenure(_ start: String, _ end: String) throws -> Tenure {
            Tenure(from: try CalendarDate(parsing: start), to: try CalendarDate(parsing: end))
        }
        // 31 January + 1 month clips to 29 February, so that is one whole month (as dateutil says).
        XCTAssertEqual(try tenure("2024-01-31", "2024-02-29"), Tenure(years: 0, months: 1, days: 0))
        XCTAssertEqual(try tenure("2024-01-31", "2024-02-28"), Tenure(years: 0, months: 0, days: 28))
        XCTAssertEqual(try tenure("2024-01-31", "2024-03-31"), Tenure(years: 0, months: 2, days: 0))
        XCTAssertEqual(try tenure("2024-02-29", "2025-02-28"), Tenure(years: 1, months: 0, days: 0))
        XCTAssertEqual(try tenure("2024-02-29", "2025-03-01"), Tenure(years: 1, months: 0, days: 1))
        XCTAssertEqual(try tenure("2020-05-10", "2020-05-10"), Tenure(years: 0, months: 0, days: 0))
        XCTAssertEqual(try tenure("2026-03-01", "2026-01-15"), Tenure(years: 0, months: -1, days: -17))
    }

    func testNextAnniversary() throws {
        let start = try CalendarDate(parsing: "2024-02-29")
        XCTAssertEqual(try Tenure.nextAnniversary(of: start, after: CalendarDate(parsing: "2026-11-22")).description, "2027-02-28")
        XCTAssertEqual(try Tenure.nextAnniversary(of: start, after: CalendarDate(parsing: "2027-02-28")).description, "2028-02-29")
        XCTAssertEqual(try Tenure.nextAnniversary(of: start, after: CalendarDate(parsing: "2023-01-01")).description, "2025-02-28")
        let june = try CalendarDate(parsing: "2019-06-15")
        XCTAssertEqual(try Tenure.nextAnniversary(of: june, after: CalendarDate(parsing: "2026-06-14")).description, "2026-06-15")
        XCTAssertEqual(try Tenure.nextAnniversary(of: june, after: CalendarDate(parsing: "2026-06-15")).description, "2027-06-15")
    }

    func testDescriptions() {
        XCTAssertEqual(Tenure(years: 1, months: 0, days: 2).description, "1 year, 2 days")
        XCTAssertEqual(Tenure(years: 0, months: 0, days: 0).description, "0 days")
        XCTAssertEqual(Tenure(years: 3, months: 11, days: 1).compact, "3y 11m 1d")
    }

    func testSomeoneWhoHasNotStartedStartsInDaysRatherThanHavingNoTenure() throws {
        let today = try CalendarDate(parsing: "2026-11-22")
        func line(_ start: String) throws -> TenureLine {
            try TenureReport.lines([StaffMember(householdID: .random(), legalName: "Hanako", startDate: CalendarDate(parsing: start))],
                                   asOf: today)[0]
        }
        XCTAssertEqual(try line("2026-12-04").summary, "starts in 12 days")
        XCTAssertEqual(try line("2026-11-23").summary, "starts in 1 day")
        XCTAssertEqual(try line("2026-11-22").summary, "0 days", "the first day is a day of service, not a start to come")
        XCTAssertEqual(try line("2025-11-22").summary, "1 year")
        XCTAssertEqual(counted(1, "second"), "1 second")
        XCTAssertEqual(counted(0, "staff member"), "0 staff members")
    }
}
