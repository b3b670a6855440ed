import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// Invitations on the web: an invitee makes an account and joins in one step, a link works
/// once, an expired or withdrawn one says so; what a member sees follows their role.
final class SharingPageTests: XCTestCase {
    static let password = "lanterns by the river"

    func makeHarness() async throws -> WebHarness {
        let harness = try WebHarness()
        try harness.seed(householdName: "Sea View <b>")
        try await harness.signIn()
        return harness
    }

    func testAnInviteeMakesAnAccountJoinsAndTheLinkThenWorksNoMore() async throws {
        let harness = try await makeHarness()
        let box = TokenBox()
        let household = harness.household.id.rawValue
        try await harness.test { client in
            let made = try await client.post("/households/\(household)/invitations", ["role": "viewer", "days": "3"])
            XCTAssertEqual(made.status, .ok)
            let link = try XCTUnwrap(made.text.firstMatch(of: /\/invitations\/([0-9a-f]{64})/)?.1)
            box.token = String(link)
            XCTAssertTrue(made.text.contains("Sea View &lt;b&gt;"), "the household's name is escaped")
            let page = try await client.get("/invitations/\(link)", signedIn: false)
            XCTAssertEqual(page.status, .ok)
            XCTAssertTrue(page.text.contains("as a viewer") && page.text.contains("Make the account and accept"))
            XCTAssertTrue(page.text.contains("<bdi>The vault&#39;s keeper (\(AuditActor.unixUser))</bdi> invites you"),
                          "the vault's own user is named as a person reads it, not as cli:NAME")
            let weak = try await AccountSignInTests.send(client, "/invitations/\(link)/join", cookie: nil,
                                                         form: ["name": "dev", "password": "password123", "again": "password123"])
            XCTAssertEqual(weak.status, .unprocessableContent, "the password rules hold here too")
            XCTAssertTrue(weak.text.contains("too short") || weak.text.contains("most common"), weak.text)
            let joined = try await AccountSignInTests.send(client, "/invitations/\(link)/join", cookie: nil,
                                                           form: ["name": "dev", "password": Self.password, "again": Self.password])
            XCTAssertEqual(joined.status, .seeOther)
            XCTAssertEqual(joined.headers[.location], "/households/\(household)")
            let cookie = try XCTUnwrap(joined.headers[.setCookie]?.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init))
            let home = try await AccountSignInTests.send(client, "/households/\(household)", cookie: cookie)
            XCTAssertEqual(home.status, .ok, "signed in and a member at once")
            XCTAssertFalse(home.text.contains("/edit\""), "a viewer's page has no form to change the household")
            XCTAssertTrue(home.text.contains("Leave this household"))
            let again = try await AccountSignInTests.send(client, "/invitations/\(link)/join", cookie: nil,
                                                          form: ["name": "dev2", "password": Self.password, "again": Self.password])
            XCTAssertEqual(again.status, .unprocessableContent)
            XCTAssertTrue(again.text.contains("already been accepted"))
        }
        XCTAssertEqual(try harness.app.database.accounts().map(\.name), ["dev"], "a used link makes no second account")
        XCTAssertEqual(try harness.app.database.history(.household(harness.household.id)).last { $0.recordType == "household_member" }?.actor, "dev")
        XCTAssertEqual(RequestLog.loggable("/invitations/\(try XCTUnwrap(box.token))/join"), "/invitations/(secret)/join", "the log never holds the token")
    }

    func testFiveJoinsOfOneLinkAtOnceMakeOneAccount() async throws {
        let harness = try await makeHarness()
        let made = try harness.app.database.invite(to: harness.household.id, role: .viewer)
        try await harness.test { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for racer in 0..<5 {
                    group.addTask {
                        try await AccountSignInTests.send(client, "/invitations/\(made.token)/join", cookie: nil,
                                                          form: ["name": "racer\(racer)", "password": Self.password, "again": Self.password]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(statuses.filter { $0 == .seeOther }.count, 1, "\(statuses)")
        }
        // Each loser used to keep the account it had made before the invitation was found used.
        let accounts = try harness.app.database.accounts()
        XCTAssertEqual(accounts.count, 1, "one invitation, one account: \(accounts.map(\.name))")
        XCTAssertEqual(try accounts.filter { try harness.app.database.reach(of: $0).roles?[harness.household.id] == .viewer }.count, 1)
    }

    func testAWithdrawnOrUnknownLinkSaysSoAndAnOwnerSeesPendingInvitations() async throws {
        let harness = try await makeHarness()
        let made = try harness.app.database.invite(to: harness.household.id, role: .manager)
        try await harness.test { client in
            let household = try await client.get("/households/\(harness.household.id.rawValue)")
            XCTAssertTrue(household.text.contains(made.invitation.id.short), "the owner sees the pending invitation")
            let revoked = try await client.post("/households/\(harness.household.id.rawValue)/invitations/\(made.invitation.id.rawValue)/revoke")
            XCTAssertTrue(revoked.text.contains("Invitation withdrawn"))
            let page = try await client.get("/invitations/\(made.token)", signedIn: false)
            XCTAssertEqual(page.status, .unprocessableContent)
            XCTAssertTrue(page.text.contains("withdrawn by the household"))
            let unknown = try await client.get("/invitations/\(String(repeating: "0", count: 64))", signedIn: false)
            XCTAssertEqual(unknown.status, .notFound)
            let vaultUser = try await client.post("/invitations/\(made.token)/accept")
            XCTAssertEqual(vaultUser.status, .unprocessableContent, "the vault's own user needs no invitation")
        }
    }

    func testAMemberSeesOnlyTheirHouseholdsInListsAndSearch() async throws {
        let harness = try await makeHarness()
        let database = harness.app.database
        let sea = harness.household!
        let hill = try database.addHousehold(Household(name: "Hill House")).household
        let ravi = try database.addStaff(StaffMember(householdID: hill.id, legalName: "Ravi Kumar", startDate: CalendarDate(parsing: "2021-12-01")),
                                         salary: Money(parsing: "2000", currency: Currency(code: "AED"))).member
        let png = WebHarness.samples.appendingPathComponent("fixtures/swatch-2.png").path
        guard case .added = harness.app.ingestor.ingest(png, IngestRequest(household: hill, staff: [ravi.id.rawValue], kind: .passport,
                                                                            title: "Ravi hello passport", expiresOn: try CalendarDate(parsing: "2027-01-01"))) else {
            return XCTFail("the sample PNG is added")
        }
        let dev = try AccountKeeper(database: database).add(name: "dev", password: Self.password)
        try database.acceptInvitation(token: database.invite(to: sea.id, role: .viewer).token, by: dev)
        let session = try database.openSession(for: dev, address: nil)
        try await harness.test { client in
            for path in ["/", "/reports/tenure", "/reports/payroll?period=2026-11", "/search?q=hello", "/search?q=ravi", "/reports/due?within=3000",
                         "/documents", "/documents?expiry=3000&sort=title"] {
                let page = try await AccountSignInTests.send(client, path, cookie: session.token)
                XCTAssertEqual(page.status, .ok, path)
                XCTAssertFalse(page.text.contains("Hill House") || page.text.contains("Ravi"), "\(path) shows nothing of another household")
            }
            let search = try await AccountSignInTests.send(client, "/search?q=hello", cookie: session.token)
            XCTAssertTrue(search.text.contains("/documents/\(harness.document.document.id.rawValue)"), "their own household's document is found")
            let vaultUser = try await client.get("/search?q=ravi")
            XCTAssertTrue(vaultUser.text.contains("Ravi hello passport"), "the vault's own user finds the other one")
            let other = try await AccountSignInTests.send(client, "/search?q=hello&household=\(hill.id.rawValue)", cookie: session.token)
            XCTAssertEqual(other.status, .notFound, "naming another household in the search is the same as naming none that exists")
            let ics = try await AccountSignInTests.send(client, "/reports/due.ics?within=3000", cookie: session.token)
            XCTAssertFalse(ics.text.contains("Ravi"))
            // An account's own calendar feed: its households only, as they are when the calendar asks.
            let published = try await AccountSignInTests.send(client, "/reports/due/feed", cookie: session.token, form: ["csrf": session.csrfToken])
            XCTAssertEqual(published.status, .seeOther)
            let feedToken = try XCTUnwrap(try database.calendarFeedToken(for: dev))
            XCTAssertNil(try database.calendarFeedToken(), "the vault's own feed is not published by an account")
            let feed = try await client.get("/calendar/\(feedToken).ics", signedIn: false)
            XCTAssertEqual(feed.status, .ok)
            XCTAssertTrue(feed.text.contains("Maria") && !feed.text.contains("Ravi"), feed.text)
            try database.removeMember("dev", from: sea.id)
            let after = try await client.get("/calendar/\(feedToken).ics", signedIn: false)
            XCTAssertFalse(after.text.contains("Maria"), "a removed member's feed no longer lists the household")
        }
    }
}
