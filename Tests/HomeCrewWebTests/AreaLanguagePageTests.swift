import Foundation
import HomeCrewCore
import HomeCrewOperations
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// One page of each of the documents, payments, reports, search and sharing areas in the
/// browser's language: its heading from the area's catalog in Arabic and in Hindi, and in English
/// when the browser asks for none.
final class AreaLanguagePageTests: XCTestCase {
    /// Each area's page and its heading in English, Arabic and Hindi.
    struct Expected {
        let path: String
        let signedIn: Bool
        let english: String
        let arabic: String
        let hindi: String
    }

    func testEachAreaShowsItsHeadingInArabicAndHindiAndEnglishByDefault() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = try XCTUnwrap(harness.maria).id.rawValue
        let invitation = try harness.app.database.invite(to: XCTUnwrap(harness.household).id, role: .viewer)
        let pages = [
            Expected(path: "/documents", signedIn: true, english: "<h1>Documents</h1>", arabic: "<h1>المستندات</h1>", hindi: "<h1>दस्तावेज़</h1>"),
            Expected(path: "/staff/\(maria)/settlement", signedIn: true, english: "<h1>Final settlement of <a",
                     arabic: "<h1>التسوية النهائية لـ <a", hindi: "</a> का अंतिम हिसाब</h1>"),
            Expected(path: "/reports/tenure", signedIn: true, english: "<h1>Tenure on 2026-11-22</h1>",
                     arabic: "<h1>مدة الخدمة في 2026-11-22</h1>", hindi: "<h1>2026-11-22 को सेवा अवधि</h1>"),
            Expected(path: "/search", signedIn: true, english: "<h1>Search</h1>", arabic: "<h1>بحث</h1>", hindi: "<h1>खोजें</h1>"),
            Expected(path: "/invitations/\(invitation.token)", signedIn: false, english: "<h1>Invitation</h1>",
                     arabic: "<h1>دعوة</h1>", hindi: "<h1>निमंत्रण</h1>"),
        ]
        try await harness.test { client in
            for page in pages {
                let english = try await client.get(page.path, signedIn: page.signedIn)
                XCTAssertEqual(english.status, .ok, page.path)
                XCTAssertTrue(english.text.contains(page.english), "\(page.path) in English by default")
                for (language, heading) in [("ar", page.arabic), ("hi", page.hindi)] {
                    let translated = try await client.get(page.path, signedIn: page.signedIn, headers: [.acceptLanguage: "\(language),en;q=0.5"])
                    XCTAssertEqual(translated.status, .ok, page.path)
                    XCTAssertTrue(translated.text.contains(heading), "\(page.path) in \(language): \(heading)")
                    XCTAssertFalse(translated.text.contains(page.english), "\(page.path) in \(language) has no English heading")
                }
            }
        }
    }

    /// The words a page shows for an enumeration or a duration follow the page's language; the
    /// form's value stays the command line's.
    func testKindsAndTenuresSpeakThePageLanguageAndTheDomainsEnglishReadsLeftToRight() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let arabic = try await client.get("/documents", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(arabic.text.contains("<option value=\"passport\">جواز سفر</option>"), "a kind in Arabic, its value as the CLI takes it")
            XCTAssertTrue(arabic.text.contains("<td>عقد</td>"), "the contract's kind in the table")
            let english = try await client.get("/documents")
            XCTAssertTrue(english.text.contains("<option value=\"passport\">passport</option>") && english.text.contains("<td>contract</td>"))

            let tenure = try await client.get("/reports/tenure", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(tenure.text.contains("<td>4 سنوات و10 أشهر و12 يومًا</td>"), "a tenure in Arabic as the papers write it, each part in its plural form")
            let japanese = try await client.get("/reports/tenure", headers: [.acceptLanguage: "ja"])
            XCTAssertTrue(japanese.text.contains("<td>4年、10か月、12日</td>"))
            let payroll = try await client.get("/reports/payroll?period=2026-11", headers: [.acceptLanguage: "ar"])
            XCTAssertTrue(payroll.text.contains("<span class=\"marks\"><bdi dir=\"ltr\">2026-11-01..2026-11-30</bdi></span>"),
                          "a span of dates keeps its order on a right-to-left page")
            XCTAssertTrue(payroll.text.contains("يُدفع الأجر عن 30 منها.</li>"), "the explanation in Arabic (PageWordsLanguageTests)")
            let payrollInEnglish = try await client.get("/reports/payroll?period=2026-11")
            XCTAssertTrue(payrollInEnglish.text.contains("<span class=\"marks\">2026-11-01..2026-11-30</span>"))
            let tenureInEnglish = try await client.get("/reports/tenure")
            XCTAssertTrue(tenureInEnglish.text.contains("<td>4 years, 10 months, 12 days</td>"))
        }
    }

    /// The due list's details are worded on the page, not the domain's English: a document's kind
    /// and title, years of service, the last day, the law's days to pay a settlement (its citation
    /// as the rules write it). English pages keep the domain's sentence.
    func testTheDueListsDetailsSpeakThePageLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let request = IngestRequest(household: harness.household, staff: [], kind: .visa, title: "Maria's residence visa",
                                    expiresOn: try CalendarDate(parsing: "2026-12-20"))
        guard case .added = harness.app.ingestor.ingest(WebHarness.samples.appendingPathComponent("fixtures/swatch-3.png").path, request) else {
            throw XCTSkip("unreachable: the sample was not added")
        }
        let marina = try harness.app.database.addHousehold(Household(name: "Marina Flat", settlementRules: "ae-domestic-2022")).household
        let joy = try harness.app.database.addStaff(StaffMember(householdID: marina.id, legalName: "Joy Mendoza", startDate: CalendarDate(parsing: "2023-01-09"),
                                                         leavingDate: CalendarDate(parsing: "2026-12-05")),
                                             salary: Money(parsing: "2500", currency: Currency(code: "AED")))
        try await harness.test { client in
            for path in ["/", "/reports/due"] {
                let arabic = try await client.get(path, headers: [.acceptLanguage: "ar"])
                for detail in ["تأشيرة: Maria&#39;s residence visa", "5 سنوات من الخدمة", "آخر يوم عمل",
                               "تُدفع التسوية النهائية خلال 10 أيام من آخر يوم عمل (Federal Decree-Law No. 9 of 2022"] {
                    XCTAssertTrue(arabic.text.contains(detail), "\(path) in Arabic: \(detail)")
                }
                for english in ["visa: Maria", "years of service", "last working day", "final settlement to be paid"] {
                    XCTAssertFalse(arabic.text.contains(english), "\(path) in Arabic has no English: \(english)")
                }
                let page = try await client.get(path)
                for detail in ["visa: Maria&#39;s residence visa", "5 years of service", "last working day",
                               "final settlement to be paid within 10 days of the last day (Federal Decree-Law No. 9 of 2022"] {
                    XCTAssertTrue(page.text.contains(detail), "\(path) in English: \(detail)")
                }
            }
            let staff = try await client.get("/staff/\(joy.member.id.rawValue)", headers: [.acceptLanguage: "hi"])
            XCTAssertTrue(staff.text.contains("(काम के अंतिम दिन से 10 दिन के भीतर (Federal Decree-Law No. 9 of 2022"), "the staff page's pay-by reason in Hindi")
            let staffInEnglish = try await client.get("/staff/\(joy.member.id.rawValue)")
            XCTAssertTrue(staffInEnglish.text.contains("(within 10 days of the last day (Federal Decree-Law No. 9 of 2022"))
        }
    }

    /// The settlement's working on a page in another language is the papers' (the statement's) wording.
    func testTheSettlementsWorkingSpeaksThePageLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = try XCTUnwrap(harness.maria).id.rawValue
        let path = "/staff/\(maria)/settlement?leaving=2026-11-30&reason=termination&rules=in-contract&contract_days=15"
        try await harness.test { client in
            let arabic = try await client.get(path, headers: [.acceptLanguage: "ar"])
            XCTAssertEqual(arabic.status, .ok)
            XCTAssertTrue(arabic.text.contains("الأجر حتى آخر يوم"), "the final pay's working in Arabic")
            XCTAssertFalse(arabic.text.contains("pay to the last day"), "no English working on the Arabic page")
            let english = try await client.get(path)
            XCTAssertTrue(english.text.contains(": pay to the last day"), "the English working as before")
        }
    }

    /// A refusal from the domain a form shows is in the page's language; an English page keeps the CLI's sentence.
    func testTheDomainsRefusalsSpeakThePageLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let maria = try XCTUnwrap(harness.maria).id.rawValue
        _ = try harness.app.database.closeMonth(YearMonth(parsing: "2026-10"), householdID: XCTUnwrap(harness.household).id)
        try await harness.test { client in
            let period = try await client.get("/reports/payroll?period=someday", headers: [.acceptLanguage: "ar"])
            XCTAssertEqual(period.status, .unprocessableContent)
            XCTAssertTrue(period.text.contains("«someday» ليست فترة"), "a period refused in Arabic")
            let english = try await client.get("/reports/payroll?period=someday")
            XCTAssertTrue(english.text.contains("&#39;someday&#39; is not a period"), "the CLI's sentence on an English page")
            let window = try await client.get("/reports/due?within=soon", headers: [.acceptLanguage: "ja"])
            XCTAssertEqual(window.status, .unprocessableContent)
            XCTAssertTrue(window.text.contains("「soon」は先の日数ではありません"), "a due window refused in Japanese")
            let fields = ["month": "2026-10", "amount": "500", "reason": "bonus"]
            let closed = try await client.post("/staff/\(maria)/adjustments", fields, headers: [.acceptLanguage: "ar"])
            XCTAssertEqual(closed.status, .unprocessableContent)
            XCTAssertTrue(closed.text.contains("هذا يغيّر كشف رواتب 2026-10"), "a closed month in Arabic")
            let closedInEnglish = try await client.post("/staff/\(maria)/adjustments", fields)
            XCTAssertTrue(closedInEnglish.text.contains("would change the payroll of 2026-10, which is closed for Sea View"))
        }
    }
}
