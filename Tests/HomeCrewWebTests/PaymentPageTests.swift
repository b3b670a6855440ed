import Foundation
import HomeCrewCore
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// Recording payments and advances from the staff page, as a phone sends them.
final class PaymentPageTests: XCTestCase {
    static func send(_ client: WebHarness.Client, _ uri: String, fields: [(String, String)], files: [(name: String, bytes: [UInt8])]) async throws -> TestResponse {
        let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(UploadTests.boundary)", .origin: "http://localhost"]
        return try await client.raw(uri + "?csrf=\(client.csrf)", method: .post, headers: headers, body: UploadTests.multipart(fields, files: files))
    }

    func testAPaymentWithAPhotoOfItsReceiptAndAnAdvance() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = harness.maria!, staffPage = "/staff/\(harness.maria.id.rawValue)"
        let photo = try [UInt8](Data(contentsOf: WebHarness.samples.appendingPathComponent("documents/fatima-residence-visa-sideways.jpg")))
        try await harness.test { client in
            let page = try await client.get(staffPage)
            XCTAssertTrue(page.text.contains("capture=\"environment\""), "a phone opens its camera for the receipt")
            XCTAssertTrue(page.text.contains("name=\"paid_month\" value=\"2026-10\""), "the months still owed are offered")

            let paid = try await Self.send(client, "\(staffPage)/payments", fields: [
                ("paid_amount", "30000"), ("paid_on", "2026-11-01"), ("paid_method", "upi"), ("paid_month", "2026-10"),
                ("paid_reference", "<script>alert(1)</script>"),
            ], files: [("receipt.jpg", photo)])
            XCTAssertEqual(paid.status, .seeOther, paid.text.suffix(600).description)
            let payments = try harness.app.database.paymentListing(staff: maria.id.rawValue, householdID: nil)
            XCTAssertEqual(payments.count, 1)
            XCTAssertEqual(payments.first?.payment.amount.description, "30000.00 INR")
            XCTAssertEqual(payments.first?.proof.count, 1, "the photo is the payment's proof")
            let shown = try await client.get(staffPage)
            XCTAssertTrue(shown.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !shown.text.contains("<script>alert"), "escaped")
            XCTAssertTrue(shown.text.contains("/documents/\(payments[0].proof[0].id.rawValue)"), "the proof is linked")
            XCTAssertTrue(shown.text.contains("paid 2026-11-01 by UPI"), "October's line says it is paid")
            let receipt = try await client.get("\(staffPage)/payments/\(payments[0].payment.id.rawValue)/receipt")
            XCTAssertEqual(receipt.headers[.contentType], "application/pdf")
            XCTAssertTrue(receipt.body.readableBytesView.starts(with: Array("%PDF".utf8)))
            let elsewhere = try await client.get("/staff/\(harness.document.document.id.rawValue)/payments/\(payments[0].payment.id.rawValue)/receipt")
            XCTAssertEqual(elsewhere.status, .notFound)

            // More than is owed: the page again, with the reason; nothing stored.
            let over = try await Self.send(client, "\(staffPage)/payments", fields: [
                ("paid_amount", "1"), ("paid_on", "2026-11-02"), ("paid_method", "cash"), ("paid_month", "2026-10"),
            ], files: [("receipt.jpg", photo)])
            XCTAssertEqual(over.status, .unprocessableContent)
            XCTAssertTrue(over.text.contains("2026-10 is already paid in full"), over.text.suffix(2000).description)
            XCTAssertEqual(try harness.app.database.paymentListing(staff: maria.id.rawValue, householdID: nil).count, 1)
            XCTAssertEqual(try harness.app.database.documentListing(DocumentFilter(staffID: maria.id)).count, 2, "the refused photo was not filed")

            // An advance repaid in three instalments; then November's payroll takes the first.
            let advance = try await client.post("\(staffPage)/advances", ["advance_amount": "3000", "advance_on": "2026-10-15",
                                                                         "advance_rule": "instalments", "advance_instalments": "3"])
            XCTAssertEqual(advance.status, .seeOther, advance.text.suffix(600).description)
            let payroll = try await client.get("/reports/payroll?period=2026-11&household=\(harness.household.id.rawValue)")
            XCTAssertTrue(payroll.text.contains("−1000.00 advance"), payroll.text)
            XCTAssertTrue(payroll.text.contains("29000.00 INR"))
            XCTAssertTrue(payroll.text.contains("data-paid=\"no\">unpaid"))

            // Reversing the payment: both entries stay; October is owed again.
            let reversed = try await client.post("\(staffPage)/payments/\(payments[0].payment.id.rawValue)/reverse")
            XCTAssertEqual(reversed.status, .seeOther)
            let ledger = try harness.app.database.paymentListing(staff: maria.id.rawValue, householdID: nil)
            XCTAssertEqual(ledger.count, 3, "the payment, the advance and the reversal")
            let household = try await client.get("/households/\(harness.household.id.rawValue)")
            XCTAssertTrue(household.text.contains("<h2 id=\"owed\">Owed in 2026</h2>"))
            XCTAssertTrue(household.text.contains("2000.00"), "the advance left after November")

            // Closing November with her pay still owed closes it and says so.
            let close = try await client.post("/reports/payroll/close", ["household": harness.household.id.rawValue, "month": "2026-11"])
            XCTAssertEqual(close.status, .ok)
            XCTAssertTrue(close.text.contains("Closed 2026-11, but pay is still owed: Maria Fernandes 29000.00 INR."), close.text)
            XCTAssertEqual(try harness.app.database.closedMonths(householdID: harness.household.id).map(\.month.description), ["2026-11"])
        }
    }
}
