import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// What the pages show and do, with hostile names and files.
final class PageTests: XCTestCase {
    static let hostile = "<script>alert('x')</script>\"><img src=x onerror=alert(1)>&amp;"

    func testHostileNamesAndTitlesAreShownAsText() async throws {
        let harness = try WebHarness()
        try harness.seed(householdName: Self.hostile, staffName: "Maria " + Self.hostile, title: "Contract " + Self.hostile)
        var changes = StaffChanges()
        changes.duties = Self.hostile  // shown in the History sections as the field's new value
        _ = try harness.app.database.editStaff(harness.maria.id.rawValue, changes)
        try await harness.signIn()
        let escaped = HTML.escape(Self.hostile)
        XCTAssertTrue(escaped.contains("&lt;script&gt;") && escaped.contains("&quot;&gt;&lt;img"), escaped)
        try await harness.test { client in
            for uri in ["/", "/households/\(harness.household.id.rawValue)", "/staff/\(harness.maria.id.rawValue)",
                        "/documents/\(harness.document.document.id.rawValue)", "/upload", "/reports/payroll?period=2026-11",
                        "/search?q=hello", "/search?q=" + URLComponent.encode(Self.hostile)] {
                let page = try await client.get(uri)
                XCTAssertEqual(page.status, .ok, uri)
                XCTAssertFalse(page.text.contains("<script>alert"), "\(uri) shows a raw script")
                XCTAssertFalse(page.text.contains("<img src=x"), "\(uri) shows a raw element")
                XCTAssertFalse(page.text.contains("&amp;\"") , uri)
            }
            let household = try await client.get("/households/\(harness.household.id.rawValue)")
            XCTAssertTrue(household.text.contains(escaped), "the name is there, as text")
        }
    }

    func testSearchMarksTheMatchedWordAndLinksToItsPage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let page = try await client.get("/search?q=hello")
            XCTAssertTrue(page.text.contains("<mark>"), page.text)
            XCTAssertTrue(page.text.contains("/documents/\(harness.document.document.id.rawValue)#page-1"), page.text)
            let document = try await client.get("/documents/\(harness.document.document.id.rawValue)")
            XCTAssertTrue(document.text.contains("id=\"page-1\""), "the page's text has the anchor search links to")
        }
        let marked = HTML.highlighted("a <b>\u{E000}x&y\u{E001} \u{E001}z\u{E000}", start: "\u{E000}", end: "\u{E001}").markup
        XCTAssertEqual(marked, "a &lt;b&gt;<mark>x&amp;y</mark> z<mark></mark>", "escaped first, then marked; tags always balance")
    }

    func testOnlyANameWithAWordLongerThanAnyRealWordMayWrapInsideIt() {
        XCTAssertEqual(HTML.isolated("Mohammed Al-Rashid"), "<bdi>Mohammed Al-Rashid</bdi>")
        XCTAssertEqual(HTML.isolated("Wolfeschlegelsteinhausenbergerdorff"), "<bdi class=\"long\">Wolfeschlegelsteinhausenbergerdorff</bdi>")
        XCTAssertEqual(HTML.isolated(String(repeating: "田", count: 33) + " <b>"),
                       "<bdi class=\"long\">" + String(repeating: "田", count: 33) + " &lt;b&gt;</bdi>")
    }

    func testThePageCheckEveryRequestRunsFindsARepeatedIdAndALabelForNothing() {
        let page = "<label for=\"f-amount\">Amount</label><input id=\"f-amount\"><input id=\"f-amount\"><label for=\"f-from\">"
        XCTAssertEqual(PageStructure.problems(in: page), ["the id f-amount is used twice", "a label is for f-from, which is not on the page"])
        XCTAssertEqual(PageStructure.problems(in: "<p data-for=\"x\" id=\"y\">"), [])
        XCTAssertEqual(PageStructure.problems(in: "<table><thead><tr><th>Net</th><th></th></tr></thead></table>"), ["a table column has no heading"])
    }

    func testSearchFindsPeopleByTheirNamesInEveryScriptAboveTheDocuments() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let start = try CalendarDate(parsing: "2024-03-01"), salary = try Money(parsing: "900", currency: Currency(code: "INR"))
        for (name, knownAs) in [("田中花子", "Hanako"), ("Sunita Bai Pawar", "सुनीता"), ("Fatima Al Zahra", "فاطمة")] {
            _ = try harness.app.database.addStaff(StaffMember(householdID: harness.household.id, legalName: name, knownAs: knownAs,
                                                              startDate: start, annualLeave: LeaveDays(parsing: "21")), salary: salary)
        }
        // Someone in a household the person asking does not belong to stays out of every answer.
        let other = try harness.app.database.addHousehold(Household(name: "Hill House")).household
        _ = try harness.app.database.addStaff(StaffMember(householdID: other.id, legalName: "田中一郎", startDate: start,
                                                          annualLeave: LeaveDays(parsing: "21")), salary: salary)
        let reach = Reach(roles: [harness.household.id: .viewer])
        XCTAssertEqual(try harness.app.database.staffMatching(["田中"], within: reach, limit: 10).map(\.member.legalName), ["田中花子"])
        XCTAssertEqual(try harness.app.database.staffMatching(["田中"], within: .everything, limit: 10).count, 2)
        XCTAssertEqual(try harness.app.database.staffMatching(["maria"], within: reach, limit: 10).map(\.member.legalName), ["Maria Fernandes"])
        XCTAssertEqual(try harness.app.database.staffMatching(["SUNITA", "pawar"], within: reach, limit: 10).count, 1, "every word, any case")
        XCTAssertEqual(try harness.app.database.staffMatching(["sunita", "kumar"], within: reach, limit: 10).count, 0)
        // Each person's key is kept between searches while their names are the ones it was made from.
        var renamed = StaffChanges()
        renamed.legalName = "Sunita Kumar"
        _ = try harness.app.database.editStaff("Sunita Bai Pawar", renamed)
        XCTAssertEqual(try harness.app.database.staffMatching(["sunita", "kumar"], within: reach, limit: 10).map(\.member.legalName), ["Sunita Kumar"])
        XCTAssertEqual(try harness.app.database.staffMatching(["pawar"], within: reach, limit: 10).count, 0, "the old name is not found")
        renamed.legalName = "Sunita Bai Pawar"
        _ = try harness.app.database.editStaff("Sunita Kumar", renamed)
        XCTAssertEqual(try harness.app.database.staffMatching(["bai"], householdID: other.id, within: .everything, limit: 10).count, 0,
                       "one household when asked")
        try await harness.signIn()
        try await harness.test { client in
            for (query, name) in [("सुनीता", "Sunita Bai Pawar"), ("田中", "田中花子"), ("فاطمة", "Fatima Al Zahra"), ("hanako", "田中花子")] {
                let page = try await client.get("/search?q=" + URLComponent.encode(query)).text
                XCTAssertTrue(page.contains("<h2>People</h2>"), query)
                XCTAssertTrue(page.contains("<bdi>\(name)</bdi>"), "\(query) finds \(name)")
                XCTAssertTrue(page.contains("No document matches."), "people above the documents, which are searched too")
            }
            // Words in documents and the person's name both: people first, then documents.
            let both = try await client.get("/search?q=maria").text
            let people = try XCTUnwrap(both.range(of: "<h2>People</h2>")), documents = try XCTUnwrap(both.range(of: "<h2>Documents</h2>"))
            XCTAssertLessThan(people.lowerBound, documents.lowerBound)
            // A query with an exclusion asks for documents only.
            let excluding = try await client.get("/search?q=" + URLComponent.encode("hello -tanaka")).text
            XCTAssertFalse(excluding.contains("<h2>People</h2>"))
        }
    }

    /// The escaping rule, one scalar at a time: what `HTML.escape` reads bytes to do faster.
    static func escapedByScalar(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default: if !scalar.isControlCharacter && scalar.value != 0xFEFF { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    func testEscapingReadsBytesAndDropsExactlyTheControlCharactersTheRuleDrops() {
        // Neighbours of every byte pattern the byte reader treats specially: C1 controls and their
        // neighbours (U+00A0 shares the lead byte C2), U+FEFF and U+FEFE/FFFE (lead byte EF), the markers.
        let pieces = ["a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}",
                      "\u{9F}", "\u{A0}", "\u{BF}", "é", "\u{FEFF}", "\u{FEFE}", "\u{FFFE}", "\u{FFFD}", "\u{E000}", "\u{E001}",
                      "中", "😀", "\u{200B}", "\u{301}", "&amp;"]
        var generator = Seeded(state: 11)
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(HTML.escape(text), Self.escapedByScalar(text), text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            var expected = "", open = false
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\u{E000}": if !open { expected += "<mark>"; open = true }
                case "\u{E001}": if open { expected += "</mark>"; open = false }
                default: expected += Self.escapedByScalar(String(scalar))
                }
            }
            if open { expected += "</mark>" }
            XCTAssertEqual(HTML.highlighted(text, start: "\u{E000}", end: "\u{E001}").markup, expected)
        }
    }

    func testFormsChangeRecordsThroughTheStoreAndShowItsRefusalsOnThePage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let id = harness.maria.id.rawValue
        try await harness.test { client in
            let raise = try await client.post("/staff/\(id)/salary", ["amount": "32000.50", "from": "2026-12-01"])
            XCTAssertEqual(raise.status, .seeOther)
            XCTAssertEqual(try harness.app.database.findStaff(id).salaryHistory.entries.map(\.salary.plainAmount), ["30000.00", "32000.50"])
            let recorded = try XCTUnwrap(try harness.app.database.history(.staff(harness.maria.id)).last)
            XCTAssertEqual([recorded.actor, recorded.recordType, recorded.after?["amount"] ?? nil], ["web:" + AuditActor.unixUser, "salary_entry", "32000.50"])
            let history = try await client.get("/staff/\(id)").text
            XCTAssertTrue(history.contains("<h2>History</h2>") && history.contains("keeper (\(AuditActor.unixUser))</bdi></td>") && !history.contains("web:") && history.contains("added salary<"), history)
            let early = try await client.post("/staff/\(id)/salary", ["amount": "1", "from": "2020-01-01"])
            XCTAssertEqual(early.status, .unprocessableContent)
            XCTAssertTrue(early.text.contains("role=\"alert\""), "the refusal is shown on the page")
            let badDate = try await client.post("/staff/\(id)/leave", ["from": "2026-02-30"])
            XCTAssertEqual(badDate.status, .unprocessableContent)
            XCTAssertTrue(badDate.text.contains("February"), badDate.text)
            let leave = try await client.post("/staff/\(id)/leave", ["from": "2026-11-02", "half_day": "yes", "type": "sick"])
            XCTAssertEqual(leave.status, .seeOther)
            XCTAssertEqual(try harness.app.database.leaveListing(staff: id, householdID: nil).map(\.value.halfDays), [1])
            let currency = try await client.post("/staff", ["household": harness.household.id.rawValue, "legal_name": "Ravi",
                                                            "start": "2026-01-01", "salary": "100", "currency": "XYZ"])
            XCTAssertEqual(currency.status, .unprocessableContent)
            XCTAssertTrue(currency.text.contains("XYZ"), currency.text)
            let cascade = try await client.post("/households/\(harness.household.id.rawValue)/remove")
            XCTAssertEqual(cascade.status, .unprocessableContent, "a household with staff needs the cascade choice")
            XCTAssertEqual(try harness.app.database.householdSummaries().count, 1)
        }
    }

    func testPayslipIsThePDFTheRendererMakes() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let payslip = try await client.get("/payslips/\(harness.maria.id.rawValue)/2026-11")
            XCTAssertEqual(payslip.status, .ok)
            XCTAssertEqual(payslip.headers[.contentType], "application/pdf")
            XCTAssertTrue(payslip.text.hasPrefix("%PDF-"))
            XCTAssertTrue(payslip.headers[.contentDisposition]?.hasPrefix("attachment;") == true)
            let none = try await client.get("/payslips/\(harness.maria.id.rawValue)/2019-01")
            XCTAssertEqual(none.status, .notFound, "no pay before she started")
        }
    }

    func testTheCalendarFeedAnswersOnlyToItsCurrentSecret() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let before = try await client.get("/calendar/abc.ics", signedIn: false)
            XCTAssertEqual(before.status, .notFound, "no feed is published at first")
            _ = try await client.post("/reports/due/feed")
            let token = try XCTUnwrap(try harness.app.database.calendarFeedToken())
            let feed = try await client.get("/calendar/\(token).ics", signedIn: false)
            XCTAssertEqual(feed.status, .ok)
            XCTAssertEqual(feed.headers[.contentType], "text/calendar; charset=utf-8")
            XCTAssertTrue(feed.text.contains("SUMMARY:Work anniversary: 5 years of service — Maria") || feed.text.contains("BEGIN:VCALENDAR"), feed.text)
            let page = try await client.get("/reports/due")
            XCTAssertTrue(page.text.contains("webcal://localhost/calendar/\(token).ics"), page.text)
            _ = try await client.post("/reports/due/feed/revoke")
            let after = try await client.get("/calendar/\(token).ics", signedIn: false)
            XCTAssertEqual(after.status, .notFound, "a revoked address stops working")
        }
    }

    func testOriginalsKeepTheirDetectedTypeAndThumbnailsRevalidate() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let details = try XCTUnwrap(harness.document)
        try await harness.test { client in
            let original = try await client.get("/documents/\(details.document.id.rawValue)/original")
            XCTAssertEqual(original.headers[.contentType], "application/pdf")
            XCTAssertTrue(original.headers[.contentDisposition]?.contains("filename=\"hello.pdf\"") == true)
            let thumbnail = try XCTUnwrap(details.object.thumbnailHash)
            let first = try await client.get("/thumbnails/\(thumbnail)")
            XCTAssertEqual(first.status, .ok)
            XCTAssertEqual(first.headers[.eTag], "\"\(thumbnail)\"")
            XCTAssertTrue(first.headers[.cacheControl]?.contains("immutable") == true)
            let again = try await client.get("/thumbnails/\(thumbnail)", headers: [.ifNoneMatch: "\"\(thumbnail)\""])
            XCTAssertEqual(again.status, .notModified)
            let notAThumbnail = try await client.get("/thumbnails/\(details.object.hash)")
            XCTAssertEqual(notAThumbnail.status, .notFound, "a PDF object is not served as a thumbnail")
        }
    }
}
