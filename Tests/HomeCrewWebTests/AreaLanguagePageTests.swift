import Foundation
import HomeCrewCore
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
            XCTAssertTrue(payroll.text.contains("<li><bdi dir=\"ltr\">November 2026 has 30 days; paid for 30 of them.</bdi></li>"),
                          "the explanation's English reads left to right")
            let payrollInEnglish = try await client.get("/reports/payroll?period=2026-11")
            XCTAssertTrue(payrollInEnglish.text.contains("<span class=\"marks\">2026-11-01..2026-11-30</span>"))
            let tenureInEnglish = try await client.get("/reports/tenure")
            XCTAssertTrue(tenureInEnglish.text.contains("<td>4 years, 10 months, 12 days</td>"))
        }
    }
}
