import Foundation
import HomeCrewTestSupport
import XCTest

/// `vault verify` never passes on nothing, and a folder a restore did not complete is never opened
/// as a vault (the killed restores themselves are in Tests/Backup/check.py).
final class VaultIntegrityTests: XCTestCase {
    var homecrew: HomeCrewProcess!
    var scratch: URL { homecrew.vault.deletingLastPathComponent() }

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
    }

    override func tearDown() { homecrew.cleanUp() }

    func run(_ arguments: String..., in folder: String) throws -> HomeCrewProcess.Result {
        try homecrew.run(arguments + ["--vault", folder], useVaultOption: false)
    }

    func sqlite(_ database: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, sql)
    }

    func assertOneLineError(_ result: HomeCrewProcess.Result, _ status: Int32, _ words: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, status, result.stdout + result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("error: ") && result.stderr.contains(words), result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr, file: file, line: line)
        XCTAssertFalse(result.stdout.contains("no problems"), result.stdout, file: file, line: line)
    }

    func testVerifyNeverPassesOnNothing() throws {
        let missing = scratch.appendingPathComponent("no/such/folder").path
        assertOneLineError(try run("vault", "verify", in: missing), 66, "there is no vault at \(missing)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "nothing is made")

        let empty = scratch.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        assertOneLineError(try run("vault", "verify", in: empty), 66, "there is no vault at \(empty)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty), [], "nothing is written")

        // Another program's database, an empty file, and a file that is no database at all.
        let other = scratch.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let database = other.appendingPathComponent("homecrew.sqlite")
        try sqlite(database.path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('not a vault');")
        for bytes in [try Data(contentsOf: database), Data(), Data("plain text, not SQLite\n".utf8)] {
            try bytes.write(to: database)
            assertOneLineError(try run("vault", "verify", in: other.path), 65, "\(other.path) is not a usable HomeCrew vault")
            XCTAssertEqual(try Data(contentsOf: database), bytes, "verify changed the file")
        }
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0, "a real vault still verifies")
    }

    /// The reports read what stands from `payment_standing`, which triggers keep as entries are
    /// written: a row taken out and a wrong one put in (by hand, with sqlite3) make `report owed`
    /// wrong, so verify recomputes it from the payments and names each payment that differs.
    func testVerifyFindsPaymentStandingThatDiffersFromThePayments() throws {
        try homecrew.ok("staff", "add", "--name", "Ramesh Kumar", "--known-as", "Ramesh", "--start", "2026-09-01", "--salary", "22000",
                        "--currency", "INR", "--household", "Sea View")
        for (month, day, amount) in [("2026-09", "2026-09-30", "22000"), ("2026-10", "2026-10-31", "20000")] {
            try homecrew.ok("pay", "record", "Ramesh", "--amount", amount, "--on", day, "--method", "cash", "--for", month)
        }
        let payments = try homecrew.jsonArray("pay", "list", "Ramesh")
        let september = try XCTUnwrap(payments.first { $0["paid_on"] as? String == "2026-09-30" }?["id"] as? String)
        let october = try XCTUnwrap(payments.first { $0["paid_on"] as? String == "2026-10-31" }?["id"] as? String)
        try homecrew.ok("pay", "reverse", october, "--on", "2026-11-01")
        func owed() throws -> String? {
            let report = try homecrew.jsonObject(["report", "owed", "--all-households", "--today", "2026-11-22"])
            return ((report["totals"] as? [[String: Any]])?.first?["paid"] as? [String: String])?["amount"]
        }
        XCTAssertEqual(try owed(), "22000.00")
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0)

        // September's payment taken out, October's (reversed) put in: the report now counts the wrong one.
        try sqlite(homecrew.databaseURL.path, """
            DELETE FROM payment_standing WHERE payment_id = '\(september)';
            INSERT INTO payment_standing (staff_id, purpose, payment_id) SELECT staff_id, purpose, id FROM payment WHERE id = '\(october)';
            """)
        XCTAssertEqual(try owed(), "20000.00", "the report counts the reversed payment instead of the one that stands")
        let verified = try homecrew.run(["vault", "verify"])
        XCTAssertEqual(verified.status, 65, verified.stdout + verified.stderr)
        XCTAssertTrue(verified.stdout.contains("database: payment \(september) stands but payment_standing misses it"), verified.stdout)
        XCTAssertTrue(verified.stdout.contains("payment_standing lists payment \(october), which does not stand"), verified.stdout)
        XCTAssertTrue(verified.stdout.contains("2 problem(s)."), verified.stdout)
        XCTAssertFalse(verified.stdout.contains("no problems"), verified.stdout)

        // `vault reindex` makes it again from the payments.
        try homecrew.ok("vault", "reindex")
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0)
        XCTAssertEqual(try owed(), "22000.00")
    }

    func testAFolderARestoreDidNotCompleteIsNeverOpenedAsAVault() throws {
        let stopped = scratch.appendingPathComponent(".homecrew-restore-999999999-1").path
        let marked = scratch.appendingPathComponent("marked").path
        for copy in [stopped, marked] { try FileManager.default.copyItem(atPath: homecrew.vault.path, toPath: copy) }
        try Data().write(to: URL(fileURLWithPath: marked + "/homecrew-restore-incomplete"))
        for (folder, words) in [(stopped, "it is the hidden folder of a restore"), (marked, "a restore into it did not complete")] {
            let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/homecrew.sqlite"))
            for arguments in [["vault", "verify"], ["household", "list"], ["search", "rota", "--all-households"],
                              ["household", "add", "Hill Top"], ["vault", "stats"]] {
                let result = try homecrew.run(arguments + ["--vault", folder], useVaultOption: false)
                XCTAssertEqual(result.status, 65, "\(arguments): \(result.stdout)")
                XCTAssertEqual(result.stderr, "error: \(folder) is not a usable HomeCrew vault: \(words)"
                               + (words.hasPrefix("a restore") ? " (it holds homecrew-restore-incomplete); restore it again\n"
                                  : ", which is renamed to its target only once complete\n"), "\(arguments)")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/homecrew.sqlite")), before, "nothing was written")
        }
    }

    /// A folder that lost its database but holds the vault's documents is a vault to restore, not
    /// to start again: `init` (or any write) making a new database there would let `vault gc`
    /// delete every document.
    func testAFolderThatLostItsDatabaseIsNeitherVerifiedNorMadeANewVault() throws {
        _ = try homecrew.ok("doc", "add", Samples.fixture("hello.pdf"), "--household", "Sea View", "--no-ocr")
        let lost = scratch.appendingPathComponent("lost").path
        try FileManager.default.copyItem(atPath: homecrew.vault.path, toPath: lost)
        for name in ["homecrew.sqlite", "homecrew.sqlite-wal", "homecrew.sqlite-shm"] { try? FileManager.default.removeItem(atPath: lost + "/" + name) }
        let objects = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: lost + "/objects/sha256")).filter { $0.contains("/") }.count
        XCTAssertGreaterThan(objects, 1)
        assertOneLineError(try run("vault", "verify", in: lost), 66,
                           "\(lost) has no database (homecrew.sqlite) beside its \(objects) objects: the vault's records are lost; restore it from a backup")
        let before = try FileManager.default.contentsOfDirectory(atPath: lost).sorted()
        assertOneLineError(try homecrew.run(["init", lost], useVaultOption: false), 73,
                           "cannot create the vault at \(lost): it holds \(objects) objects but no homecrew.sqlite")
        assertOneLineError(try run("household", "add", "Hill Top", in: lost), 73, "it holds \(objects) objects but no homecrew.sqlite")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: lost).sorted(), before, "nothing was made")
    }

    /// `init` refuses a folder a restore did not complete before it makes anything there.
    func testInitRefusesAFolderARestoreDidNotCompleteBeforeMakingAnything() throws {
        let marked = scratch.appendingPathComponent("marked").path
        try FileManager.default.createDirectory(atPath: marked, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: marked + "/homecrew-restore-incomplete"))
        assertOneLineError(try homecrew.run(["init", marked], useVaultOption: false), 65, "a restore into it did not complete")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: marked), ["homecrew-restore-incomplete"])
    }

    /// Another program's database with a table named like the vault's is refused unchanged (no
    /// upgrade, no copy beside it); a folder in place of the database is named, not a disk error.
    func testVerifyRefusesALookalikeDatabaseAndAFolderInItsPlaceWritingNothing() throws {
        let fake = scratch.appendingPathComponent("fake").path
        try FileManager.default.createDirectory(atPath: fake, withIntermediateDirectories: true)
        try sqlite(fake + "/homecrew.sqlite", "CREATE TABLE vault (format_version); INSERT INTO vault VALUES (1); CREATE TABLE mine (x);")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fake + "/homecrew.sqlite"))
        assertOneLineError(try run("vault", "verify", in: fake), 65, "\(fake) is not a usable HomeCrew vault")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fake + "/homecrew.sqlite")), bytes, "verify changed the file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fake), ["homecrew.sqlite"], "verify wrote beside it")

        let folder = scratch.appendingPathComponent("folder").path
        try FileManager.default.createDirectory(atPath: folder + "/homecrew.sqlite", withIntermediateDirectories: true)
        assertOneLineError(try run("vault", "verify", in: folder), 65, "\(folder)/homecrew.sqlite is not a plain file")
    }

    /// A restore's target is checked before anything is made: never a name like a restore's hidden
    /// folder (unusable, and removed by the next restore), never a crash on "." or "".
    func testARestoreTargetIsCheckedWithoutACrash() throws {
        let archive = scratch.appendingPathComponent("backup.tar").path
        try homecrew.ok("vault", "backup", "--out", archive)
        let hidden = scratch.appendingPathComponent(".homecrew-restore-999999-1").path
        assertOneLineError(try homecrew.run(["vault", "restore", archive, "--into", hidden]), 73,
                           "\(hidden) is named like a restore's hidden folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: hidden))
        let dot = try homecrew.run(["vault", "restore", archive, "--into", "."], in: scratch)
        assertOneLineError(dot, 73, "\(scratch.standardizedFileURL.path) is not empty")
        let here = scratch.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: false)
        let intoEmptyDot = try homecrew.run(["vault", "restore", archive, "--into", "."], in: here)
        XCTAssertEqual(intoEmptyDot.status, 0, intoEmptyDot.stderr)
        XCTAssertEqual(try homecrew.run(["vault", "verify", "--vault", here.path], useVaultOption: false).status, 0)
        let empty = try homecrew.run(["vault", "restore", archive, "--into", ""])
        XCTAssertEqual(empty.status, 64, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("--into"), empty.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".homecrew-restore-") }, [])
    }

    /// A hidden restore folder is removed only when no restore holds its lock: its process id means
    /// nothing in another container (here: a process id that is not running in this one).
    func testARestoresFolderIsRemovedOnlyWhenItsLockIsFree() throws {
        let archive = scratch.appendingPathComponent("backup.tar").path
        try homecrew.ok("vault", "backup", "--out", archive)
        let running = scratch.appendingPathComponent(".homecrew-restore-999999999-1").path
        let abandoned = scratch.appendingPathComponent(".homecrew-restore-999999999-2").path
        var locks: [Int32] = []
        for folder in [running, abandoned] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try Data().write(to: URL(fileURLWithPath: folder + "/homecrew-restore-incomplete"))
            let lock = open(folder + "/homecrew-restore.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            XCTAssertGreaterThanOrEqual(lock, 0)
            locks.append(lock)
        }
        defer { for lock in locks { close(lock) } }
        XCTAssertEqual(flock(locks[0], LOCK_EX | LOCK_NB), 0, "this test holds the running restore's lock")
        close(locks[1])
        locks.removeLast()
        let restore = try homecrew.run(["vault", "restore", archive, "--into", scratch.appendingPathComponent("restored").path])
        XCTAssertEqual(restore.status, 0, restore.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: running + "/homecrew-restore-incomplete"), "a running restore's folder is kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned), "an abandoned one is removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("restored/homecrew-restore.lock").path))
    }
}
