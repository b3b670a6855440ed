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
            (["user", "unlock", "nobody"], nil, 66, "error: no account matches 'nobody'"),
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

    /// `user unlock`: the name's own counts go (from anywhere, per place, per device, any other kept under
    /// it); another name that begins the same, an address's count and a session's wrong current passwords stay.
    func testUnlockClearsTheNamesCountsOnly() throws {
        XCTAssertEqual(try homecrew.run(["user", "add", "priya"], stdin: "monsoon over the ghats\n").status, 0)
        let kept = ["account:priyanka", "address:198.51.100.7", "password-change:" + String(repeating: "ab", count: 32)]
        let cleared = ["account:priya", "account:priya from:198.51.100.7", "account:priya device:" + String(repeating: "0a", count: 16),
                       "account:priya strangers"]
        let rows = (kept + cleared).map { "('\($0)', 9, strftime('%Y-%m-%d %H:%M:%f', 'now'))" }.joined(separator: ", ")
        _ = try sqlite("INSERT INTO sign_in_failure (subject, failures, last_failure_at) VALUES \(rows)")
        let unlocked = try homecrew.run(["user", "unlock", "PRIYA"])
        XCTAssertEqual(unlocked.status, 0, unlocked.stderr)
        XCTAssertEqual(unlocked.stdout, "Cleared 4 failed sign-in count(s) of priya. "
                       + "The counts of addresses are kept, and the name's start again at its next failure.\n")
        XCTAssertEqual(try sqlite("SELECT subject FROM sign_in_failure ORDER BY 1"), kept.sorted().joined(separator: "\n") + "\n")
        XCTAssertEqual(String(try homecrew.run(["user", "unlock", "priya"]).stdout.prefix(34)), "Cleared 0 failed sign-in count(s) ")
    }

    /// Runs SQL on the vault's database with the sqlite3 program; its output.
    func sqlite(_ sql: String) throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [homecrew.databaseURL.path, sql]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, sql)
        return text
    }
}
