import Foundation
import HomeCrewCore
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// The report pages take the command line's options and download its CSV.
final class ReportPageTests: XCTestCase {
    func harness() async throws -> WebHarness {
        let harness = try WebHarness()
        try harness.seed()
        let database = harness.app.database
        let hill = try database.addHousehold(Household(name: "Hill House")).household
        _ = try database.addStaff(StaffMember(householdID: hill.id, legalName: "=Ravi Kumar", startDate: CalendarDate(parsing: "2021-12-01")),
                                  salary: Money(parsing: "2000", currency: Currency(code: "AED")))
        let left = try database.addStaff(StaffMember(householdID: harness.household.id, legalName: "Old Gardener",
                                                     startDate: CalendarDate(parsing: "2019-03-01")),
                                         salary: Money(parsing: "9000", currency: Currency(code: "INR"))).member
        _ = try database.endEmployment(left.id.rawValue, on: CalendarDate(parsing: "2025-06-30"))
        try await harness.signIn()
        return harness
    }

    func testTenureAsOfADayWithOrWithoutLeaversAsAPageAndAsCSV() async throws {
        let harness = try await harness()
        let sea = harness.household.id.rawValue
        try await harness.test { client in
            let today = try await client.get("/reports/tenure")
            XCTAssertTrue(today.text.contains("Tenure on 2026-11-22") && today.text.contains("Maria Fernandes"))
            XCTAssertFalse(today.text.contains("Old Gardener"), "leavers only when asked")
            let withLeavers = try await client.get("/reports/tenure?as_of=2026-11-22&left=yes&household=\(sea)")
            XCTAssertTrue(withLeavers.text.contains("Old Gardener") && !withLeavers.text.contains("Ravi"))
            XCTAssertTrue(withLeavers.text.contains("href=\"/reports/tenure.csv?as_of=2026-11-22&amp;left=yes&amp;household=\(sea)\""))
            let earlier = try await client.get("/reports/tenure?as_of=2020-01-01")
            XCTAssertTrue(earlier.text.contains("Old Gardener") && earlier.text.contains("starts in 740 days"), "as it stood then")

            let csv = try await client.get("/reports/tenure.csv?as_of=2026-11-22&left=yes")
            XCTAssertEqual(csv.headers[.contentType], "text/csv; charset=utf-8")
            XCTAssertEqual(csv.headers[.contentDisposition], "attachment; filename=\"tenure-2026-11-22.csv\"; filename*=UTF-8''tenure-2026-11-22.csv")
            XCTAssertEqual(csv.text.components(separatedBy: "\r\n"), [
                "STAFF,HOUSEHOLD,START,STATUS,TENURE,YEARS,NEXT ANNIVERSARY,IN DAYS",
                "Old Gardener,Sea View,2019-03-01,left,\"6 years, 3 months, 29 days\",6,,",
                "'=Ravi Kumar,Hill House,2021-12-01,active,\"4 years, 11 months, 21 days\",4,2026-12-01,9",
                "Maria,Sea View,2022-01-10,active,\"4 years, 10 months, 12 days\",4,2027-01-10,49",
                "",
            ], "the command line's columns; a name a spreadsheet would run as a formula is text")

            let bad = try await client.get("/reports/tenure?as_of=2026-02-30")
            XCTAssertEqual(bad.status, .unprocessableContent)
            XCTAssertTrue(bad.text.contains("there is no day 30 in February 2026; it has 28 days"))
            let foreign = try await client.get("/reports/tenure.csv?household=0123456789ab")
            XCTAssertEqual(foreign.status, .notFound)
        }
    }

    func testLeaveByYearAndPayrollWithHouseholdTotals() async throws {
        let harness = try await harness()
        try await harness.test { client in
            let leave = try await client.get("/reports/leave?year=2025")
            XCTAssertTrue(leave.text.contains("Leave in 2025") && leave.text.contains("Old Gardener"), "someone employed that year")
            let now = try await client.get("/reports/leave")
            XCTAssertTrue(now.text.contains("Leave in 2026") && !now.text.contains("Old Gardener"))
            let csv = try await client.get("/reports/leave.csv?year=2026")
            XCTAssertEqual(csv.text.components(separatedBy: "\r\n").first,
                           "STAFF,HOUSEHOLD,YEAR,ALLOCATION,CARRIED,ANNUAL,SICK,UNPAID,OTHER,BALANCE")
            XCTAssertTrue(csv.text.contains("Maria,Sea View,2026,21,"), csv.text)
            for year in ["abc", "0", "10000"] {
                let bad = try await client.get("/reports/leave?year=\(year)")
                XCTAssertEqual(bad.status, .unprocessableContent, year)
            }

            let payroll = try await client.get("/reports/payroll?period=2026-10")
            XCTAssertTrue(payroll.text.contains("<table class=\"totals\">"), "per-household totals when several households are shown")
            XCTAssertTrue(payroll.text.contains("<td><bdi>Hill House</bdi></td><td class=\"num\">2000.00 AED</td>"), payroll.text)
            XCTAssertTrue(payroll.text.contains("<td><bdi>Sea View</bdi></td><td class=\"num\">30000.00 INR</td>"))
            let payrollCSV = try await client.get("/reports/payroll.csv?period=2026-10&household=\(harness.household.id.rawValue)")
            let rows = payrollCSV.text.components(separatedBy: "\r\n")
            XCTAssertEqual(rows.first, "month,household,staff_id,legal_name,currency,days_in_month,days_employed,monthly_salaries,unpaid_days,unpaid_deduction,adjustments,advance_deductions,net,paid,outstanding")
            XCTAssertEqual(rows.dropFirst().first, "2026-10,Sea View,\(harness.maria.id.rawValue),Maria Fernandes,INR,31,31,30000.00,0,0.00,0.00,0.00,30000.00,0.00,30000.00")
        }
    }
}
