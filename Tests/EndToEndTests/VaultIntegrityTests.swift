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
}
