import Foundation
import XCTest

/// The language a person reads: given with `staff add/edit --language`, shown by `staff show`,
/// carried by the staff spreadsheet and by export and import; a tag not in the list is refused.
final class StaffLanguageTests: XCTestCase {
    var homecrew: HomeCrewProcess!
    var scratch: URL { homecrew.vault.deletingLastPathComponent() }

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Maria Santos", "--start", "2024-01-01", "--salary", "30000", "--currency", "INR",
                        "--language", "fil")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--start", "2024-01-01", "--salary", "28000", "--currency", "INR")
    }

    override func tearDown() { homecrew.cleanUp() }

    static let accepted = "en, fil, id, hi, ne, ta, bn, ar, si, ur, zh-Hant, ja"

    func language(_ name: String) throws -> Any? { try homecrew.jsonObject("staff", "show", name)["language"] }

    func testALanguageIsStoredShownChangedAndCleared() throws {
        XCTAssertEqual(try language("Maria") as? String, "fil")
        XCTAssertTrue(try language("Asha") is NSNull, "none unless given: the household's, English")
        XCTAssertTrue(try homecrew.ok("staff", "show", "Maria").contains("\nLanguage:         Filipino (fil)\n"))
        XCTAssertFalse(try homecrew.ok("staff", "show", "Asha").contains("Language:"))
        XCTAssertEqual(try homecrew.ok("staff", "edit", "Asha", "--language", "ZH-hant"), "Updated Asha Devi.\n")
        XCTAssertEqual(try language("Asha") as? String, "zh-Hant", "tags ignore case and are stored in their own")
        try homecrew.ok("staff", "edit", "Asha", "--language", "")
        XCTAssertTrue(try language("Asha") is NSNull)
        let history = try homecrew.ok("history", "Asha")
        XCTAssertTrue(history.contains("language") && history.contains("zh-Hant"), "the change is in the trail: \(history)")
    }

    func testATagNotInTheListIsRefusedWithTheListAndChangesNothing() throws {
        let before = try homecrew.databaseBytes()
        for arguments in [["staff", "edit", "Maria", "--language", "tl"], ["staff", "edit", "Maria", "--language", "fil-PH"],
                          ["staff", "add", "--name", "New Cook", "--start", "2026-01-01", "--salary", "1", "--currency", "INR", "--language", "de"]] {
            let refused = try homecrew.run(arguments)
            XCTAssertEqual(refused.status, 64, arguments.joined(separator: " "))
            XCTAssertEqual(refused.stdout, "")
            XCTAssertEqual(refused.stderr, "error: language '\(arguments.last ?? "")' is not one HomeCrew accepts; the accepted tags are: \(Self.accepted)\n")
        }
        XCTAssertEqual(try homecrew.databaseBytes(), before, "nothing was written")
        XCTAssertEqual(try language("Maria") as? String, "fil")
    }

    func testTheSpreadsheetCarriesTheLanguageAndAFileWithoutTheColumnLeavesIt() throws {
        let csv = try homecrew.ok("staff", "list", "--format", "csv")
        XCTAssertTrue(csv.hasPrefix("id,household,legal_name,known_as,status,start_date,leaving_date,annual_leave_days,salary,currency,duties,language\r\n"), csv)
        XCTAssertTrue(csv.contains(",Maria Santos,,active,2024-01-01,,0,30000.00,INR,,fil\r\n"), csv)
        let maria = try XCTUnwrap(try homecrew.jsonObject("staff", "show", "Maria")["id"] as? String)
        let file = scratch.appendingPathComponent("staff.csv")
        // No language column: Maria keeps hers.
        try "id,legal_name,start_date,salary,currency,duties\r\n\(maria),Maria Santos,2024-01-01,30000,INR,Cleaning\r\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try homecrew.ok("staff", "import", file.path, "--household", "Sea View"), "Added 0, updated 1, unchanged 0.\n")
        XCTAssertEqual(try language("Maria") as? String, "fil")
        // The column changes it; an empty cell clears it.
        try "id,legal_name,start_date,salary,currency,language\r\n\(maria),Maria Santos,2024-01-01,30000,INR,hi\r\n,Fatima Zahra,2026-01-01,2800,AED,ar\r\n"
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try homecrew.ok("staff", "import", file.path, "--household", "Sea View"), "Added 1, updated 1, unchanged 0.\n")
        XCTAssertEqual(try language("Maria") as? String, "hi")
        XCTAssertEqual(try language("Fatima") as? String, "ar")
        try "id,legal_name,start_date,salary,currency,language\r\n\(maria),Maria Santos,2024-01-01,30000,INR,\r\n".write(to: file, atomically: true, encoding: .utf8)
        try homecrew.ok("staff", "import", file.path, "--household", "Sea View")
        XCTAssertTrue(try language("Maria") is NSNull)
        // A tag not in the list is a row error: nothing is imported.
        try "legal_name,start_date,salary,currency,language\r\nNew Cook,2026-01-05,18000,INR,klingon\r\n".write(to: file, atomically: true, encoding: .utf8)
        let before = try homecrew.databaseBytes()
        let refused = try homecrew.run(["staff", "import", file.path, "--household", "Sea View"])
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr, """
            error: line 2: language 'klingon' is not one HomeCrew accepts; the accepted tags are: \(Self.accepted)
            nothing was imported: 1 row(s) need fixing

            """)
        XCTAssertEqual(try homecrew.databaseBytes(), before)
    }

    func testExportAndImportCarryTheLanguage() throws {
        let file = scratch.appendingPathComponent("export.json")
        try homecrew.ok("export", "--out", file.path)
        var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual(json["homecrew_export"] as? Int, 8)
        let staff = ((json["households"] as? [[String: Any]])?.first?["staff"] as? [[String: Any]]) ?? []
        XCTAssertEqual(staff.map { $0["language"] as? String ?? "none" }, ["none", "fil"], "Asha has none, Maria Filipino")

        let other = HomeCrewProcess(vault: scratch.appendingPathComponent("other"))
        try other.ok("import", file.path)
        XCTAssertEqual(try other.jsonObject("staff", "show", "Maria")["language"] as? String, "fil")
        XCTAssertTrue(try other.jsonObject("staff", "show", "Asha")["language"] is NSNull)

        // From format 7 the file says the language, absent meaning none; a file of format 6 says nothing of it.
        try homecrew.ok("staff", "edit", "Asha", "--language", "hi")
        XCTAssertTrue(try homecrew.ok("import", file.path).contains("\nChanged: 1 staff\n"))
        XCTAssertTrue(try language("Asha") is NSNull)
        try homecrew.ok("staff", "edit", "Asha", "--language", "hi")
        json["homecrew_export"] = 6
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        try homecrew.ok("import", file.path)
        XCTAssertEqual(try language("Asha") as? String, "hi")
        // A tag not in the list: refused, nothing imported.
        var households = try XCTUnwrap(json["households"] as? [[String: Any]])
        var people = try XCTUnwrap(households[0]["staff"] as? [[String: Any]])
        people[1]["language"] = "xx"
        households[0]["staff"] = people
        json["households"] = households
        json["homecrew_export"] = 7
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        let refused = try homecrew.run(["import", file.path])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertEqual(refused.stderr, "error: households[0].staff[1]: language 'xx' is not one HomeCrew accepts; the accepted tags are: \(Self.accepted); nothing was imported\n")
    }
}
