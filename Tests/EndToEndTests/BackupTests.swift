import Foundation
import HomeCrewTestSupport
import XCTest

final class BackupTests: XCTestCase {
    var homecrew: HomeCrewProcess!
    var scratch: URL { homecrew.vault.deletingLastPathComponent() }

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        let demo = try homecrew.run(["demo", "--today", "2026-11-22"])
        XCTAssertEqual(demo.status, 0, demo.stderr)
    }

    override func tearDown() { homecrew.cleanUp() }

    /// Every row of every table (the search index aside), and every object file's name.
    func contents(of vault: URL) throws -> (rows: String, objects: [String]) {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-readonly", vault.appendingPathComponent("homecrew.sqlite").path, """
            SELECT 'household', * FROM household ORDER BY id; SELECT 'staff', * FROM staff ORDER BY id;
            SELECT 'salary', * FROM salary_entry ORDER BY staff_id, effective_from; SELECT 'leave', * FROM leave ORDER BY id;
            SELECT 'adjustment', * FROM pay_adjustment ORDER BY id; SELECT 'document', * FROM document ORDER BY id;
            SELECT 'link', * FROM document_staff ORDER BY 2, 3; SELECT 'object', * FROM object ORDER BY sha256;
            SELECT 'page', * FROM object_page ORDER BY 2, 3; SELECT 'vault', * FROM vault;
            """]
        process.standardOutput = out
        try process.run()
        let rows = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let objects = (try FileManager.default.subpathsOfDirectory(atPath: vault.appendingPathComponent("objects/sha256").path))
            .filter { $0.count == 67 }.sorted()
        return (rows, objects)
    }

    func testABackupRestoredGivesBackTheSameRecordsAndObjects() throws {
        let archive = scratch.appendingPathComponent("backup.tar").path
        let backup = try homecrew.ok("vault", "backup", "--out", archive)
        XCTAssertTrue(backup.hasPrefix("Backed up the database and 14 object(s)"), backup)
        let restored = scratch.appendingPathComponent("restored")
        let restore = try homecrew.run(["vault", "restore", archive, "--into", restored.path], useVaultOption: false)
        XCTAssertEqual(restore.status, 0, restore.stderr)
        let original = try contents(of: homecrew.vault), copy = try contents(of: restored)
        XCTAssertEqual(copy.rows, original.rows)
        XCTAssertTrue(original.rows.contains("Asha Devi Kumari"))
        XCTAssertEqual(copy.objects, original.objects)
        XCTAssertEqual(copy.objects.count, 14, "7 documents and their 7 thumbnails")
        let verify = try homecrew.run(["vault", "verify", "--vault", restored.path], useVaultOption: false)
        XCTAssertEqual(verify.status, 0, verify.stdout)
        var info = stat()
        stat(restored.path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        stat(restored.appendingPathComponent("objects/sha256/" + copy.objects[0]).path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o400)
        // The archive is a plain tar file that `tar` itself can list.
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/bin/tar")
        tar.arguments = ["-tf", archive]
        tar.standardOutput = FileHandle.nullDevice
        try tar.run()
        tar.waitUntilExit()
        XCTAssertEqual(tar.terminationStatus, 0)
    }

    func testRestoreRefusesAndLeavesNothingBehind() throws {
        let archive = scratch.appendingPathComponent("backup.tar").path
        try homecrew.ok("vault", "backup", "--out", archive)
        XCTAssertEqual(try homecrew.run(["vault", "backup", "--out", archive]).status, 73, "never replaces a file")
        let missing = try homecrew.run(["vault", "restore", archive + ".missing", "--into", scratch.appendingPathComponent("new").path],
                                       useVaultOption: false)
        XCTAssertEqual(missing.status, 66, missing.stderr)
        // A non-empty target.
        let busy = try homecrew.run(["vault", "restore", archive, "--into", homecrew.vault.path], useVaultOption: false)
        XCTAssertEqual(busy.status, 73, busy.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        // A truncated archive, and one with a flipped byte inside an object.
        let truncated = scratch.appendingPathComponent("truncated.tar")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        var flipped = bytes
        flipped[700_000 < bytes.count ? 200_000 : bytes.count / 3] ^= 0x20
        let damaged = scratch.appendingPathComponent("damaged.tar")
        try flipped.write(to: damaged)
        for bad in [truncated, damaged] {
            let target = scratch.appendingPathComponent("restored-\(bad.lastPathComponent)")
            let result = try homecrew.run(["vault", "restore", bad.path, "--into", target.path], useVaultOption: false)
            XCTAssertEqual(result.status, 65, "\(bad.lastPathComponent): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: target.path), "nothing is left behind")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".homecrew") }
        XCTAssertEqual(leftovers, [])
    }

    func testABackupTakenDuringAnIngestIsConsistent() throws {
        let archive = scratch.appendingPathComponent("during.tar").path
        let ingest = Process()
        ingest.executableURL = HomeCrewProcess.binary
        // Twenty 120-page PDFs keep the ingest busy for seconds, so the backup lands in the middle of it.
        let folder = scratch.appendingPathComponent("ingest")
        _ = try Samples.uniqueCopies(of: Samples.fixture("long-handbook.pdf"), count: 20, into: folder)
        ingest.arguments = ["doc", "add", "--recursive", folder.path, "--no-ocr", "--household", "Sea View House",
                            "--vault", homecrew.vault.path]
        ingest.standardOutput = FileHandle.nullDevice
        ingest.standardError = FileHandle.nullDevice
        try ingest.run()
        usleep(300_000)
        let backup = try homecrew.run(["vault", "backup", "--out", archive])
        ingest.waitUntilExit()
        XCTAssertEqual(backup.status, 0, backup.stderr)
        let restored = scratch.appendingPathComponent("restored")
        let restore = try homecrew.run(["vault", "restore", archive, "--into", restored.path], useVaultOption: false)
        XCTAssertEqual(restore.status, 0, restore.stderr)
        let verify = try homecrew.run(["vault", "verify", "--vault", restored.path], useVaultOption: false)
        XCTAssertEqual(verify.status, 0, verify.stdout)
        XCTAssertFalse(verify.stdout.contains("no document uses"), "every object in the backup belongs to a document in it")
    }
}
