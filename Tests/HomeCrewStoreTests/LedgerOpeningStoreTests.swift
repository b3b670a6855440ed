import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

/// The rules of `ledger_opening` are SQLite's own: a write that goes around the store meets them too.
final class LedgerOpeningStoreTests: XCTestCase {
    func testTheDatabaseKeepsOpeningsAppendOnlyOneStandingAndAudited() throws {
        let database = try AppDatabase.empty()
        let household = try database.addHousehold(Household(name: "Sea View")).household
        let other = try database.addHousehold(Household(name: "Marina")).household
        let today = try CalendarDate(parsing: "2026-11-22")
        let maria = try database.addStaff(StaffMember(householdID: other.id, legalName: "Maria", startDate: CalendarDate(parsing: "2026-01-10"),
                                                      annualLeave: LeaveDays(halfDays: 42)), salary: Money(parsing: "3500", currency: Currency(code: "AED"))).member
        let opened = try database.openLedger(householdID: household.id, staff: nil, settledThrough: YearMonth(parsing: "2026-09"), today: today, note: nil)
        let id = opened.opening.id.rawValue
        func refused(_ sql: String, _ arguments: StatementArguments = [], _ message: String) {
            XCTAssertThrowsError(try database.writer.write { db in try db.execute(sql: sql, arguments: arguments) }, sql) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        refused("UPDATE ledger_opening SET settled_through = '2026-08'", [], "openings are never changed: record a reversal")
        refused("DELETE FROM ledger_opening", [], "openings are never deleted: record a reversal")
        let insert = "INSERT INTO ledger_opening (id, household_id, staff_id, settled_through, recorded_on, reverses, created_at) VALUES (?, ?, ?, ?, '2026-11-22', ?, 'now')"
        refused(insert, ["aaaaaaaaaaaa", household.id.rawValue, nil, "2026-05", nil], "a ledger has one opening: reverse it before opening it again")
        refused(insert, ["aaaaaaaaaaaa", household.id.rawValue, nil, "2026-05", id], "a reversal must undo one opening exactly")
        refused(insert, ["aaaaaaaaaaaa", household.id.rawValue, maria.id.rawValue, "2026-05", nil], "an opening for a person is in their household")
        refused(insert, ["aaaaaaaaaaaa", other.id.rawValue, nil, "2026-13", nil], "CHECK constraint failed")

        let reversal = try database.reverseOpening(id, on: today, note: "wrong month")
        XCTAssertThrowsError(try database.reverseOpening(id, on: today, note: nil)) { XCTAssertEqual($0 as? OpeningViolation, .alreadyReversed(opened.opening.id.short)) }
        XCTAssertThrowsError(try database.reverseOpening(reversal.opening.id.rawValue, on: today, note: nil)) {
            XCTAssertEqual($0 as? OpeningViolation, .reversalOfReversal(reversal.opening.id.short))
        }
        _ = try database.openLedger(householdID: household.id, staff: nil, settledThrough: YearMonth(parsing: "2026-06"), today: today, note: nil)
        XCTAssertEqual(try database.openings(householdID: household.id).map { $0.reversedBy != nil }, [true, false, false])
        XCTAssertEqual(try database.auditProblems(), [], "each opening is in the trail as it stands")
        XCTAssertEqual(try database.history(.household(household.id)).filter { $0.recordType == "ledger_opening" }.count, 3)
        XCTAssertThrowsError(try database.removeHousehold(named: "Sea View", cascade: true), "the ledger keeps a household its openings name")
    }
}
