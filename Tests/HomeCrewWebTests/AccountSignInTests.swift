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
    /// Posts the password form in the session `token` (with its CSRF token); the new password "a new long phrase".
    static func changePassword(_ client: WebHarness.Client, _ database: AppDatabase, token: String, current: String) async throws -> TestResponse {
        let csrf = try XCTUnwrap(try database.openSession(token: token)).csrfToken
        return try await send(client, "/account/password", cookie: token,
                              form: ["csrf": csrf, "current": current, "new": "a new long phrase", "again": "a new long phrase"])
    }

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

    /// Found by a hostile review: a name of 900,000 letters and a cookie of 64 device tokens cost
    /// seconds of work per request (the name's key made once per token), before any limit. No
    /// account has such a name: it is refused before any work, hash or count, and not shown back.
    func testAnOverlongNameIsRefusedBeforeAnyWork() async throws {
        let harness = try makeHarness()
        let junk = (0..<KnownDevices.readAtMost).map { _ in String(repeating: "a", count: 32) + "." + String(repeating: "b", count: 64) }
        let name = String(repeating: "a", count: SignInController.longestTypedName + 1)
        let started = HashLane.shared.counts.started
        try await harness.test { client in
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"]
            headers[.cookie] = "\(KnownDevices.cookie)=\(junk.joined(separator: "_"))"
            let response = try await client.inner.execute(uri: "/signin", method: .post, headers: headers,
                                                          body: ByteBuffer(string: "name=\(name)&password=a+long+enough+guess&next=/"))
            XCTAssertEqual(response.status, .unauthorized)
            let page = String(buffer: response.body)
            XCTAssertTrue(page.contains("That name and password do not match an account."), page)
            XCTAssertFalse(page.contains(String(repeating: "a", count: 100)), "the name is not shown back")
        }
        XCTAssertEqual(HashLane.shared.counts.started, started, "no password hash")
        XCTAssertEqual(try harness.app.database.signInFailures(for: "account:~"), 0, "no count either")
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

    /// A stolen session cannot guess the current password all day at the password form: a few
    /// wrong ones end it. Counted per session, so neither the thief nor a name typed at sign-in
    /// ("priya password-change") can stop the owner changing hers.
    func testASessionGuessingTheCurrentPasswordEndsAndTheOwnersOwnIsNotHeldBack() async throws {
        let harness = try makeHarness()
        try await harness.test { client in
            let thiefs = try await Self.signIn(client), owners = try await Self.signIn(client)
            let thief = try XCTUnwrap(thiefs.token), owner = try XCTUnwrap(owners.token)
            func change(_ token: String, current: String) async throws -> TestResponse {
                try await Self.changePassword(client, harness.app.database, token: token, current: current)
            }
            for name in ["priya password-change", "password-change:priya"] {
                for _ in 0..<7 { _ = try await Self.signIn(client, password: "a guess", name: name) }
            }
            for guess in 1..<AccountKeeper.currentPasswordTries {
                let wrong = try await change(thief, current: "guess \(guess)")
                XCTAssertEqual(wrong.status, .unprocessableContent, "guess \(guess)")
            }
            XCTAssertEqual(try harness.app.database.signInFailures(for: "account:priya"), AccountKeeper.currentPasswordTries - 1,
                           "counted for the name, as a sign-in's")
            let last = try await change(thief, current: "the last guess")
            XCTAssertEqual(last.status, .seeOther)
            XCTAssertEqual(last.headers[.location], "/signin", "the guessing session is ended")
            let after = try await Self.send(client, "/", cookie: thief)
            XCTAssertEqual(after.headers[.location], "/signin", "and its cookie opens nothing")
            let changed = try await change(owner, current: Self.password)
            XCTAssertEqual(changed.status, .ok, "the owner's own session changes her password")
        }
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
            let badCurrent = try await Self.changePassword(client, harness.app.database, token: first, current: "not it at all")
            XCTAssertEqual(badCurrent.status, .unprocessableContent)
            let changed = try await Self.changePassword(client, harness.app.database, token: first, current: Self.password)
            XCTAssertEqual(changed.status, .ok)
            XCTAssertTrue(changed.text.contains("Password changed; 1 other session ended."), changed.text)
            let ended = try await Self.send(client, "/", cookie: second)
            XCTAssertEqual(ended.headers[.location], "/signin", "the other browser must sign in again")
            let kept = try await Self.send(client, "/", cookie: first)
            XCTAssertEqual(kept.status, .ok, "the browser that changed it stays signed in")
        }
    }
}

/// A neighbour behind the owner's address (one Wi-Fi, one NAT) failing at other names does not
/// lock her out of the browser she signs in with: its signed known-device cookie is counted by
/// itself, not by the address. Over a loopback socket, so that the address is counted.
final class KnownDeviceSignInTests: XCTestCase {
    /// Signs in with a form, sending `device` as the known-device cookie; the status and the device cookie set.
    static func signIn(_ client: WebHarness.Client, _ name: String, _ password: String,
                       device: String? = nil, cookieHeader: String? = nil) async throws -> (status: HTTPResponse.Status, device: String?, setCookie: String) {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"]
        if let device { headers[.cookie] = "\(KnownDevices.cookie)=\(device)" }
        if let cookieHeader { headers[.cookie] = cookieHeader }
        let body = "name=\(URLComponent.encode(name))&password=\(URLComponent.encode(password))&next=%2F"
        let response = try await client.inner.execute(uri: "/signin", method: .post, headers: headers, body: ByteBuffer(string: body))
        let cookies = response.headers[values: .setCookie]
        let set = cookies.first { $0.hasPrefix(KnownDevices.cookie + "=") }
        let value = set?.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init)
        return (response.status, value, set ?? "")
    }

    func testANeighboursFailuresDoNotLockTheOwnerOutOfHerKnownBrowser() async throws {
        let harness = try WebHarness()
        let database = harness.app.database
        _ = try AccountKeeper(database: database).add(name: "priya", password: AccountSignInTests.password)
        _ = try AccountKeeper(database: database).add(name: "ravi", password: "a different long phrase")
        let owner = AccountSignInTests.password
        try await harness.test(live: true) { client in
            let first = try await Self.signIn(client, "priya", owner)
            XCTAssertEqual(first.status, .seeOther)
            let device = try XCTUnwrap(first.device, "signing in makes the browser known")
            for attribute in ["HttpOnly", "Max-Age=31536000", "Path=/signin", "SameSite=Lax"] {
                XCTAssertTrue(first.setCookie.contains(attribute), "\(attribute) in \(first.setCookie)")
            }
            // Ravi signs in on the same browser: it is known for both, his token first.
            let ravi = try await Self.signIn(client, "ravi", "a different long phrase", device: device)
            let both = try XCTUnwrap(ravi.device)
            XCTAssertTrue(both.hasSuffix("_" + device), both)
            let ravis = String(both.prefix(device.count))

            let neighbour = try await ["meena", "john", "lakshmi", "anand", "vera", "mallory", "sunil"].asyncMap {
                try await Self.signIn(client, $0, "a guess").status
            }
            XCTAssertEqual(neighbour, Array(repeating: .unauthorized, count: 5) + [.tooManyRequests, .tooManyRequests],
                           "seven names from one address: the address waits")
            // As if the neighbour had gone on over the hour: a wait far longer than this test.
            for _ in 0..<5 { try database.recordSignInFailure(for: ["address:127.0.0.1", "address:" + ClientKey.of("::1")]) }

            let forged = String(device.dropLast()) + (device.hasSuffix("0") ? "1" : "0")
            let tries: [(String?, String)] = [(nil, "no cookie"), (forged, "a forged cookie"), (ravis, "another account's cookie")]
            for (cookie, why) in tries {
                let refused = try await Self.signIn(client, "priya", owner, device: cookie)
                XCTAssertEqual(refused.status, .tooManyRequests, "\(why): the address's wait holds, as before")
                XCTAssertNil(refused.device)
            }
            // A cookie of the same name set for a narrower path, or by a parent domain, comes first in the
            // header: it must not hide hers (each of the four tokens well-formed, none valid).
            let tossed = (0..<4).map { String(repeating: "\($0)", count: 32) + "." + String(repeating: "a", count: 64) }.joined(separator: "_")
            let hidden = try await Self.signIn(client, "priya", owner, cookieHeader: "\(KnownDevices.cookie)=\(tossed); other=1; \(KnownDevices.cookie)=\(both)")
            XCTAssertEqual(hidden.status, .seeOther, "her token is found behind a tossed cookie")
            XCTAssertEqual(hidden.device.map { String($0.prefix(device.count)) }, device, "and kept first")
            let known = try await Self.signIn(client, "priya", owner, device: both)
            XCTAssertEqual(known.status, .seeOther, "her own browser signs her in")
            XCTAssertEqual(known.device, device + "_" + ravis, "the same device id, first, and Ravi's kept")
            // A new password ends every device token made before it: one a thief minted with the old one helps no more.
            try await Task.sleep(for: .milliseconds(2))
            _ = try database.changePassword(of: "priya", passwordHash: try database.credentials(of: "priya")!.passwordHash)
            let afterChange = try await Self.signIn(client, "priya", owner, device: both)
            XCTAssertEqual(afterChange.status, .tooManyRequests, "her token from before the new password counts for nothing")
        }
        let logged = try database.history(.all).filter { $0.recordType == "setting" }.compactMap { $0.after?["value"] ?? nil }
        XCTAssertTrue(logged.contains("(secret)"))
        XCTAssertFalse(logged.contains(harness.app.devices.key), "the device key is never written into the history")
    }
}

extension KnownDeviceSignInTests {
    /// A password changed on the account page ends every device token made before, the browser's own
    /// too: the answer gives that browser a new one, so that it stays known to the sign-in limit. (Before,
    /// it was counted by its address at its next sign-in, and a neighbour's failures there kept her out.)
    func testAPasswordChangedInTheBrowserLeavesItKnown() async throws {
        let harness = try WebHarness()
        let database = harness.app.database
        _ = try AccountKeeper(database: database).add(name: "priya", password: AccountSignInTests.password)
        _ = try AccountKeeper(database: database).add(name: "ravi", password: "a different long phrase")
        try await harness.test(live: true) { client in
            let signedIn = try await AccountSignInTests.send(client, "/signin", cookie: nil,
                                                             form: ["name": "priya", "password": AccountSignInTests.password, "next": "/"])
            let session = try XCTUnwrap(Self.cookie(SiteGuard.sessionCookie, in: signedIn))
            let device = try XCTUnwrap(Self.cookie(KnownDevices.cookie, in: signedIn))
            let ravi = try await Self.signIn(client, "ravi", "a different long phrase", device: device)
            let both = try XCTUnwrap(ravi.device)
            XCTAssertTrue(both.hasSuffix("_" + device), "the browser is known for Ravi and Priya")

            // Over plain HTTP the device cookie is sent to the sign-in form only: the change carries the session's.
            try await Task.sleep(for: .milliseconds(2))
            let changed = try await AccountSignInTests.changePassword(client, database, token: session, current: AccountSignInTests.password)
            XCTAssertEqual(changed.status, .ok)
            let set = try XCTUnwrap(changed.headers[values: .setCookie].first { $0.hasPrefix(KnownDevices.cookie + "=") },
                                    "the password change gives the browser a new device token")
            XCTAssertTrue(set.contains("Path=/signin") && set.contains("HttpOnly"), set)
            let renewed = try XCTUnwrap(Self.cookie(KnownDevices.cookie, in: changed))
            XCTAssertNotEqual(renewed, device)
            XCTAssertFalse(renewed.contains("_"), "over plain HTTP it holds her token alone: \(renewed)")

            // A neighbour's failures at her address, a wait far longer than this test.
            for _ in 0..<12 { try database.recordSignInFailure(for: ["address:127.0.0.1", "address:" + ClientKey.of("::1")]) }
            let newPassword = "a new long phrase"
            for (cookie, why) in [(nil, "no cookie"), (device, "her token from before the change")] as [(String?, String)] {
                let held = try await Self.signIn(client, "priya", newPassword, device: cookie)
                XCTAssertEqual(held.status, .tooManyRequests, "\(why): the address's wait holds")
            }
            let known = try await Self.signIn(client, "priya", newPassword, device: renewed)
            XCTAssertEqual(known.status, .seeOther, "the browser that changed the password is still hers")
            XCTAssertEqual(known.device, renewed, "and keeps the token it was given")
        }
    }

    /// Over HTTPS (here: a trusted proxy's `X-Forwarded-Proto`) the host-only cookie reaches the account page:
    /// the change keeps the browser's device id for her, under the new password, and Ravi's token with it.
    func testOverHTTPSAPasswordChangeKeepsTheBrowsersOtherAccounts() async throws {
        let harness = try WebHarness(trustedProxies: ["127.0.0.1", "::1"])
        let database = harness.app.database
        _ = try AccountKeeper(database: database).add(name: "priya", password: AccountSignInTests.password)
        _ = try AccountKeeper(database: database).add(name: "ravi", password: "a different long phrase")
        let host = KnownDevices.hostOnlyCookie
        try await harness.test(live: true) { client in
            func post(_ uri: String, _ form: [String: String], cookie: String?) async throws -> TestResponse {
                var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"]
                headers[HTTPField.Name("X-Forwarded-Proto")!] = "https"
                if let cookie { headers[.cookie] = cookie }
                let body = form.map { "\(URLComponent.encode($0.key))=\(URLComponent.encode($0.value))" }.joined(separator: "&")
                return try await client.inner.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
            }
            func signIn(_ name: String, _ password: String, device: String?) async throws -> TestResponse {
                try await post("/signin", ["name": name, "password": password, "next": "/"], cookie: device.map { "\(host)=\($0)" })
            }
            let priya = try await signIn("priya", AccountSignInTests.password, device: nil)
            let session = try XCTUnwrap(Self.cookie(SiteGuard.sessionCookie, in: priya))
            let device = try XCTUnwrap(Self.cookie(host, in: priya), "over HTTPS the cookie is host-only")
            let raviSignedIn = try await signIn("ravi", "a different long phrase", device: device)
            let both = try XCTUnwrap(Self.cookie(host, in: raviSignedIn))
            let ravis = String(both.prefix(device.count))

            try await Task.sleep(for: .milliseconds(2))
            let csrf = try XCTUnwrap(try database.openSession(token: session)).csrfToken
            let changed = try await post("/account/password", ["csrf": csrf, "current": AccountSignInTests.password,
                                                               "new": "a new long phrase", "again": "a new long phrase"],
                                         cookie: "\(SiteGuard.sessionCookie)=\(session); \(host)=\(both)")
            XCTAssertEqual(changed.status, .ok)
            let renewed = try XCTUnwrap(Self.cookie(host, in: changed))
            let tokens = renewed.split(separator: "_").map(String.init)
            XCTAssertEqual(tokens.count, 2, renewed)
            XCTAssertEqual(tokens.first?.prefix(32), device.prefix(32), "her device id is kept")
            XCTAssertNotEqual(tokens.first, device, "under the new password")
            XCTAssertEqual(tokens.last, ravis, "and Ravi's token with it")

            for _ in 0..<12 { try database.recordSignInFailure(for: ["address:127.0.0.1", "address:" + ClientKey.of("::1")]) }
            let stale = try await signIn("priya", "a new long phrase", device: device)
            XCTAssertEqual(stale.status, .tooManyRequests, "her token from before the change counts for nothing")
            let known = try await signIn("priya", "a new long phrase", device: renewed)
            XCTAssertEqual(known.status, .seeOther)
            let ravi = try await signIn("ravi", "a different long phrase", device: renewed)
            XCTAssertEqual(ravi.status, .seeOther, "Ravi's browser is still known for him")
        }
    }

    /// Joining by invitation sets the new account's password, as a sign-in proves one: the browser is
    /// known for the account at once, as after a sign-in. (Before, it got no device token, and was
    /// counted by its address at its next sign-in.)
    func testJoiningByInvitationLeavesTheBrowserKnown() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let database = harness.app.database
        let invitation = try database.invite(to: harness.household.id, role: .viewer).token
        let password = "lanterns by the river"
        try await harness.test(live: true) { client in
            let joined = try await AccountSignInTests.send(client, "/invitations/\(invitation)/join", cookie: nil,
                                                           form: ["name": "mina", "password": password, "again": password])
            XCTAssertEqual(joined.status, .seeOther)
            XCTAssertNotNil(Self.cookie(SiteGuard.sessionCookie, in: joined), "signed in at once")
            let device = try XCTUnwrap(Self.cookie(KnownDevices.cookie, in: joined), "and the browser is known for her")
            let set = try XCTUnwrap(joined.headers[values: .setCookie].first { $0.hasPrefix(KnownDevices.cookie + "=") })
            XCTAssertTrue(set.contains("Path=/signin") && set.contains("HttpOnly"), set)

            for _ in 0..<12 { try database.recordSignInFailure(for: ["address:127.0.0.1", "address:" + ClientKey.of("::1")]) }
            let stranger = try await Self.signIn(client, "mina", password)
            XCTAssertEqual(stranger.status, .tooManyRequests, "without the cookie, the address's wait holds")
            let known = try await Self.signIn(client, "mina", password, device: device)
            XCTAssertEqual(known.status, .seeOther, "with it, the neighbour's failures do not keep her out")
            XCTAssertEqual(known.device, device)
        }
    }

    /// The value of the cookie `name` that a response sets.
    static func cookie(_ name: String, in response: TestResponse) -> String? {
        response.headers[values: .setCookie].first { $0.hasPrefix(name + "=") }?
            .split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init)
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// Over HTTPS the known-device cookie is host-only (`__Host-`): secure, for every path, settable by no other site.
final class KnownDeviceCookieTests: XCTestCase {
    func testOverHTTPSTheCookieIsHostOnlyAndOverHTTPOnlyTheSignInFormReadsIt() {
        let secure = KnownDevices.cookie(holding: "v", overHTTPS: true)
        XCTAssertEqual(secure.name, "__Host-homecrew_device")
        XCTAssertEqual(secure.path, "/", "a __Host- cookie must be for every path")
        XCTAssertNil(secure.domain)
        XCTAssertTrue(secure.secure && secure.httpOnly)
        let plain = KnownDevices.cookie(holding: "v", overHTTPS: false)
        XCTAssertEqual(plain.name, "homecrew_device")
        XCTAssertEqual(plain.path, "/signin")
        XCTAssertTrue(plain.httpOnly)
    }

    /// Every device cookie is read, by its exact name: one behind a Unicode space is another cookie,
    /// which browsers do not hold to the __Host- rules, and is not taken for a host-only one.
    func testEveryDeviceCookieIsReadByItsExactName() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .cookie, value: "\u{2000}__Host-homecrew_device=tossed; homecrew_device=a_b;\t__Host-homecrew_device=h"))
        fields.append(HTTPField(name: .cookie, value: "other=1; homecrew_device=c"))
        let request = Request(head: HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/signin", headerFields: fields),
                              body: RequestBody(buffer: ByteBuffer()))
        let values = KnownDevices.cookieValues(of: request)
        XCTAssertEqual(values.hostOnly, "h")
        XCTAssertEqual(values.plain, "a_b_c")
        XCTAssertEqual(KnownDevices.joined(values), "h_a_b_c")
    }
}

extension KnownDeviceCookieTests {
    /// Over HTTPS the cookie reaches the account page: a password change keeps the browser's device id for
    /// the account, under the new password's epoch, and the other accounts' tokens; none made before is kept.
    func testARenewedTokenKeepsTheDeviceAndTheOtherAccounts() throws {
        let devices = KnownDevices(key: String(repeating: "k", count: 64))
        let before = devices.value(after: "priya", epoch: "p 2026-01-01", from: nil)
        let both = devices.value(after: "ravi", epoch: "r 2026-01-01", from: before)
        let id = try XCTUnwrap(devices.device(in: both, for: "priya", epoch: "p 2026-01-01"))
        let after = devices.value(after: "priya", epoch: "p 2026-11-26", from: both, found: id)
        XCTAssertEqual(after.split(separator: "_").count, 2, after)
        XCTAssertEqual(devices.device(in: after, for: "priya", epoch: "p 2026-11-26"), id)
        XCTAssertTrue(after.hasPrefix(id), "hers first")
        XCTAssertNil(devices.device(in: after, for: "priya", epoch: "p 2026-01-01"), "no token of the old password is left")
        XCTAssertNotNil(devices.device(in: after, for: "ravi", epoch: "r 2026-01-01"), "Ravi's is kept")
    }
}

final class TokenBox: @unchecked Sendable {
    var token: String?
}
