import Foundation
import XCTest

/// `homecrew household members/invite/revoke-invitation/set-role/remove-member/transfer/dissolve-sharing`.
final class SharingCommandTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        XCTAssertEqual(try homecrew.run(["user", "add", "neha"], stdin: "monsoon over the ghats\n").status, 0)
    }

    override func tearDown() { homecrew.cleanUp() }

    func testAnInvitationIsPrintedOnceListedAndWithdrawn() throws {
        let invited = try homecrew.run(["household", "invite", "Sea View", "--role", "manager", "--days", "3",
                                        "--server", "https://home.example/"])
        XCTAssertEqual(invited.status, 0, invited.stderr)
        let link = try XCTUnwrap(invited.stdout.firstMatch(of: /https:\/\/home\.example\/invitations\/([0-9a-f]{64})\n/))
        let members = try homecrew.jsonObject("household", "members", "Sea View")
        let pending = try XCTUnwrap(members["pending_invitations"] as? [[String: Any]])
        XCTAssertEqual(pending.map { $0["role"] as? String }, ["manager"])
        XCTAssertEqual(members["owner"] as? String, "cli:" + NSUserName())
        let id = try XCTUnwrap(pending.first?["id"] as? String)
        let table = try homecrew.run(["household", "members", "Sea View"]).stdout
        XCTAssertTrue(table.contains(String(id.prefix(8))) && !table.contains(String(link.1)), "listed by id, never by its token")
        let database = try Data(contentsOf: homecrew.databaseURL) + ((try? Data(contentsOf: URL(fileURLWithPath: homecrew.databaseURL.path + "-wal"))) ?? Data())
        XCTAssertNil(database.range(of: Data(link.1.utf8)), "the token is not in the database")
        let revoked = try homecrew.run(["household", "revoke-invitation", "Sea View", String(id.prefix(4))])
        XCTAssertEqual(revoked.stdout, "Withdrew invitation \(id.prefix(8)) to \"Sea View\".\n", revoked.stderr)
        XCTAssertEqual((try homecrew.jsonObject("household", "members", "Sea View")["pending_invitations"] as? [Any])?.count, 0)
        let history = try homecrew.jsonArray("history", "--household", "Sea View").filter { $0["record_type"] as? String == "invitation" }
        XCTAssertEqual(history.map { $0["action"] as? String ?? "" }, ["insert", "update"])
    }

    func testBadSharingStepsAreOneLineErrorsWithTheirExitCodes() throws {
        let cases: [([String], Int32, String)] = [
            (["household", "invite", "Sea View", "--role", "owner"], 64, "error: the value 'owner' is invalid for '--role <role>'"),
            (["household", "invite", "Sea View", "--role", "viewer", "--days", "90"], 64, "error: an invitation lasts 1 to 30 days, not 90"),
            (["household", "invite", "Nowhere", "--role", "viewer"], 66, "error: no household named 'Nowhere'"),
            (["household", "remove-member", "Sea View", "neha"], 66, "error: neha is not a member of Sea View"),
            (["household", "transfer", "Sea View", "neha"], 66, "error: neha is not a member of Sea View"),
            (["household", "transfer", "Sea View", "nobody"], 66, "error: no account matches 'nobody'"),
            (["household", "set-role", "Sea View", "neha", "--role", "manager"], 66, "error: neha is not a member of Sea View"),
            (["household", "revoke-invitation", "Sea View", "abcd"], 66, "error: no pending invitation matches 'abcd'"),
        ]
        for (arguments, status, message) in cases {
            let result = try homecrew.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
        }
        let dissolved = try homecrew.run(["household", "dissolve-sharing", "Sea View"])
        XCTAssertEqual(dissolved.stdout, "\"Sea View\" is no longer shared: 0 members removed.\n", dissolved.stderr)
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0)
    }
}
