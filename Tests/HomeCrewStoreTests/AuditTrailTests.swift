import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

final class AuditTrailTests: XCTestCase {
    var database: AppDatabase!
    var household: Household!
    let inr = try! Currency(code: "INR")

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
        household = try AuditActor.$current.withValue("cli:owner") { try database.addHousehold(Household(name: "Sea View")).household }
    }

    func addAsha() throws -> StaffDetails {
        try database.addStaff(StaffMember(householdID: household.id, legalName: "Asha Devi", startDate: try CalendarDate(parsing: "2024-01-15"),
                                          annualLeave: LeaveDays(halfDays: 42)), salary: Money(25_000, inr))
    }

    func testEveryChangeIsRecordedWithItsActorAndTheFieldsBeforeAndAfter() throws {
        let asha = try AuditActor.$current.withValue("web:partner") { try addAsha() }
        try AuditActor.$current.withValue("cli:owner") {
            _ = try database.setSalary(asha.member.id.rawValue, amount: "28000.00", currency: nil, from: try CalendarDate(parsing: "2025-04-01"))
            var changes = StaffChanges()
            changes.duties = "Cooking <script>alert(1)</script>"
            _ = try database.editStaff(asha.member.id.rawValue, changes)
        }
        let history = try database.history(.staff(asha.member.id))
        XCTAssertEqual(history.map(\.action), [.insert, .insert, .insert, .update])
        XCTAssertEqual(history.map(\.recordType), ["staff", "salary_entry", "salary_entry", "staff"])
        XCTAssertEqual(history.map(\.actor), ["web:partner", "web:partner", "cli:owner", "cli:owner"])
        XCTAssertTrue(history.allSatisfy { $0.householdID == household.id })
        XCTAssertEqual(history[2].after?["amount"], "28000.00")
        XCTAssertEqual(history[3].changes, [AuditEntry.FieldChange(field: "duties", before: nil, after: "Cooking <script>alert(1)</script>")])
        XCTAssertEqual(try database.recentHistory(.staff(asha.member.id), count: 2).map(\.sequence), [history[3].sequence, history[2].sequence])
        XCTAssertEqual(try database.auditProblems(), [])
    }

    func testAFailedWriteRecordsNothingAndAnUnchangedSaveRecordsNothing() throws {
        let asha = try addAsha()
        let before = try database.history(.all).count
        XCTAssertThrowsError(try database.setSalary(asha.member.id.rawValue, amount: "1", currency: nil, from: try CalendarDate(parsing: "2020-01-01")))
        var same = StaffChanges()
        same.legalName = "Asha Devi"
        _ = try database.editStaff(asha.member.id.rawValue, same)
        XCTAssertEqual(try database.history(.all).count, before)
    }

    func testRemovingAStaffMemberRecordsEachRemovedRecordUnderTheirHousehold() throws {
        let asha = try addAsha()
        _ = try database.removeStaff(asha.member.id.rawValue, cascade: true)
        let removals = try database.history(.staff(asha.member.id)).filter { $0.action == .delete }
        XCTAssertEqual(Set(removals.map(\.recordType)), ["staff", "salary_entry"])
        XCTAssertTrue(removals.allSatisfy { $0.householdID == household.id }, "\(removals.map(\.householdID))")
        XCTAssertEqual(try database.historyScope(staff: asha.member.id.rawValue, household: nil, document: nil), .staff(asha.member.id),
                       "a removed person's history is still found by their id")
        XCTAssertEqual(try database.auditProblems(), [])
    }

    func testTheTrailIsAppendOnly() throws {
        _ = try addAsha()
        try database.writer.write { db in
            XCTAssertThrowsError(try db.execute(sql: "UPDATE audit_entry SET actor = 'someone else'"))
            XCTAssertThrowsError(try db.execute(sql: "DELETE FROM audit_entry"))
        }
    }

    func testVerifyFindsAChangeTheTrailDidNotSee() throws {
        let asha = try addAsha()
        try database.writer.write { db in
            try db.execute(sql: "DROP TRIGGER audit_staff_update")
            try db.execute(sql: "UPDATE staff SET duties = 'changed behind its back'")
            try db.execute(sql: "DROP TRIGGER audit_household_insert")
            try db.execute(sql: "INSERT INTO household (id, name, name_key, created_at) VALUES ('aaaaaaaaaaaa', 'Quiet', 'quiet', 'now')")
        }
        XCTAssertEqual(try database.auditProblems(), [
            "household aaaaaaaaaaaa has no recorded state",
            "staff \(asha.member.id.rawValue) differs from its latest recorded state",
        ])
    }

    func testAChangeMadeOutsideHomeCrewIsNotCreditedToAnyone() throws {
        _ = try addAsha()
        try database.writer.write { db in try db.execute(sql: "UPDATE staff SET duties = 'by hand'") }
        XCTAssertEqual(try database.history(.all).last?.actor, "outside HomeCrew")
    }

    func testSecretSettingsAreNotWrittenIntoTheTrail() throws {
        try database.writer.write { db in
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('web.calendar_feed_token', 'abcdef0123456789'), ('ocr.languages', 'eng')")
        }
        let settings = try database.history(.all).filter { $0.recordType == "setting" }
        XCTAssertEqual(settings.map { $0.after?["value"] ?? nil }, ["(secret)", "eng"])
        XCTAssertEqual(try database.auditProblems(), [])
    }
}
