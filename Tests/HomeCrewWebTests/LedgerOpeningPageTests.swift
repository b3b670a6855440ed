import Foundation
import HomeCrewCore
import HomeCrewStore
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// Opening a household's ledger from the web: with its first payment, and on the household page.
final class LedgerOpeningPageTests: XCTestCase {
    func testTheFirstPaymentOffersTheOpeningAndTheHouseholdPageReversesIt() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = harness.maria!, staffPage = "/staff/\(harness.maria.id.rawValue)"
        let householdPage = "/households/\(harness.household.id.rawValue)"
        let database = harness.app.database
        try await harness.test { client in
            let page = try await client.get(staffPage)
            XCTAssertTrue(page.text.contains("name=\"paid_opening\""), "a household's first payment offers the opening")
            let before = try await client.get(householdPage)
            XCTAssertTrue(before.text.contains("Open the ledger where HomeCrew begins"))

            // One form: the ledger opens after September and the payment, naming no month, pays October.
            let paid = try await PaymentPageTests.send(client, "\(staffPage)/payments", fields: [
                ("paid_amount", "30000"), ("paid_on", "2026-11-01"), ("paid_method", "upi"),
                ("paid_opening", "yes"), ("paid_settled_through", "2026-09"),
            ], files: [])
            XCTAssertEqual(paid.status, .seeOther, paid.text.suffix(600).description)
            XCTAssertEqual(try database.paymentListing(staff: maria.id.rawValue, householdID: nil).first?.payment.months.map(\.month.description), ["2026-10"])
            XCTAssertEqual(try database.openings(householdID: harness.household.id).map(\.opening.settledThrough.description), ["2026-09"])
            let later = try await client.get(staffPage)
            XCTAssertFalse(later.text.contains("name=\"paid_opening\""), "offered only with the first payment")

            let shown = try await client.get(householdPage)
            XCTAssertTrue(shown.text.contains("(2026-01 to 2026-09: settled before HomeCrew)"), shown.text)
            XCTAssertEqual(try database.owed(.yearToDate(WebHarness.today), householdID: harness.household.id).totals.first?.outstanding.plainAmount,
                           "30000.00", "November only")

            // A second opening over the first: the page again with the reason, nothing written.
            let again = try await client.post("\(householdPage)/opening", ["settled_through": "2026-08"])
            XCTAssertEqual(again.status, .unprocessableContent)
            XCTAssertTrue(again.text.contains("Sea View already has an opening (settled through 2026-09"), again.text.suffix(2000).description)
            let future = try await client.post("\(householdPage)/opening", ["settled_through": "2027-01"])
            XCTAssertEqual(future.status, .unprocessableContent)
            XCTAssertEqual(try database.openings(householdID: harness.household.id).count, 1)

            // Reversed from the household page: January to September are owed again.
            let id = try database.openings(householdID: harness.household.id)[0].opening.id.rawValue
            let reversed = try await client.post("\(householdPage)/opening", ["reverse": id])
            XCTAssertEqual(reversed.status, .seeOther)
            XCTAssertEqual(try database.owed(.yearToDate(WebHarness.today), householdID: harness.household.id).totals.first?.outstanding.plainAmount,
                           "300000.00", "January to September and November")
            let history = try await client.get(householdPage)
            XCTAssertFalse(history.text.contains("cli:") || history.text.contains("web:"), "who, in words")
        }
    }
}
