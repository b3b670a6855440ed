import Foundation
import XCTest

/// `serve --backup-to`'s options are checked before anything starts: a bad interval, or a password
/// file without a repository, is a one-line usage error (64) and nothing is served or created.
final class ServeBackupOptionTests: XCTestCase {
    func testBadBackupOptionsAreRefusedBeforeServing() throws {
        let homecrew = try HomeCrewProcess.temporary()
        defer { homecrew.cleanUp() }
        let repository = homecrew.vault.deletingLastPathComponent().appendingPathComponent("restic").path
        let cases: [([String], String)] = [
            (["--backup-to", repository, "--backup-every", "1w"], "--backup-every: '1w' is not an interval"),
            (["--backup-to", repository, "--backup-every", "0h"], "'0h' is not an interval"),
            (["--backup-to", repository, "--backup-every", "24"], "'24' is not an interval"),
            (["--backup-to", repository, "--drill-every", "400d"], "--drill-every: '400d' is not an interval"),
            (["--backup-password-file", "/tmp/x"], "--backup-password-file needs --backup-to REPOSITORY"),
            (["--backup-keep", "daily=7"], "--backup-keep needs --backup-to"),
            (["--backup-every", "6h"], "--backup-every needs --backup-to"),
            (["--drill-every", "7d"], "--drill-every needs --backup-to"),
            (["--backup-to", repository, "--backup-keep", "daily=seven"], "--backup-keep: "),
            (["--backup-to", " "], "--backup-to needs a restic repository"),
        ]
        for (options, message) in cases {
            let result = try homecrew.run(["serve", "--listen", "127.0.0.1:0"] + options)
            XCTAssertEqual(result.status, 64, "\(options): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(options): \(result.stderr)")
        }
        // Every backup would fail: said at once, with the engine's message and exit code.
        let unreadable = try homecrew.run(["serve", "--listen", "127.0.0.1:0", "--backup-to", repository, "--backup-password-file", "/nonexistent/password"])
        XCTAssertEqual(unreadable.status, 66, unreadable.stderr)
        XCTAssertTrue(unreadable.stderr.contains("/nonexistent/password"), unreadable.stderr)
        let noPassword = try homecrew.run(["serve", "--listen", "127.0.0.1:0", "--backup-to", repository],
                                          environment: ["RESTIC_PASSWORD": "", "RESTIC_PASSWORD_FILE": "", "RESTIC_PASSWORD_COMMAND": ""])
        XCTAssertEqual(noPassword.status, 64, noPassword.stderr)
        XCTAssertEqual(noPassword.stderr.split(separator: "\n").count, 1, noPassword.stderr)
        XCTAssertTrue(noPassword.stderr.contains("give --backup-password-file FILE"), noPassword.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: homecrew.vault.path), "nothing was created")
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository))
    }
}
