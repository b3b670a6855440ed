import Foundation
import XCTest

/// `homecrew user`: accounts from the command line; the password never on the command line.
final class UserTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws { homecrew = try HomeCrewProcess.temporary() }
    override func tearDown() { homecrew.cleanUp() }

    func testAnAccountIsAddedFromStandardInputOrAFileAndListed() throws {
        let added = try homecrew.run(["user", "add", "priya"], stdin: "monsoon over the ghats\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        let file = homecrew.vault.deletingLastPathComponent().appendingPathComponent("password.txt")
        try "winter in shimla hills\r\nignored second line\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try homecrew.run(["user", "add", "ravi", "--password-file", file.path]).status, 0)
        let accounts = try homecrew.jsonArray("user", "list")
        XCTAssertEqual(accounts.map { $0["name"] as? String ?? "" }, ["priya", "ravi"])
        XCTAssertEqual(accounts.map { $0["open_sessions"] as? Int ?? -1 }, [0, 0])
        let changed = try homecrew.run(["user", "passwd", "PRIYA"], stdin: "a brand new passphrase\n")
        XCTAssertEqual(changed.stdout, "Changed the password of priya; 0 session(s) ended.\n", changed.stderr)
        XCTAssertEqual(try homecrew.run(["user", "sessions", "priya", "--end-all"]).stdout, "Ended 0 session(s) of priya.\n")
        XCTAssertEqual(try homecrew.run(["user", "remove", "ravi"]).status, 0)
        XCTAssertEqual(try homecrew.jsonArray("history").filter { $0["record_type"] as? String == "account" }.map { $0["action"] as? String ?? "" },
                       ["insert", "insert", "update", "delete"])
        let database = try Data(contentsOf: homecrew.databaseURL) + ((try? Data(contentsOf: URL(fileURLWithPath: homecrew.databaseURL.path + "-wal"))) ?? Data())
        for secret in ["monsoon over the ghats", "winter in shimla hills", "a brand new passphrase"] {
            XCTAssertNil(database.range(of: Data(secret.utf8)), "\(secret) is not in the vault's database")
        }
    }

    func testBadPasswordsAndNamesAreOneLineErrorsAndChangeNothing() throws {
        let cases: [([String], String?, Int32, String)] = [
            (["user", "add", "priya"], "too short\n", 65, "error: the password is too short: use at least 12 characters"),
            (["user", "add", "priya"], "1qaz2wsx3edc\n", 65, "error: that password is one of the 10,000 most common ones"),
            (["user", "add", "priya"], "\n", 65, "error: no password was given"),
            (["user", "add", "pri ya"], "monsoon over the ghats\n", 64, "error: \"pri ya\" cannot be an account name"),
            (["user", "add", "priya", "--password-file", "/nonexistent/pw"], nil, 66, "error: cannot read the password file /nonexistent/pw"),
            (["user", "passwd", "nobody"], "monsoon over the ghats\n", 66, "error: no account matches 'nobody'"),
        ]
        for (arguments, stdin, status, message) in cases {
            let result = try homecrew.run(arguments, stdin: stdin)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertEqual(try homecrew.run(["user", "add", "priya"], stdin: "monsoon over the ghats\n").status, 0)
        let again = try homecrew.run(["user", "add", "Priya"], stdin: "another long passphrase\n")
        XCTAssertEqual(again.status, 65, again.stderr)
        XCTAssertEqual(try homecrew.jsonArray("user", "list").count, 1)
    }
}
