import Foundation
import XCTest

/// A household's language, the one its papers are written in beside each worker's: given with
/// `household add/edit --language`, shown by `household show` and `household list`, refused like a
/// person's when not in the list.
final class HouseholdLanguageTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Marina Apartment", "--language", "AR")
    }

    override func tearDown() { homecrew.cleanUp() }

    func language(_ name: String) throws -> Any? { try homecrew.jsonObject("household", "show", name)["language"] }

    func testALanguageIsStoredShownChangedAndCleared() throws {
        XCTAssertEqual(try language("Marina Apartment") as? String, "ar", "stored in its own case")
        XCTAssertTrue(try language("Sea View") is NSNull, "none unless given: English")
        XCTAssertTrue(try homecrew.ok("household", "show", "Marina Apartment").contains("\nLanguage:  Arabic (ar)\n"))
        XCTAssertFalse(try homecrew.ok("household", "show", "Sea View").contains("Language:"))
        let list = try homecrew.jsonArray("household", "list")
        XCTAssertEqual(list.map { $0["language"] as? String ?? "none" }, ["ar", "none"])
        XCTAssertEqual(try homecrew.ok("household", "edit", "Sea View", "--language", "hi"), "Updated household \"Sea View\".\n")
        XCTAssertEqual(try language("Sea View") as? String, "hi")
        try homecrew.ok("household", "edit", "Sea View", "--language", "")
        XCTAssertTrue(try language("Sea View") is NSNull)
        let history = try homecrew.ok("history", "--household", "Sea View")
        XCTAssertTrue(history.contains("language") && history.contains("hi"), "the change is in the trail: \(history)")
    }

    func testATagNotInTheListIsRefusedWithTheListAndChangesNothing() throws {
        let before = try homecrew.databaseBytes()
        for arguments in [["household", "edit", "Sea View", "--language", "tl"], ["household", "add", "Azabu Flat", "--language", "ja-JP"]] {
            let refused = try homecrew.run(arguments)
            XCTAssertEqual(refused.status, 64, arguments.joined(separator: " "))
            XCTAssertEqual(refused.stdout, "")
            XCTAssertEqual(refused.stderr, "error: language '\(arguments.last ?? "")' is not one HomeCrew accepts; the accepted tags are: \(StaffLanguageTests.accepted)\n")
        }
        XCTAssertEqual(try homecrew.databaseBytes(), before, "nothing was written")
        XCTAssertEqual(try homecrew.jsonArray("household", "list").count, 2)
    }

    func testExportAndImportCarryTheLanguage() throws {
        let file = homecrew.vault.deletingLastPathComponent().appendingPathComponent("export.json")
        try homecrew.ok("export", "--out", file.path)
        var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual(json["homecrew_export"] as? Int, 8)
        let households = try XCTUnwrap(json["households"] as? [[String: Any]])
        XCTAssertEqual(households.map { $0["language"] as? String ?? "none" }, ["ar", "none"])
        // From format 8 the file says it (absent: English); a file of format 7 leaves the vault's.
        try homecrew.ok("household", "edit", "Sea View", "--language", "ta")
        try homecrew.ok("import", file.path)
        XCTAssertTrue(try language("Sea View") is NSNull)
        try homecrew.ok("household", "edit", "Sea View", "--language", "ta")
        json["homecrew_export"] = 7
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        try homecrew.ok("import", file.path)
        XCTAssertEqual(try language("Sea View") as? String, "ta")
    }
}
