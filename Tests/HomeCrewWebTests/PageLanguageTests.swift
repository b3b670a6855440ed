import Foundation
import HomeCrewCore
import HomeCrewOperations
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// The pages' language: the browser's Accept-Language, else English; Arabic right to left.
final class PageLanguageTests: XCTestCase {
    func testAcceptLanguagePicksTheFirstOfOurLanguagesByItsQValues() {
        let cases: [(String?, String)] = [
            (nil, "en"), ("", "en"), ("fr-FR, de;q=0.9", "en"), ("*", "en"),
            ("ar-AE,ar;q=0.9,en;q=0.8", "ar"), ("hi-IN", "hi"), ("HI", "hi"),
            ("zh-TW", "zh-Hant"), ("zh-HK,zh;q=0.9", "zh-Hant"), ("zh-Hant-HK", "zh-Hant"), ("zh-CN, ja;q=0.5", "ja"), ("zh", "en"),
            ("tl-PH", "fil"), ("fil", "fil"), ("in", "id"), ("id-ID", "id"),
            ("en;q=0.5, hi", "hi"), ("ja;q=0.8, id;q=0.8", "ja"), ("ar;q=0, hi;q=0.1", "hi"),
            ("ar;q=2, ja", "ja"), ("ar;q=abc, ja;q=0.1", "ja"), ("  ar  ;  q=0.7 ", "ar"),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(PageLanguage.preferred(header), expected, header ?? "nil")
        }
    }

    /// A hostile header is read no further than its first bytes and ranges: what comes after is not weighed.
    func testAHostileAcceptLanguageIsBounded() {
        XCTAssertEqual(PageLanguage.preferred(String(repeating: "x", count: 1_000_000)), "en")
        XCTAssertEqual(PageLanguage.preferred(String(repeating: "xx,", count: 400_000) + "ar"), "en")
        XCTAssertEqual(PageLanguage.preferred(String(repeating: "fr,", count: PageLanguage.ranges) + "ar"), "en", "only the first ranges count")
        XCTAssertEqual(PageLanguage.preferred(String(repeating: ",", count: 100) + "ar"), "ar", "empty ranges are not ranges")
        XCTAssertEqual(PageLanguage.preferred(String(repeating: "-", count: PageLanguage.headerBytes) + ",ar"), "en")
        XCTAssertEqual(PageLanguage.preferred("ar" + String(repeating: "-x", count: 100_000)), "ar")
        XCTAssertEqual(PageLanguage.preferred("\u{0}\u{7F}ä;q=\u{FFFD}, hi"), "hi")
    }

    func testThePageSpeaksTheBrowsersLanguageAndArabicIsRightToLeft() async throws {
        let harness = try WebHarness()
        try await harness.test { client in
            let arabic = try await client.get("/signin", signedIn: false, headers: [.acceptLanguage: "ar-AE,ar;q=0.9,en;q=0.8"]).text
            XCTAssertTrue(arabic.contains("<html lang=\"ar\" dir=\"rtl\">"), arabic)
            XCTAssertTrue(arabic.contains("<h1>تسجيل الدخول</h1>"), arabic)
            let hindi = try await client.get("/signin", signedIn: false, headers: [.acceptLanguage: "hi-IN,hi;q=0.9"]).text
            XCTAssertTrue(hindi.contains("<html lang=\"hi\" dir=\"ltr\">") && hindi.contains("<h1>साइन इन</h1>"), hindi)
            let chinese = try await client.get("/signin", signedIn: false, headers: [.acceptLanguage: "zh-TW"]).text
            XCTAssertTrue(chinese.contains("<html lang=\"zh-Hant\" dir=\"ltr\">") && chinese.contains("<h1>登入</h1>"), chinese)
            let none = try await client.get("/signin", signedIn: false).text
            XCTAssertTrue(none.contains("<html lang=\"en\" dir=\"ltr\">") && none.contains("<h1>Sign in</h1>"), none)
            // An error page answers in the browser's language too.
            let missing = try await client.get("/no-such-page", signedIn: false, headers: [.acceptLanguage: "ja"])
            XCTAssertEqual(missing.status, .notFound)
            XCTAssertTrue(missing.text.contains("<html lang=\"ja\" dir=\"ltr\">") && missing.text.contains("<h1>見つかりません</h1>"), missing.text)
        }
    }

    func testAFormsErrorAndAPluralAreInThePagesLanguage() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            let refused = try await client.post("/households", ["name": ""], headers: [.acceptLanguage: "hi"])
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("<h1>घर जोड़ें</h1>"), refused.text)
            let page = try await client.get("/households/\(harness.household.id.rawValue)", headers: [.acceptLanguage: "ar"]).text
            XCTAssertTrue(page.contains("<h2 id=\"staff\">العاملون</h2>"), page)
            XCTAssertTrue(page.contains("<td>على رأس العمل</td>"), "Maria's status in Arabic")
        }
    }
}
