import Foundation
import HomeCrewCore
import HomeCrewStore
import XCTest
@testable import HomeCrewWeb

/// The language a person reads, chosen on the staff forms and shown on their page.
final class StaffLanguagePageTests: XCTestCase {
    func testTheStaffFormsChooseShowAndClearALanguageAndRefuseOneNotInTheList() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let id = harness.maria.id.rawValue
        try await harness.test { client in
            let blank = try await client.get("/staff/new").text
            XCTAssertTrue(blank.contains("<select id=\"f-language\" name=\"language\">"), blank)
            XCTAssertTrue(blank.contains("<option value=\"hi\">हिन्दी — Hindi (hi)</option>") && blank.contains("<option value=\"\" selected>"), blank)
            let added = try await client.post("/staff", ["household": harness.household.id.rawValue, "legal_name": "فاطمة الزهراء",
                                                         "start": "2026-01-01", "salary": "2800", "currency": "AED", "language": "ar"])
            XCTAssertEqual(added.status, .seeOther)
            XCTAssertEqual(try harness.app.database.findStaff("فاطمة الزهراء").member.language?.tag, "ar")

            let page = try await client.get("/staff/\(id)").text
            XCTAssertTrue(page.contains("<dt>Language</dt><dd>—</dd>"), "none yet")
            let edited = try await client.post("/staff/\(id)/edit", ["legal_name": "Maria Fernandes", "language": "fil"])
            XCTAssertEqual(edited.status, .seeOther)
            XCTAssertEqual(try harness.app.database.findStaff(id).member.language?.tag, "fil")
            let chosen = try await client.get("/staff/\(id)").text
            XCTAssertTrue(chosen.contains("<dt>Language</dt><dd>Filipino (fil)</dd>") && chosen.contains("<option value=\"fil\" selected>"), chosen)

            let refused = try await client.post("/staff/\(id)/edit", ["legal_name": "Maria Fernandes", "language": "<b>xx</b>"])
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("language &#39;&lt;b&gt;xx&lt;/b&gt;&#39; is not one HomeCrew accepts")
                          || refused.text.contains("language '&lt;b&gt;xx&lt;/b&gt;' is not one HomeCrew accepts"), refused.text)
            XCTAssertEqual(try harness.app.database.findStaff(id).member.language?.tag, "fil", "nothing changed")
            // A form without the field (an older page) leaves it; an empty choice clears it.
            let older = try await client.post("/staff/\(id)/edit", ["legal_name": "Maria Fernandes"])
            XCTAssertEqual(older.status, .seeOther)
            XCTAssertEqual(try harness.app.database.findStaff(id).member.language?.tag, "fil")
            let cleared = try await client.post("/staff/\(id)/edit", ["legal_name": "Maria Fernandes", "language": ""])
            XCTAssertEqual(cleared.status, .seeOther)
            XCTAssertNil(try harness.app.database.findStaff(id).member.language)
        }
    }
}
