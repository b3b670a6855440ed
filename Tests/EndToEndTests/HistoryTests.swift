import Foundation
import XCTest

/// `homecrew history`: the audit trail as a person and a script read it.
final class HistoryTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--known-as", "Asha", "--start", "2020-01-01",
                        "--salary", "25000", "--currency", "INR")
    }

    override func tearDown() { homecrew.cleanUp() }

    func testASalaryChangeReadsAsTheFieldBeforeAndAfterWithWhoMadeIt() throws {
        try homecrew.ok("staff", "salary", "set", "Asha", "28000", "--from", "2025-04-01")
        // A terminal escape typed into a field is refused (65), and the refusal leaves no history.
        let refused = try homecrew.run(["staff", "edit", "Asha", "--duties", "Cooking\u{1B}[31m"])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the list of duties holds the control character [U+001B]"), refused.stderr)
        try homecrew.ok("staff", "edit", "Asha", "--duties", "Cooking")
        let user = String(cString: getpwuid(geteuid())!.pointee.pw_name)
        let entries = try homecrew.jsonArray("history", "Asha")
        XCTAssertEqual(entries.map { $0["action"] as? String ?? "" }, ["insert", "insert", "insert", "update"])
        guard entries.count == 4 else { return }
        XCTAssertEqual(Set(entries.map { $0["actor"] as? String ?? "" }), ["cli:\(user)"])
        XCTAssertEqual((entries[3]["before"] as? [String: Any])?["duties"] is NSNull, true)
        let table = try homecrew.ok("history", "Asha")
        XCTAssertTrue(table.contains("changed staff member"), table)
        XCTAssertTrue(table.contains("duties"), table)
        let csv = try homecrew.ok("history", "--household", "Sea View", "--format", "csv")
        XCTAssertTrue(csv.hasPrefix("WHEN (UTC),WHO,WHAT,RECORD,FIELD,BEFORE,AFTER\r\n"), csv)
        XCTAssertFalse(csv.contains("\r\n,"), "every CSV row names its change")
        XCTAssertTrue(csv.contains("added household"), csv)
        XCTAssertEqual(try homecrew.jsonArray("history", "--since", "2999-01-01").count, 0)
    }

    func testBadScopesAreOneLineErrors() throws {
        let both = try homecrew.run(["history", "Asha", "--household", "Sea View"])
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.stderr.contains("give one of STAFF, --household or --document"), both.stderr)
        let nobody = try homecrew.run(["history", "Nobody"])
        XCTAssertNotEqual(nobody.status, 0)
        XCTAssertEqual(nobody.stderr.split(separator: "\n").count, 1, nobody.stderr)
        let badDate = try homecrew.run(["history", "--since", "2026-02-30"])
        XCTAssertEqual(badDate.status, 64, badDate.stderr)
    }

    func testARemovedStaffMembersHistoryStaysAndNamesTheRemoval() throws {
        let id = try XCTUnwrap(try homecrew.jsonArray("staff", "list").first?["id"] as? String)
        try homecrew.ok("staff", "remove", "Asha", "--cascade", "--yes")
        let entries = try homecrew.jsonArray("history", id)
        XCTAssertEqual(entries.last?["action"] as? String, "delete")
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0)
    }
}
