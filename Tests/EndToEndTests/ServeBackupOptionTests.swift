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
        let both = try homecrew.run(["serve", "--listen", "127.0.0.1:0", "--backup-to", repository, "--backup-to-file", repository])
        XCTAssertEqual(both.status, 64, both.stderr)
        XCTAssertTrue(both.stderr.contains("give either --backup-to REPOSITORY or --backup-to-file FILE"), both.stderr)
        let unreadableFile = try homecrew.run(["serve", "--listen", "127.0.0.1:0", "--backup-to-file", repository + "-gone"])
        XCTAssertEqual(unreadableFile.status, 66, unreadableFile.stderr)
        XCTAssertEqual(unreadableFile.stderr, "error: --backup-to-file: \(repository)-gone cannot be read, or names no repository\n")
    }

    /// `--backup-to-file`: a URL with a password is on no command line (`ps` shows every
    /// one), and the server prints and records it without the password. A new repository's
    /// first backup failing is tried again; no restore drill runs before a backup has passed.
    func testTheLocationComesFromAFileAndNoDrillRunsBeforeABackupPassed() throws {
        let homecrew = try HomeCrewProcess.temporary()
        defer { homecrew.cleanUp() }
        try homecrew.ok("household", "add", "Sea View")
        let scratch = homecrew.vault.deletingLastPathComponent()
        let password = scratch.appendingPathComponent("password"), location = scratch.appendingPathComponent("location")
        try "correct horse\n".write(to: password, atomically: true, encoding: .utf8)
        // Port 1 on loopback: nothing listens there, so the backup fails at once.
        try "rest:http://alice:Hunter22secret@127.0.0.1:1/homecrew\n".write(to: location, atomically: true, encoding: .utf8)
        let (process, log) = try started(["serve", "--vault", homecrew.vault.path, "--listen", "127.0.0.1:0", "--backup-to-file", location.path,
                                          "--backup-password-file", password.path], reading: .standardError)
        defer { process.terminate(); process.waitUntilExit() }
        let shown = "rest:http://***@127.0.0.1:1/homecrew"
        XCTAssertTrue(log.wait(for: "warning: backup to \(shown) failed", seconds: 60), log.text)
        // The old schedule ran the drill at once after a failed first backup.
        Thread.sleep(forTimeInterval: 4)
        XCTAssertTrue(log.text.contains("backup to \(shown): started"), log.text)
        XCTAssertFalse(log.text.contains("restore drill"), log.text)
        XCTAssertFalse(log.text.contains("Hunter22secret"), log.text)
        XCTAssertFalse(log.text.contains("alice"), log.text)
        let runs = try homecrew.run(["report", "due", "--format", "json"])
        XCTAssertFalse(runs.stdout.contains("Hunter22secret"), runs.stdout)
    }

    /// restic starts rclone with the remote as an argument: a connection string with parameters
    /// is said to be visible to other users, also when a file names it, and is shown redacted.
    func testAnRcloneConnectionStringIsSaidToBeOnRclonesCommandLine() throws {
        let homecrew = try HomeCrewProcess.temporary()
        defer { homecrew.cleanUp() }
        try homecrew.ok("household", "add", "Sea View")
        let scratch = homecrew.vault.deletingLastPathComponent()
        let password = scratch.appendingPathComponent("password"), location = scratch.appendingPathComponent("location")
        try "correct horse\n".write(to: password, atomically: true, encoding: .utf8)
        try "rclone::crypt,password=SECRETG,remote=\":s3,provider=Other,secret_access_key=\"\"SECRETH\"\":b\":\n"
            .write(to: location, atomically: true, encoding: .utf8)
        let (process, log) = try started(["serve", "--vault", homecrew.vault.path, "--listen", "127.0.0.1:0", "--backup-to-file", location.path,
                                          "--backup-password-file", password.path, "--backup-every", "24h"],
                                         environment: ["RCLONE_CONFIG": "/dev/null"], reading: .standardOutput)
        defer { process.terminate(); process.waitUntilExit() }
        XCTAssertTrue(log.wait(for: "Press Ctrl-C to stop.", seconds: 60), log.text)
        XCTAssertTrue(log.text.contains("Backing up to rclone::crypt,password=***,remote=***: every 24h, and checking a restore of it every 7d.\n"
                                        + "warning: the rclone connection string's parameters are passed on rclone's command line"), log.text)
        XCTAssertFalse(log.text.contains("SECRET"), log.text)
    }
}

private enum Stream { case standardOutput, standardError }

/// `homecrew ARGUMENTS`, started, with what it prints on `reading` collected as it comes.
private func started(_ arguments: [String], environment: [String: String] = [:], reading: Stream) throws -> (Process, Log) {
    let process = Process(), pipe = Pipe(), log = Log()
    process.executableURL = HomeCrewProcess.binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = reading == .standardOutput ? pipe : FileHandle.nullDevice
    process.standardError = reading == .standardError ? pipe : FileHandle.nullDevice
    pipe.fileHandleForReading.readabilityHandler = { handle in
        let data = handle.availableData
        if data.isEmpty { handle.readabilityHandler = nil } else { log.append(data) }
    }
    try process.run()
    return (process, log)
}

/// What a process printed, read as it comes.
private final class Log: @unchecked Sendable {
    private let lock = NSCondition()
    private var data = Data()

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    func append(_ more: Data) {
        lock.withLock { data.append(more); lock.broadcast() }
    }

    func wait(for words: String, seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while !String(decoding: data, as: UTF8.self).contains(words) {
            guard lock.wait(until: deadline) else { return false }
        }
        return true
    }
}
