import Foundation
import HomeCrewCore
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// Ending employment on the web: the same preview as `homecrew settle`, then the confirmation.
final class SettlementPageTests: XCTestCase {
    func testThePreviewThenTheConfirmationRecordTheSettlementOnce() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = harness.maria.id.rawValue
        let query = "leaving=2026-11-30&reason=termination&rules=in-contract&contract_days=15"
        try await harness.test { client in
            let staff = try await client.get("/staff/\(maria)")
            XCTAssertTrue(staff.text.contains("action=\"/staff/\(maria)/settlement\""), "the staff page offers the settlement")
            let preview = try await client.get("/staff/\(maria)/settlement?\(query)")
            XCTAssertEqual(preview.status, .ok)
            // Worked by hand: November in full; a contract's 15 days a year for 4 years and 325/365.
            XCTAssertTrue(preview.text.contains("<td>final pay</td><td class=\"num\"><strong>30000.00 INR</strong>"), preview.text)
            XCTAssertTrue(preview.text.contains("<td>gratuity</td><td class=\"num\"><strong>73356.16 INR</strong>"))
            XCTAssertTrue(preview.text.contains("<strong>103356.16 INR</strong>"))
            XCTAssertTrue(preview.text.contains("India: no central statute gives domestic workers a gratuity"), "what the law leaves open is said")
            XCTAssertTrue(preview.text.contains("in-contract from 2025-11-21, as read on"), "the version in force on the leaving day is named")
            // The contract's month and minimum service are checked whatever they are, and used.
            let twentySix = try await client.get("/staff/\(maria)/settlement?\(query)&contract_month_days=26&contract_minimum_years=0")
            // On the Code's 26-day month the Code's years: 325 days are more than six months, a year (issue #52; pro rata it was 84641.73).
            XCTAssertTrue(twentySix.text.contains("<strong>86538.46 INR</strong>"), "15/26 × 30000 × 5")
            let tooLong = try await client.get("/staff/\(maria)/settlement?\(query)&contract_minimum_years=5")
            XCTAssertTrue(tooLong.text.contains("not due: 4 completed years, fewer than the 5 required"), tooLong.text)
            XCTAssertFalse(tooLong.text.contains("required; the view that 240 days"), "a 30-day contract is not read as the Code")
            // On the Code's month, the line says the 240-day view of continuous service (disputed) is not applied.
            let codeTooShort = try await client.get("/staff/\(maria)/settlement?\(query)&contract_month_days=26&contract_minimum_years=5")
            XCTAssertTrue(codeTooShort.text.contains("fewer than the 5 required; the view that 240 days&#39; work in a year counts as a year of continuous service"),
                          codeTooShort.text)
            XCTAssertTrue(twentySix.text.contains("the part year pro rata instead: 15/26 × 30000.00 × (4 + 325/365) years = 84641.73 (less than this reading gives)"),
                          twentySix.text)
            XCTAssertNil(try harness.app.database.findStaff(maria).member.leavingDate, "a preview records nothing")

            for (bad, message) in [("leaving=2026-02-30&reason=termination&rules=in-contract", "there is no day 30 in February 2026"),
                                   ("leaving=2026-11-30&reason=termination&rules=xx", "no settlement rules named &#39;xx&#39;"),
                                   ("leaving=2026-11-30&reason=quit&rules=in-contract", "Choose why the employment ends"),
                                   ("leaving=2026-11-30&reason=termination&rules=in-contract&contract_days=0", "1 to 365 days a year"),
                                   ("leaving=2026-11-30&reason=termination&rules=in-contract&contract_month_days=27", "counts a month as 30 or 26 days"),
                                   ("leaving=2026-11-30&reason=termination&rules=in-contract&contract_month_days=26", "the person&#39;s contract gives no gratuity"),
                                   ("leaving=2026-11-30&reason=termination&rules=in-contract&contract_days=15&contract_minimum_years=-1", "0 to 50 years"),
                                   ("leaving=2026-11-30&reason=termination&rules=in-contract&notice=2026-12-05", "is after the leaving date")] {
                let page = try await client.get("/staff/\(maria)/settlement?\(bad)")
                XCTAssertEqual(page.status, .unprocessableContent, bad)
                XCTAssertTrue(page.text.contains(message), "\(bad): \(page.text)")
            }

            var fields = Dictionary(uniqueKeysWithValues: query.split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=")
                return (String(parts[0]), String(parts[1]))
            })
            fields["method"] = "bank-transfer"
            let confirmed = try await client.post("/staff/\(maria)/settlement", fields)
            XCTAssertEqual(confirmed.status, .seeOther)
            let again = try await client.post("/staff/\(maria)/settlement", fields)
            XCTAssertEqual(again.status, .unprocessableContent)
            XCTAssertTrue(again.text.contains("was already settled on 2026-11-30"))
        }
        XCTAssertEqual(try harness.app.database.findStaff(maria).member.leavingDate?.description, "2026-11-30")
        let documents = try harness.app.database.documentListing(DocumentFilter(staffID: harness.maria.id)).map(\.document.title)
        XCTAssertTrue(documents.contains("Final settlement 2026-11-30 Maria Fernandes"), "\(documents)")
    }
}
