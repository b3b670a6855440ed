import Foundation
import HomeCrewCore
import HomeCrewOperations
@testable import HomeCrewStore
import HomeCrewTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// The document page shows what the document's text says; managers apply each fact with a form,
/// viewers read the facts but have no form and are refused (403) if they post one anyway.
final class DocumentSuggestionPageTests: XCTestCase {
    /// ICAO 9303's specimen passport with the given names changed to ANNA SCRIPT (no check digit covers names).
    static let text = "PASSPORT\nP<UTOERIKSSON<<ANNA<SCRIPT".padding(toLength: 53, withPad: "<", startingAt: 0)
        + "\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"

    struct Setup {
        let harness: WebHarness
        let document: DocumentDetails
        let hostile: StaffMember
        let sessions: [String: (token: String, csrf: String)]
    }

    static func setUp() async throws -> Setup {
        let harness = try WebHarness()
        try harness.seed()
        let database = harness.app.database
        let hostile = try database.addStaff(StaffMember(householdID: harness.household.id, legalName: "Anna <script> Eriksson",
                                                        startDate: CalendarDate(parsing: "2024-01-10")),
                                            salary: Money(parsing: "2000", currency: Currency(code: "AED"))).member
        let hash = String(repeating: "5e", count: 32)
        let object = StoredObject(hash: hash, size: 100, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1))
        let document = try database.addDocument(
            Document(householdID: harness.household.id, objectHash: hash, kind: .other, title: "scan", originalName: "scan.pdf"),
            object: object, pages: [PageText(number: 1, text: text, source: .pdfText)], thumbnail: nil, staff: [])
        let accountHash = "$argon2id$v=19$m=19456,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g"
        var sessions: [String: (token: String, csrf: String)] = [:]
        for (name, role) in [("vera", HouseholdRole.viewer), ("mona", .manager)] {
            let account = try database.addAccount(name: name, passwordHash: accountHash)
            try database.acceptInvitation(token: database.invite(to: harness.household.id, role: role).token, by: account)
            let opened = try database.openSession(for: account, address: nil)
            sessions[name] = (opened.token, opened.csrfToken)
        }
        return Setup(harness: harness, document: document, hostile: hostile, sessions: sessions)
    }

    static func as_(_ setup: Setup, _ name: String, _ body: @escaping @Sendable (WebHarness.Client) async throws -> Void) async throws {
        let session = setup.sessions[name]!
        let client = WebHarness.Client(cookie: "\(SiteGuard.sessionCookie)=\(session.token)", csrf: session.csrf)
        try await Application(router: setup.harness.routes.router).test(.router) { inner in
            client.inner = inner
            try await body(client)
        }
    }

    func testAViewerSeesTheFactsEscapedButCannotApplyThem() async throws {
        let setup = try await Self.setUp()
        let base = "/documents/\(setup.document.document.id.rawValue)"
        try await Self.as_(setup, "vera") { client in
            let page = try await client.get(base)
            XCTAssertEqual(page.status, .ok)
            XCTAssertTrue(page.text.contains("What its text says"), page.text)
            XCTAssertTrue(page.text.contains("Anna &lt;script&gt; Eriksson"), "the matched name, escaped")
            XCTAssertFalse(page.text.contains("Anna <script> Eriksson"))
            XCTAssertFalse(page.text.contains("\(base)/apply"), "no form for a viewer")
            let refused = try await client.post("\(base)/apply", ["field": "expiry"])
            XCTAssertEqual(refused.status, .forbidden)
        }
        let document = try setup.harness.app.database.findDocument(setup.document.document.id.rawValue)
        XCTAssertNil(document.document.expiresOn, "nothing applied")
        XCTAssertEqual(document.staff, [])
    }

    func testAManagerAppliesOneFactAtATime() async throws {
        let setup = try await Self.setUp()
        let id = setup.document.document.id.rawValue
        let base = "/documents/\(id)"
        try await Self.as_(setup, "mona") { client in
            let page = try await client.get(base)
            XCTAssertTrue(page.text.contains("action=\"\(base)/apply\""), page.text)
            XCTAssertTrue(page.text.contains("Anna &lt;script&gt; Eriksson"))
            XCTAssertFalse(page.text.contains("Anna <script> Eriksson"))
            let expiry = try await client.post("\(base)/apply", ["field": "expiry"])
            XCTAssertEqual(expiry.status, .seeOther, expiry.text)
            let bogus = try await client.post("\(base)/apply", ["field": "<script>"])
            XCTAssertEqual(bogus.status, .badRequest)
            XCTAssertFalse(bogus.text.contains("<script>"), "the field is not echoed")
        }
        var document = try setup.harness.app.database.findDocument(id)
        XCTAssertEqual(document.document.expiresOn?.description, "2012-04-15")
        XCTAssertEqual(document.staff, [], "only the fact asked for")
        XCTAssertEqual(document.document.kind, .other)
        try await Self.as_(setup, "mona") { client in
            _ = try await client.post("\(base)/apply", ["field": "person"])
        }
        document = try setup.harness.app.database.findDocument(id)
        XCTAssertEqual(document.staff.map(\.id), [setup.hostile.id])
    }

    /// 200 staff with long Devanagari names and a document of 200 name labels: the page and its
    /// Apply show the facts kept when the document was first read (altered here, the kept reading is
    /// what the page shows: it compared no name), until a staff member is renamed.
    func testThePageAndApplyUseTheKeptFactsUntilTheStaffChange() async throws {
        let setup = try await Self.setUp()
        let database = setup.harness.app.database
        let staff = try (0..<198).map { number in
            try database.addStaff(StaffMember(householdID: setup.harness.household.id, legalName: HostileNames.devanagari(number),
                                              startDate: CalendarDate(parsing: "2024-01-10")),
                                  salary: Money(parsing: "2000", currency: Currency(code: "AED"))).member
        }
        let labels = ["नाम: \(staff[120].legalName)"] + (0..<199).map { "Name: \(HostileNames.devanagari($0 + 500))" }
        let hash = String(repeating: "6f", count: 32)
        let text = labels.joined(separator: "\n")
        let document = try database.addDocument(
            Document(householdID: setup.harness.household.id, objectHash: hash, kind: .other, title: "list", originalName: "list.pdf"),
            object: StoredObject(hash: hash, size: Int64(text.utf8.count), mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1)),
            pages: [PageText(number: 1, text: text, source: .pdfText)], thumbnail: nil, staff: [])
        let base = "/documents/\(document.document.id.rawValue)"
        let marker = "kept <b>reading</b>"
        try await Self.as_(setup, "mona") { client in
            let first = try await client.get(base)
            XCTAssertEqual(first.status, .ok)
            XCTAssertTrue(first.text.contains("<tr><th>person</th>"), "the person the first label names")
            try await database.writer.write { db in
                try db.execute(sql: "UPDATE document_facts SET reading = json_set(reading, '$.notes', json_array(?))", arguments: [marker])
            }
            let kept = try await client.get(base)
            XCTAssertTrue(kept.text.contains("kept &lt;b&gt;reading&lt;/b&gt;"), "the kept facts, escaped")
            let applied = try await client.post("\(base)/apply", ["field": "person"])
            XCTAssertEqual(applied.status, .seeOther, applied.text)
            var renamed = StaffChanges()
            renamed.legalName = "Someone Else"
            _ = try database.editStaff(staff[3].id.rawValue, renamed)
            let again = try await client.get(base)
            XCTAssertEqual(again.status, .ok)
            XCTAssertFalse(again.text.contains("kept &lt;b&gt;reading"), "read again once the staff changed")
            XCTAssertTrue(again.text.contains("<tr><th>person</th>"))
        }
        XCTAssertEqual(try database.findDocument(document.document.id.rawValue).staff.map(\.id), [staff[120].id])
    }

    /// A person deciding to apply sees why: the zone's lines as read, escaped, and the check digits that agree.
    func testThePageShowsTheZoneTheFactsWereReadFrom() async throws {
        let setup = try await Self.setUp()
        try await Self.as_(setup, "vera") { client in
            let page = try await client.get("/documents/\(setup.document.document.id.rawValue)")
            XCTAssertTrue(page.text.contains("<h3>Read from the zone</h3>"), page.text)
            XCTAssertTrue(page.text.contains("P&lt;UTOERIKSSON&lt;&lt;ANNA&lt;SCRIPT&lt;"), "the zone's lines, escaped")
            XCTAssertTrue(page.text.contains("L898902C36UTO7408122F1204159ZE184226B&lt;&lt;&lt;&lt;&lt;10"))
            XCTAssertTrue(page.text.contains("The TD3 zone at line 2 of the text; its check digits agree: document number, "
                                             + "date of birth, date of expiry, personal number, composite."), page.text)
        }
    }

    func testTheNumberIsAppliedShownAndEditedEscaped() async throws {
        let setup = try await Self.setUp()
        let id = setup.document.document.id.rawValue
        let base = "/documents/\(id)"
        try await Self.as_(setup, "mona") { client in
            let applied = try await client.post("\(base)/apply", ["field": "number"])
            XCTAssertEqual(applied.status, .seeOther, applied.text)
            let page = try await client.get(base)
            XCTAssertTrue(page.text.contains("<dt>Number</dt><dd>L898902C3</dd>"), page.text)
            XCTAssertTrue(page.text.contains("name=\"number\" type=\"text\" value=\"L898902C3\""), "the edit form holds it")
            let edited = try await client.post("\(base)/edit", ["title": "scan", "kind": "passport", "number": "<b>X1</b>"])
            XCTAssertEqual(edited.status, .seeOther, edited.text)
            let shown = try await client.get(base)
            XCTAssertTrue(shown.text.contains("&lt;b&gt;X1&lt;/b&gt;") && !shown.text.contains("<b>X1</b>"), "escaped where shown")
            let tooLong = try await client.post("\(base)/edit", ["title": "scan", "kind": "passport", "number": String(repeating: "9", count: 61)])
            XCTAssertEqual(tooLong.status, .unprocessableContent, tooLong.text)
        }
        XCTAssertEqual(try setup.harness.app.database.findDocument(id).document.number, "<b>X1</b>", "a refused edit changes nothing")
    }
}
