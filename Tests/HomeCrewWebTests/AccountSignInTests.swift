import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// Signing in with an account: sessions kept in the database, the same answer for an unknown
/// name and a wrong password, throttling that survives a restart, and password changes.
final class AccountSignInTests: XCTestCase {
    static let password = "monsoon over the ghats"

    func makeHarness() throws -> WebHarness {
        let harness = try WebHarness()
        try harness.seed()
        let priya = try AccountKeeper(database: harness.app.database).add(name: "priya", password: Self.password)
        // A manager of the seeded household: an account reaches only the households it belongs to.
        try harness.app.database.acceptInvitation(token: harness.app.database.invite(to: harness.household.id, role: .manager).token, by: priya)
        return harness
    }

    /// A request with the given cookie (or none) and, for a post, a form.
    static func send(_ client: WebHarness.Client, _ uri: String, cookie: String?, form: [String: String]? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = "\(SiteGuard.sessionCookie)=\(cookie)" }
        guard let form else { return try await client.inner.execute(uri: uri, method: .get, headers: headers, body: nil) }
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.origin] = "http://localhost"
        let body = form.map { "\(URLComponent.encode($0.key))=\(URLComponent.encode($0.value))" }.joined(separator: "&")
        return try await client.inner.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func signIn(_ client: WebHarness.Client, password: String = password, name: String = "priya",
                cookie: String? = nil) async throws -> (response: TestResponse, token: String?) {
        let response = try await send(client, "/signin", cookie: cookie, form: ["name": name, "password": password, "next": "/"])
        let token = response.headers[.setCookie]?.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init)
        return (response, token)
    }

    func testAnAccountSignsInWithAFreshSessionThatSurvivesARestart() async throws {
        let harness = try makeHarness()
        let planted = String(repeating: "ab", count: 32)
        let box = TokenBox()
        try await harness.test { client in
            let signedIn = try await Self.signIn(client, cookie: planted)
            XCTAssertEqual(signedIn.response.status, .seeOther)
            box.token = signedIn.token
            XCTAssertEqual(box.token?.count, 64)
            XCTAssertNotEqual(box.token, planted, "a cookie set before signing in is never the session's")
            let home = try await Self.send(client, "/", cookie: box.token)
            XCTAssertEqual(home.status, .ok)
            XCTAssertTrue(home.text.contains("<a href=\"/account\"><bdi>priya</bdi></a>"), "the page names who is signed in")
        }
        let restarted = try WebApp.open(ServeSettings(vault: VaultLocation(directory: harness.folder.path),
                                                      listen: ListenAddress(host: "127.0.0.1", port: 0), today: WebHarness.today,
                                                      uploadLimit: 1 << 20), tokenFile: nil)
        restarted.identity.accept(authority: "localhost")
        let application = Application(router: WebRoutes.build(restarted).router)
        let token = box.token
        try await application.test(.router) { testClient in
            let client = WebHarness.Client(cookie: "", csrf: "")
            client.inner = testClient
            let home = try await Self.send(client, "/", cookie: token)
            XCTAssertEqual(home.status, .ok, "the session is in the database, not the server's memory")
            let stored = try XCTUnwrap(try restarted.database.openSession(token: try XCTUnwrap(token)))
            let out = try await Self.send(client, "/signout", cookie: token, form: ["csrf": stored.csrfToken])
            XCTAssertEqual(out.status, .seeOther)
            let after = try await Self.send(client, "/", cookie: token)
            XCTAssertEqual(after.headers[.location], "/signin", "signed out for good")
        }
    }

    func testAnUnknownNameAndAWrongPasswordAnswerAlikeAndFailuresMakeTriesWait() async throws {
        let harness = try makeHarness()
        try await harness.test { client in
            let wrong = try await Self.signIn(client, password: "monsoon over the hills")
            let unknown = try await Self.signIn(client, name: "nobody")
            XCTAssertEqual(wrong.response.status, .unauthorized)
            XCTAssertEqual(unknown.response.status, .unauthorized)
            XCTAssertNil(wrong.token)
            let problem = { (text: String) in text.components(separatedBy: "role=\"alert\"").last?.prefix(80) ?? "" }
            XCTAssertEqual(problem(wrong.response.text), problem(unknown.response.text))
            for _ in 0..<4 { _ = try await Self.signIn(client, password: "still not the password") }
            let throttled = try await Self.signIn(client)
            XCTAssertEqual(throttled.response.status, .tooManyRequests, "the sixth try waits, even with the right password")
            XCTAssertNotNil(throttled.response.headers[.retryAfter])
            XCTAssertNil(throttled.token)
        }
        XCTAssertGreaterThan(try harness.app.database.signInWait(for: ["account:priya"]), 0, "the waiting is stored")
    }

    func testAPasswordChangeEndsTheOtherSessionsAndChangesAreTheAccounts() async throws {
        let harness = try makeHarness()
        try await harness.test { client in
            let firstSignIn = try await Self.signIn(client), secondSignIn = try await Self.signIn(client)
            let first = try XCTUnwrap(firstSignIn.token), second = try XCTUnwrap(secondSignIn.token)
            let csrf = try XCTUnwrap(try harness.app.database.openSession(token: first)).csrfToken
            let salary = try await Self.send(client, "/staff/\(harness.maria.id.rawValue)/salary", cookie: first,
                                             form: ["csrf": csrf, "amount": "31000", "from": "2026-12-01"])
            XCTAssertEqual(salary.status, .seeOther)
            XCTAssertEqual(try harness.app.database.history(.staff(harness.maria.id)).last?.actor, "priya")
            let badCurrent = try await Self.send(client, "/account/password", cookie: first,
                                                 form: ["csrf": csrf, "current": "not it at all", "new": "a new long phrase", "again": "a new long phrase"])
            XCTAssertEqual(badCurrent.status, .unprocessableContent)
            let changed = try await Self.send(client, "/account/password", cookie: first,
                                              form: ["csrf": csrf, "current": Self.password, "new": "a new long phrase", "again": "a new long phrase"])
            XCTAssertEqual(changed.status, .ok)
            XCTAssertTrue(changed.text.contains("1 other session(s) ended"), changed.text)
            let ended = try await Self.send(client, "/", cookie: second)
            XCTAssertEqual(ended.headers[.location], "/signin", "the other browser must sign in again")
            let kept = try await Self.send(client, "/", cookie: first)
            XCTAssertEqual(kept.status, .ok, "the browser that changed it stays signed in")
        }
    }
}

final class TokenBox: @unchecked Sendable {
    var token: String?
}
