import Foundation
import HomeCrewCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// The route table's rules, checked on every route the table holds: a new route is covered
/// the moment it is registered.
final class RouteRuleTests: XCTestCase {
    /// Fills a route's parameters with values of the right shape.
    static func concrete(_ path: String, id: String = "0123456789ab", hash: String = String(repeating: "ab", count: 32)) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            switch segment {
            case ":hash": return hash
            case ":month": return "2026-11"
            case ":token": return "nothing.ics"
            default: return segment.hasPrefix(":") ? id : String(segment)
            }
        }.joined(separator: "/")
    }

    func testTheTableHasARuleForEveryRouteAndOnlyTheSignInPageAssetsFeedAndInvitationsAreOpen() throws {
        let harness = try WebHarness()
        let open = harness.routes.rules.filter { !$0.access.needsSession }.map(\.description).sorted()
        XCTAssertEqual(open, ["GET /assets/icon-192.png (anyone)", "GET /assets/icon-512.png (anyone)", "GET /assets/icon.svg (anyone)",
                              "GET /assets/manifest.webmanifest (anyone)", "GET /assets/site.css (anyone)", "GET /assets/site.js (anyone)",
                              "GET /calendar/{token} (calendar feed)", "GET /favicon.ico (anyone)",
                              "GET /invitations/{token} (anyone)", "GET /signin (anyone)", "POST /invitations/{token}/join (anyone)",
                              "POST /signin (anyone)"])
        XCTAssertGreaterThan(harness.routes.rules.count, 40)
    }

    func testEverySignedInRouteSendsAStrangerToSignIn() async throws {
        let harness = try WebHarness()
        try harness.seed()
        let rules = harness.routes.rules.filter { $0.access.needsSession }
        try await harness.test { client in
            for rule in rules {
                let uri = Self.concrete(rule.path)
                let response = rule.method == .get ? try await client.get(uri, signedIn: false)
                    : try await client.post(uri, signedIn: false)
                XCTAssertEqual(response.status, .seeOther, "\(rule)")
                XCTAssertTrue(response.headers[.location]?.hasPrefix("/signin") == true, "\(rule) → \(response.headers[.location] ?? "nil")")
            }
        }
    }

    static func namesItsRecordInThePath(_ rule: RouteRule) -> Bool {
        guard case .member(_, let record) = rule.access else { return false }
        switch record {
        case .household, .staff, .document, .object: return true
        case .formField, .uploadField: return false
        }
    }

    func testEveryFormRouteRefusesAWrongCSRFTokenAndAnotherSitesOrigin() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let id = harness.maria.id.rawValue
        let records = try harness.app.database.recordDigest()
        let posts = harness.routes.rules.filter { $0.method == .post && $0.access.needsSession }
        XCTAssertGreaterThan(posts.count, 20)
        try await harness.test { client in
            for rule in posts {
                let uri = Self.concrete(rule.path, id: id)
                let forged = try await client.post(uri, csrf: "0000")
                // Reach is checked before the body (which holds the token) is read: a record of the path that
                // is not there is answered 404 before the token is looked at; every other route, 403.
                XCTAssertEqual(forged.status, Self.namesItsRecordInThePath(rule) ? .notFound : .forbidden, "\(rule) with a wrong CSRF token")
                let crossSite = try await client.post(uri, origin: "http://evil.example")
                XCTAssertEqual(crossSite.status, .forbidden, "\(rule) from another site")
                let noOrigin = try await client.post(uri, origin: nil)
                XCTAssertEqual(noOrigin.status, .forbidden, "\(rule) without Origin or Referer")
            }
            XCTAssertEqual(try harness.app.database.recordDigest(), records, "no refused request changed a record")
        }
    }

    func testHostileAndUnknownIdsAnswer404OnEveryRoute() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let hostile = ["000000000000", "zzzzzzzzzzzz", "..%2F..%2Fetc%2Fpasswd", "Maria", "0123", "%00", String(repeating: "a", count: 5000),
                       "%3Cscript%3E", "9" + String(repeating: "f", count: 11)]
        let routes = harness.routes.rules.filter { $0.access.needsSession && $0.path.contains("/{") }
        try await harness.test { client in
            for rule in routes {
                for id in hostile {
                    // An upload's security token travels in its address.
                    let uri = Self.concrete(rule.path, id: id, hash: id) + (rule.body == .upload ? "?csrf=\(client.csrf)" : "")
                    let response = rule.method == .get ? try await client.get(uri) : try await client.post(uri)
                    XCTAssertEqual(response.status, .notFound, "\(rule) with \(id.prefix(40))")
                    XCTAssertFalse(response.text.contains("Fatal") || response.text.contains("<script>"), "\(rule)")
                }
            }
        }
    }

    /// DNS rebinding: a page of another site whose name now points at 127.0.0.1 sends its own
    /// name as Host. Every route refuses it, signed in or not, before any handler runs.
    func testEveryRouteRefusesAForeignHost() async throws {
        let harness = try WebHarness(answersToLocalhost: false)
        try harness.seed()
        try await harness.signIn()
        let records = try harness.app.database.recordDigest()
        try await harness.test { client in
            for rule in harness.routes.rules {
                let uri = Self.concrete(rule.path, id: harness.maria.id.rawValue)
                let response = rule.method == .get ? try await client.get(uri) : try await client.post(uri)
                XCTAssertEqual(response.status, .misdirectedRequest, "\(rule)")
                XCTAssertNil(response.headers[.setCookie], "\(rule)")
            }
        }
        XCTAssertEqual(try harness.app.database.recordDigest(), records)
    }

    func testPagesAreMarkedAgainstScriptsSniffingAndFraming() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        try await harness.test { client in
            for uri in ["/", "/signin", "/nowhere", "/documents/\(harness.document.document.id.rawValue)"] {
                let response = try await client.get(uri)
                let policy = try XCTUnwrap(response.headers[.contentSecurityPolicy], uri)
                XCTAssertTrue(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"), "\(uri): \(policy)")
                XCTAssertEqual(response.headers[.xContentTypeOptions], "nosniff", uri)
                XCTAssertEqual(response.headers[HTTPField.Name("X-Frame-Options")!], "SAMEORIGIN", uri)
            }
        }
    }

    func testTheSignInTokenWorksOnceAndGivesAStrictHttpOnlyCookie() async throws {
        let harness = try WebHarness()
        let token = await harness.app.sessions.signInToken
        try await harness.test { client in
            let first = try await client.get("/signin?token=\(token)&next=%2Freports%2Fdue", signedIn: false)
            XCTAssertEqual(first.status, .seeOther)
            XCTAssertEqual(first.headers[.location], "/reports/due")
            let cookie = try XCTUnwrap(first.headers[.setCookie])
            XCTAssertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie)
            let again = try await client.get("/signin?token=\(token)", signedIn: false)
            XCTAssertEqual(again.status, .unauthorized, "a used token signs nobody in")
            XCTAssertNil(again.headers[.setCookie])
            let offSite = try await client.get("/signin?token=\(await harness.app.sessions.signInToken)&next=%2F%2Fevil.example", signedIn: false)
            XCTAssertEqual(offSite.headers[.location], "/", "next never leaves the site")
        }
    }
}
