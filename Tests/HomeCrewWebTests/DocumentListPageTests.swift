import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// The Documents page: `doc list`'s filters from the address, sortable and paged, and a
/// manager's changes to several documents at once.
final class DocumentListPageTests: XCTestCase {
    func add(_ harness: WebHarness, _ file: String, kind: DocumentKind, title: String, issued: String? = nil, expires: String?) throws -> RecordID {
        let path = WebHarness.samples.appendingPathComponent(file).path
        let request = IngestRequest(household: harness.household, staff: [], kind: kind, title: title,
                                    issuedOn: try issued.map(CalendarDate.init(parsing:)), expiresOn: try expires.map(CalendarDate.init(parsing:)))
        guard case .added(let details) = harness.app.ingestor.ingest(path, request) else { throw XCTSkip("unreachable: \(file) was not added") }
        return details.document.id
    }

    func testFiltersFromTheAddressAreDocListsOptions() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let old = try add(harness, "fixtures/swatch-1.png", kind: .passport, title: "Old passport <img src=x onerror=alert(1)>", expires: "2026-10-01")
        let visa = try add(harness, "fixtures/swatch-3.png", kind: .visa, title: "Visa", issued: "2025-01-10", expires: "2027-01-10")
        let contract = harness.document.document.id
        let household = harness.household.id.rawValue
        try await harness.test { client in
            func listed(_ query: String) async throws -> [RecordID] {
                let page = try await client.get("/documents?" + query)
                XCTAssertEqual(page.status, .ok, query)
                return page.text.components(separatedBy: "<td><a href=\"/documents/").dropFirst().map { RecordID(rawValue: String($0.prefix(12))) }
            }
            let all = try await listed("")
            XCTAssertEqual(Set(all), [old, visa, contract])
            let expired = try await listed("expiry=expired")
            XCTAssertEqual(expired, [old])
            let within = try await listed("expiry=60")
            XCTAssertEqual(within, [old, visa], "soonest expiry first, the expired one included")
            let passports = try await listed("kind=passport")
            XCTAssertEqual(passports, [old])
            let issued = try await listed("issued_from=2025-01-01&issued_to=2025-12-31")
            XCTAssertEqual(issued, [visa])
            let maria = try await listed("staff=\(harness.maria.id.rawValue)")
            XCTAssertEqual(maria, [contract])
            let byTitle = try await listed("sort=title")
            XCTAssertEqual(byTitle, [contract, old, visa].sorted { try! harness.app.database.findDocument($0.rawValue).document.title
                .localizedCaseInsensitiveCompare(harness.app.database.findDocument($1.rawValue).document.title) == .orderedAscending })

            let page = try await client.get("/documents?household=\(household)&sort=expires")
            XCTAssertTrue(page.text.contains("Old passport &lt;img src=x onerror=alert(1)&gt;"), "a title is text")
            XCTAssertFalse(page.text.contains("<img src=x"))
            XCTAssertTrue(page.text.contains("<th scope=\"col\" aria-sort=\"ascending\"><a href=\"/documents?household=\(household)&amp;sort=expires\">Expires</a>"))
            XCTAssertTrue(page.text.contains("name=\"document\" value=\"\(visa.rawValue)\""), "a manager of the chosen household can choose documents")
            let everywhere = try await client.get("/documents")
            XCTAssertFalse(everywhere.text.contains("name=\"document\""), "changes together are made within one household")

            let backwards = try await client.get("/documents?added_from=2026-02-01&added_to=2026-01-01")
            XCTAssertEqual(backwards.status, .unprocessableContent)
            XCTAssertTrue(backwards.text.contains("the added dates run backwards: 2026-02-01 is after 2026-01-01"))
            let negative = try await client.get("/documents?expiry=-5")
            XCTAssertTrue(negative.text.contains("&#39;-5&#39; is not an expiry window"), "no silent clamping")
            let unknown = try await client.get("/documents?household=0123456789ab")
            XCTAssertEqual(unknown.status, .notFound)
            let name = try await client.get("/documents?staff=Maria")
            XCTAssertEqual(name.status, .notFound, "the address takes ids, not names")
        }
    }

    func testAManagerChangesTheChosenDocumentsTogetherOrNotAtAll() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let first = try add(harness, "fixtures/swatch-1.png", kind: .other, title: "Scan one", issued: "2026-03-01", expires: nil)
        let second = try add(harness, "fixtures/swatch-3.png", kind: .other, title: "Scan two", expires: nil)
        let household = harness.household.id.rawValue
        @Sendable func post(_ client: WebHarness.Client, _ fields: [(String, String)]) async throws -> TestResponse {
            let body = (fields + [("csrf", harness.csrf), ("household", household), ("return", "household=\(household)&kind=other")])
                .map { "\(URLComponent.encode($0.0))=\(URLComponent.encode($0.1))" }.joined(separator: "&")
            return try await client.raw("/documents/bulk", method: .post,
                                        headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"],
                                        body: ByteBuffer(string: body))
        }
        try await harness.test { client in
            let chosen = [("document", first.rawValue), ("document", second.rawValue)]
            let link = try await post(client, chosen + [("action", "link"), ("staff", harness.maria.id.rawValue)])
            XCTAssertEqual(link.status, .seeOther)
            XCTAssertEqual(link.headers[.location], "/documents?household=\(household)&kind=other", "back to the same list")
            let kind = try await post(client, chosen + [("action", "kind"), ("kind", "visa")])
            XCTAssertEqual(kind.status, .seeOther)
            let early = try await post(client, chosen + [("action", "expires"), ("expires", "2026-02-01")])
            XCTAssertEqual(early.status, .unprocessableContent)
            XCTAssertTrue(early.text.contains("expiry date 2026-02-01 is before the issue date 2026-03-01"), early.text)
            let none = try await post(client, [("action", "kind"), ("kind", "visa")])
            XCTAssertTrue(none.text.contains("Choose at least one document to change."))
            let foreign = try await post(client, chosen + [("document", "0123456789ab"), ("action", "kind"), ("kind", "passport")])
            XCTAssertEqual(foreign.status, .notFound)
            let tooMany = try await post(client, Array(repeating: ("document", first.rawValue), count: WebLimits.pageSize + 1)
                                                 + [("action", "kind"), ("kind", "passport")])
            XCTAssertEqual(tooMany.status, .unprocessableContent, "more documents than a page shows are refused before any work")
            XCTAssertTrue(tooMany.text.contains("At most 50 documents are changed at once"), tooMany.text)
        }
        for id in [first, second] {
            let details = try harness.app.database.findDocument(id.rawValue)
            XCTAssertEqual(details.document.kind, .visa, "the kind was set; the refused changes changed nothing")
            XCTAssertEqual(details.staff.map(\.id), [harness.maria.id])
            XCTAssertNil(details.document.expiresOn)
        }
    }
}
