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
            // The length of service in the page's words, as the papers write it; the history's author too.
            let staff = try await client.get("/staff/\(harness.maria.id.rawValue)", headers: [.acceptLanguage: "ar"]).text
            let tenure = try XCTUnwrap(staff.firstRange(of: "<dt>مدة الخدمة</dt><dd>").map { String(staff[$0.upperBound...].prefix(40)) })
            XCTAssertTrue(tenure.contains("سنوات") && !tenure.contains("years"), tenure)
            XCTAssertTrue(staff.contains("صاحب الخزنة ("), "the vault's keeper named in Arabic")
            // Pages made on the heavy lane's threads (search, reports) keep the request's language.
            for path in ["/search?q=contract", "/reports/leave", "/reports/tenure", "/reports/payroll"] {
                let heavy = try await client.get(path, headers: [.acceptLanguage: "ar"]).text
                XCTAssertTrue(heavy.contains("<html lang=\"ar\" dir=\"rtl\">") && heavy.contains("<a href=\"/documents\">المستندات</a>"), path)
            }
        }
    }

    /// The account's choice outweighs the browser's, is kept in the vault (a new session has it),
    /// and "" gives the choice back to the browser; a language the pages are not written in is refused.
    func testTheAccountsLanguageOverridesTheBrowsersAndIsKept() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let priya = try AccountKeeper(database: harness.app.database).add(name: "priya", password: AccountSignInTests.password)
        try harness.app.database.acceptInvitation(token: harness.app.database.invite(to: harness.household.id, role: .manager).token, by: priya)
        try await harness.test { client in
            let signedIn = try await AccountSignInTests.signIn(client).token
            let first = try XCTUnwrap(signedIn)
            let csrf = try XCTUnwrap(try harness.app.database.openSession(token: first)).csrfToken
            let english = try await AccountSignInTests.send(client, "/account", cookie: first).text
            XCTAssertTrue(english.contains("<option value=\"ar\" lang=\"ar\">العربية</option>") && english.contains("<option value=\"\" selected>"), english)
            let chosen = try await AccountSignInTests.send(client, "/account/language", cookie: first, form: ["csrf": csrf, "language": "ar"])
            XCTAssertEqual(chosen.status, .seeOther)
            XCTAssertEqual(try harness.app.database.account(named: "priya").language?.tag, "ar")
            // A browser asking for Hindi is answered in the account's Arabic, in this session and the next.
            let again = try await AccountSignInTests.signIn(client).token
            let second = try XCTUnwrap(again)
            for token in [first, second] {
                var headers: HTTPFields = [.cookie: "\(SiteGuard.sessionCookie)=\(token)"]
                headers[.acceptLanguage] = "hi"
                let home = try await client.inner.execute(uri: "/", method: .get, headers: headers, body: nil).text
                XCTAssertTrue(home.contains("<html lang=\"ar\" dir=\"rtl\">") && home.contains("<h1>الصفحة الرئيسية</h1>"), home)
            }
            let page = try await AccountSignInTests.send(client, "/account", cookie: first).text
            XCTAssertTrue(page.contains("<option value=\"ar\" lang=\"ar\" selected>العربية</option>"), page)
            let refused = try await AccountSignInTests.send(client, "/account/language", cookie: first, form: ["csrf": csrf, "language": "ne"])
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertEqual(try harness.app.database.account(named: "priya").language?.tag, "ar", "nothing changed")
            let cleared = try await AccountSignInTests.send(client, "/account/language", cookie: first, form: ["csrf": csrf, "language": ""])
            XCTAssertEqual(cleared.status, .seeOther)
            XCTAssertNil(try harness.app.database.account(named: "priya").language)
            let forged = try await AccountSignInTests.send(client, "/account/language", cookie: first, form: ["csrf": "wrong", "language": "ja"])
            XCTAssertEqual(forged.status, .forbidden)
            XCTAssertNil(try harness.app.database.account(named: "priya").language, "a form without the session's CSRF token changes nothing")
        }
    }

    func testTheHouseholdsLanguageIsChosenOnItsFormsAndShown() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let id = harness.household.id.rawValue
        try await harness.test { client in
            let form = try await client.get("/households/new").text
            XCTAssertTrue(form.contains("<option value=\"hi\">हिन्दी — Hindi (hi)</option>"), form)
            let added = try await client.post("/households", ["name": "Palm Court", "language": "ar"])
            XCTAssertEqual(added.status, .seeOther)
            XCTAssertEqual(try harness.app.database.householdSummary(named: "Palm Court").household.language?.tag, "ar")
            let edited = try await client.post("/households/\(id)/edit", ["name": "Sea View", "language": "hi"])
            XCTAssertEqual(edited.status, .seeOther)
            let page = try await client.get("/households/\(id)").text
            XCTAssertTrue(page.contains("<dt>Language of its papers</dt><dd>Hindi (hi)</dd>") && page.contains("<option value=\"hi\" selected>"), page)
            let refused = try await client.post("/households/\(id)/edit", ["name": "Sea View", "language": "xx"])
            XCTAssertEqual(refused.status, .unprocessableContent)
            let kept = try await client.post("/households/\(id)/edit", ["name": "Sea View"])
            XCTAssertEqual(kept.status, .seeOther)
            XCTAssertEqual(try harness.app.database.householdSummary(id: harness.household.id).household.language?.tag, "hi", "a form without the field leaves it")
            _ = try await client.post("/households/\(id)/edit", ["name": "Sea View", "language": ""])
            XCTAssertNil(try harness.app.database.householdSummary(id: harness.household.id).household.language)
        }
    }
}
