import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

/// Format 22: a household's language and an account's, stored as tags of the form SQLite checks.
final class LanguageRecordTests: XCTestCase {
    var database: AppDatabase!

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
    }

    func testAnAccountsLanguageIsSetReadAndGivenBackToTheBrowser() throws {
        _ = try database.addAccount(name: "asha", passwordHash: "$argon2id$stand-in")
        XCTAssertNil(try database.account(named: "asha").language, "none: the browser's choice")
        let set = try database.setLanguage(ofAccount: "ASHA", to: try StaffLanguage(parsing: "ZH-hant"))
        XCTAssertEqual(set.language?.tag, "zh-Hant")
        XCTAssertEqual(try database.accounts().first?.language?.tag, "zh-Hant")
        try database.setLanguage(ofAccount: "asha", to: nil)
        XCTAssertNil(try database.account(named: "asha").language)
        XCTAssertThrowsError(try database.setLanguage(ofAccount: "nobody", to: nil))
    }

    func testAHouseholdsLanguageIsStoredChangedClearedAndInItsHistory() throws {
        let added = try database.addHousehold(Household(name: "Azabu Flat", language: try StaffLanguage(parsing: "ja")))
        XCTAssertEqual(try database.householdSummary(named: "Azabu Flat").household.language?.tag, "ja")
        var changes = HouseholdChanges()
        changes.language = try StaffLanguage(parsing: "ar")
        XCTAssertEqual(try database.editHousehold(named: "Azabu Flat", changes).language?.tag, "ar")
        changes = HouseholdChanges()
        changes.clearLanguage = true
        XCTAssertNil(try database.editHousehold(named: "Azabu Flat", changes).language)
        let states = try database.writer.read { db in
            try String?.fetchAll(db, sql: "SELECT json_extract(after, '$.language') FROM audit_entry WHERE record_type = 'household' AND record_id = ? AND after IS NOT NULL ORDER BY seq",
                                arguments: [added.household.id])
        }
        XCTAssertEqual(states, ["ja", "ar", nil], "the trail records each language, and its clearing")
    }

    func testSQLiteRefusesALanguageNotShapedLikeATag() throws {
        _ = try database.addAccount(name: "asha", passwordHash: "$argon2id$stand-in")
        _ = try database.addHousehold(Household(name: "Sea View"))
        for sql in ["UPDATE household SET language = 'hi; DROP'", "UPDATE account SET language = 'x'", "UPDATE account SET language = ''"] {
            XCTAssertThrowsError(try database.writer.write { db in try db.execute(sql: sql) }, sql)
        }
    }
}
