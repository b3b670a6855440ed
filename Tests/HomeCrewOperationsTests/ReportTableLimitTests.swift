import HomeCrewCore
import XCTest
@testable import HomeCrewOperations

/// A report's table with a size limit (the web's) is refused once it passes the limit, before
/// the rest of its rows are made; without one (the command line) it holds every row.
final class ReportTableLimitTests: XCTestCase {
    let asOf = try! CalendarDate(parsing: "2026-11-22")

    func lines(_ count: Int) throws -> [TenureLine] {
        let people = (0..<count).map { index in
            StaffMember(householdID: .random(), legalName: "Person \(index)", startDate: try! CalendarDate(parsing: "2020-01-01"))
        }
        return try TenureReport.lines(people, asOf: asOf)
    }

    func testATableThatWouldPassTheLimitIsRefusedAsNarrowIt() throws {
        let many = try lines(2000)
        XCTAssertThrowsError(try ReportTables.tenure(many, households: [:], asOf: asOf, maxBytes: 10_000)) {
            XCTAssertEqual($0 as? WorkBudgetError, .tooLarge(limit: 10_000))
        }
        let table = try ReportTables.tenure(many, households: [:], asOf: asOf)
        XCTAssertEqual(table.rows.count, 2000, "the command line sets no limit")
        XCTAssertGreaterThan(table.csv().utf8.count, 10_000)
        XCTAssertLessThanOrEqual(abs(table.csv().utf8.count - table.approximateBytes), table.csv().utf8.count / 10,
                                 "the running count is close to the file's length")
    }

    func testATableWithinTheLimitIsWhole() throws {
        let table = try ReportTables.tenure(try lines(10), households: [:], asOf: asOf, maxBytes: 10_000)
        XCTAssertEqual(table.rows.count, 10)
    }

    func testARequestWhoseBudgetIsSpentStopsBuildingTheTable() throws {
        let many = try lines(1000)
        XCTAssertThrowsError(try WorkBudget.$current.withValue(WorkBudget(seconds: 0)) {
            try ReportTables.tenure(many, households: [:], asOf: asOf)
        }) { XCTAssertEqual($0 as? WorkBudgetError, .exceeded(seconds: 0)) }
    }
}
