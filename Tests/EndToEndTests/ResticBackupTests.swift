import Foundation
import HomeCrewTestSupport
import XCTest

/// `vault backup --restic` into a local repository with the real restic (Debian's package); the
/// S3 and REST repositories and SIGKILL are in Tests/Backup/check.py.
final class ResticBackupTests: XCTestCase {
    var homecrew: HomeCrewProcess!
    var scratch: URL { homecrew.vault.deletingLastPathComponent() }
    var repository: String { scratch.appendingPathComponent("repo").path }
    var password: [String: String] { ["RESTIC_PASSWORD_FILE": scratch.appendingPathComponent("password").path,
                                      "RESTIC_PASSWORD": "", "RESTIC_PASSWORD_COMMAND": "",
                                      "RESTIC_CACHE_DIR": scratch.appendingPathComponent("cache").path] }

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try "correct horse\n".write(to: scratch.appendingPathComponent("password"), atomically: true, encoding: .utf8)
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--start", "2024-01-15", "--salary", "25000", "--currency", "INR")
    }

    override func tearDown() { homecrew.cleanUp() }

    func backup(_ extra: String...) throws -> HomeCrewProcess.Result {
        try homecrew.run(["vault", "backup", "--restic", repository] + extra, environment: password)
    }

    func sqlite(_ sql: String) throws -> String {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-readonly", homecrew.databaseURL.path, sql]
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testABackupRestoresIntoANewDirectoryEqualToTheVaultAndEachRunIsRecorded() throws {
        let first = try backup()
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("Initialised the restic repository \(repository).\nBacked up the database and 0 object(s)"), first.stdout)
        let listed = try jsonArray(try homecrew.run(["vault", "backups", "--restic", repository, "--format", "json"], environment: password).stdout)
        XCTAssertEqual(listed.count, 1)
        XCTAssertEqual((listed.first?["counts"] as? [String: Int])?["staff"], 1)
        XCTAssertEqual(listed.first?["vault_id"] as? String, try sqlite("SELECT vault_id FROM backup_identity"))
        let restored = scratch.appendingPathComponent("restored")
        let restore = try homecrew.run(["vault", "restore", "--restic", repository, "--into", restored.path], environment: password)
        XCTAssertEqual(restore.status, 0, restore.stderr)
        XCTAssertEqual(try homecrew.run(["staff", "list", "--vault", restored.path], useVaultOption: false).stdout,
                       try homecrew.ok("staff", "list"))
        XCTAssertEqual(try homecrew.run(["vault", "verify", "--vault", restored.path], useVaultOption: false).status, 0)
        let drill = try backup("--check")
        XCTAssertEqual(drill.status, 0, drill.stderr)
        XCTAssertTrue(drill.stdout.contains("Restore drill passed") && drill.stdout.contains("The vault has not changed since."), drill.stdout)
        XCTAssertEqual(try sqlite("SELECT kind || ' ' || succeeded || ' ' || repository FROM backup_run ORDER BY id"),
                       "backup 1 \(repository)\ndrill 1 \(repository)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: homecrew.vault.appendingPathComponent("backup-drill").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: homecrew.vault.appendingPathComponent("backup-snapshot").path))
    }

    /// A disk that damages the vault's own text file for backups: restic skips it in a repository
    /// that holds it already, but a new repository takes the damaged bytes, and every restore of
    /// it would fail. The drill that finds it removes it, so the next backup writes it again.
    func testATextFileDamagedOnTheVaultsDiskIsWrittenAgainAfterTheDrillFindsIt() throws {
        _ = try homecrew.ok("doc", "add", Samples.fixture("hello.pdf"), "--household", "Sea View", "--no-ocr")
        XCTAssertEqual(try backup().status, 0)
        let text = homecrew.vault.appendingPathComponent("backup-text")
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: text.path).first)
        let file = text.appendingPathComponent(name)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 2] ^= 0x55
        try bytes.write(to: file)
        let offsite = scratch.appendingPathComponent("offsite").path
        func run(_ arguments: String...) throws -> HomeCrewProcess.Result {
            try homecrew.run(["vault", "backup", "--restic", offsite] + arguments, environment: password)
        }
        XCTAssertEqual(try run().status, 0, "a new repository takes the file as it is on the disk")
        let drill = try run("--check")
        XCTAssertEqual(drill.status, 65, drill.stderr)
        XCTAssertEqual(drill.stderr, "error: the latest snapshot does not restore (the text file \(name) is damaged in the backup): "
                       + "the vault's own text file(s) for backups backup-text/\(name) were damaged on this disk and are removed; "
                       + "the database holds their text, and the next backup writes them again\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))

        // That snapshot still restores every record and file; the document whose text it lost is marked, and read again.
        let restored = scratch.appendingPathComponent("restored").path
        let restore = try homecrew.run(["vault", "restore", "--restic", offsite, "--into", restored], environment: password)
        XCTAssertEqual(restore.status, 0, restore.stderr)
        XCTAssertEqual(restore.stderr, "warning: 1 text file(s) of the snapshot were missing or damaged (backup-text/\(name)): every record and document "
                       + "is restored, and the documents whose text they held are marked partial; homecrew doc reprocess ID reads each again\n")
        XCTAssertEqual(try homecrew.run(["vault", "verify", "--vault", restored], useVaultOption: false).status, 0)
        func search(_ vault: String) throws -> String {
            try homecrew.run(["search", "watering", "--all-households", "--vault", vault], useVaultOption: false).stdout
        }
        XCTAssertEqual(try search(restored), "(none)\n", "its text is not there")
        let id = try XCTUnwrap(try jsonArray(try homecrew.run(["doc", "list", "--format", "json", "--all-households", "--vault", restored],
                                                               useVaultOption: false).stdout).first?["id"] as? String)
        XCTAssertEqual(try homecrew.run(["doc", "reprocess", id, "--vault", restored], useVaultOption: false).status, 0)
        XCTAssertEqual(try search(restored), try search(homecrew.vault.path), "read again from its file")

        XCTAssertEqual(try run().status, 0)
        let again = try run("--check")
        XCTAssertEqual(again.status, 0, "the next backup wrote it again: \(again.stderr)")
        XCTAssertEqual(try backup("--check").status, 0, "the first repository kept its good copy")

        // `vault verify` re-reads them too, and says what it removed.
        let rewritten = text.appendingPathComponent(try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: text.path).first))
        try Data("homecrew-text 3 not a file\n".utf8).write(to: rewritten)
        let verify = try homecrew.run(["vault", "verify"])
        XCTAssertEqual(verify.status, 0, verify.stdout)
        XCTAssertTrue(verify.stdout.contains("note: removed 1 damaged text file(s) for backups (backup-text/\(rewritten.lastPathComponent)…)"), verify.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: rewritten.path))
    }

    /// An unplugged disk: the repository this vault was backed up into is gone. It is not made
    /// again beside the vault (the backup would pass, and be on the same disk as the vault).
    func testARepositoryBackedUpIntoBeforeIsNeverMadeAgainWhenItIsMissing() throws {
        XCTAssertEqual(try backup().status, 0)
        let unplugged = scratch.appendingPathComponent("unplugged").path
        try FileManager.default.moveItem(atPath: repository, toPath: unplugged)
        let missing = try backup()
        XCTAssertEqual(missing.status, 69, missing.stderr)
        XCTAssertEqual(missing.stderr, "error: the restic repository \(repository) is not there, though this vault was backed up into it before (is its disk mounted?); nothing was backed up\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository), "no new repository was made")
        XCTAssertEqual(try sqlite("SELECT succeeded FROM backup_run ORDER BY id DESC LIMIT 1"), "0", "the failure is recorded")
        try FileManager.default.moveItem(atPath: unplugged, toPath: repository)
        XCTAssertEqual(try backup().status, 0, "plugged in again, the next backup passes")
    }

    /// restic keeps a link as a link: an object that is one would be missing from the backup, and
    /// a restored link could point outside the restore. Neither is taken for a file.
    func testAnObjectThatIsALinkIsRefusedNotBackedUpAsALink() throws {
        let file = Samples.fixture("hello.pdf")
        _ = try homecrew.ok("doc", "add", file, "--household", "Sea View", "--no-ocr")
        let objects = homecrew.vault.appendingPathComponent("objects/sha256")
        let folder = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: objects.path).first)
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(folder).path).first)
        let object = objects.appendingPathComponent(folder).appendingPathComponent(name).path
        let outside = scratch.appendingPathComponent("outside.pdf").path
        chmod(object, 0o600)
        try FileManager.default.moveItem(atPath: object, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: object, withDestinationPath: outside)
        let refused = try backup()
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix("error: ") && refused.stderr.hasSuffix("/\(folder)/\(name) is a link or a special file, not a plain file; a vault holds only plain files and folders\n"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: homecrew.vault.appendingPathComponent("backup-snapshot").path))
    }

    /// A repository URL may carry credentials: restic's own variables name it, so it is on no
    /// command line (of homecrew or of restic), which every user of the machine can read.
    func testResticsOwnVariablesNameTheRepositoryWhenNoneIsGiven() throws {
        let named = scratch.appendingPathComponent("repository-name").path
        try "\(repository)\n".write(toFile: named, atomically: true, encoding: .utf8)
        let viaFile = try homecrew.run(["vault", "backup"], environment: password.merging(["RESTIC_REPOSITORY_FILE": named]) { $1 })
        XCTAssertEqual(viaFile.status, 0, viaFile.stderr)
        XCTAssertTrue(viaFile.stdout.contains("to \(repository): snapshot"), viaFile.stdout)
        let viaVariable = password.merging(["RESTIC_REPOSITORY": repository]) { $1 }
        let listed = try homecrew.run(["vault", "backups", "--format", "json"], environment: viaVariable)
        XCTAssertEqual(try jsonArray(listed.stdout).count, 1, listed.stderr)
        let restored = scratch.appendingPathComponent("restored").path
        let restore = try homecrew.run(["vault", "restore", "--into", restored], environment: viaVariable)
        XCTAssertEqual(restore.status, 0, restore.stderr)
        XCTAssertEqual(try sqlite("SELECT repository FROM backup_run"), repository)
    }

    /// A repository is made only where nothing is: beside a person's own files it is refused
    /// (73, naming them, nothing changed) unless they say --init; an empty or new folder is fine.
    func testARepositoryIsMadeOnlyInAnEmptyOrNewFolderOrWithInit() throws {
        let photos = scratch.appendingPathComponent("photos").path
        try FileManager.default.createDirectory(atPath: photos + "/2024", withIntermediateDirectories: true)
        for name in ["beach.jpg", "notes.txt", "zebra.png"] { try Data("mine".utf8).write(to: URL(fileURLWithPath: photos + "/" + name)) }
        let refused = try homecrew.run(["vault", "backup", "--restic", photos], environment: password)
        XCTAssertEqual(refused.status, 73, refused.stderr)
        XCTAssertEqual(refused.stderr, "error: \(photos) is not a restic repository and holds other files (2024, beach.jpg, notes.txt, 1 more); "
                       + "no repository is made beside them: choose an empty or new folder, or give --init to make one there anyway\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: photos).sorted(), ["2024", "beach.jpg", "notes.txt", "zebra.png"])
        XCTAssertEqual(try sqlite("SELECT succeeded FROM backup_run"), "0", "the refusal is recorded")
        let asked = try homecrew.run(["vault", "backup", "--restic", photos, "--init"], environment: password)
        XCTAssertEqual(asked.status, 0, asked.stderr)
        XCTAssertTrue(asked.stdout.hasPrefix("Initialised the restic repository \(photos)."), asked.stdout)
        XCTAssertEqual(try homecrew.run(["vault", "backup", "--restic", photos], environment: password).status, 0, "a repository now")

        let empty = scratch.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        XCTAssertEqual(try homecrew.run(["vault", "backup", "--restic", empty], environment: password).status, 0)
        XCTAssertEqual(try backup().status, 0, "a new folder")
        let file = scratch.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let onAFile = try homecrew.run(["vault", "backup", "--restic", file], environment: password)
        XCTAssertEqual(onAFile.status, 73, onAFile.stderr)
        XCTAssertEqual(onAFile.stderr, "error: \(file) is a file, not a folder; nothing was backed up\n")
    }

    /// Making a repository that fails midway (the disk runs out of room) says so and names what
    /// it left; it does not claim that nothing changed. Needs root, to mount a tiny file system.
    func testARepositoryWhoseMakingFailsMidwayNamesWhatItLeft() throws {
        let small = scratch.appendingPathComponent("small").path
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        guard getuid() == 0, try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,nr_inodes=40", "tmpfs", small]) == 0 else {
            throw XCTSkip("needs root to mount a small tmpfs")
        }
        defer { _ = try? runProgram("/bin/umount", [small]) }
        let repository = small + "/repo"
        let failed = try homecrew.run(["vault", "backup", "--restic", repository], environment: password)
        XCTAssertEqual(failed.status, 74, failed.stderr)
        XCTAssertTrue(failed.stderr.hasPrefix("error: making the restic repository \(repository) failed midway ("), failed.stderr)
        XCTAssertTrue(failed.stderr.hasSuffix("no space left on device); it left data, index, keys, 2 more there, which the next backup removes to make it again\n"),
                      failed.stderr)
        XCTAssertEqual(failed.stderr.filter { $0 == "\n" }.count, 1)
    }

    /// A repository whose making was stopped in the middle (a server killed while its first
    /// backup ran restic init) is made again from the start by the next backup; restic's folders
    /// holding data are not taken for one.
    func testARepositoryWhoseMakingWasStoppedIsMadeAgain() throws {
        for folder in ["data/00", "data/ff", "index", "keys", "locks", "snapshots"] {
            try FileManager.default.createDirectory(atPath: repository + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("a key of a master key no config was written for".utf8).write(to: URL(fileURLWithPath: repository + "/keys/0a1b2c"))
        let again = try backup()
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("Initialised the restic repository \(repository)."), again.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository + "/keys/0a1b2c"), "the stale key is gone")
        XCTAssertEqual(try backup("--check").status, 0)

        let withData = scratch.appendingPathComponent("with-data").path
        try FileManager.default.createDirectory(atPath: withData + "/data/00", withIntermediateDirectories: true)
        try Data("a pack".utf8).write(to: URL(fileURLWithPath: withData + "/data/00/00aa"))
        let refused = try homecrew.run(["vault", "backup", "--restic", withData], environment: password)
        XCTAssertEqual(refused.status, 73, refused.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: withData + "/data/00/00aa"))
    }

    private func runProgram(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Each failure says what it is, with its own exit code: a damaged repository (65), nothing
    /// there or not a repository (66), a wrong password (77), a repository that cannot be reached (69).
    func testEachRepositoryFailureSaysWhatItIs() throws {
        XCTAssertEqual(try backup().status, 0)
        let config = URL(fileURLWithPath: repository + "/config")
        let good = try Data(contentsOf: config)
        var flipped = good
        flipped[flipped.count / 2] ^= 0x01
        let notARepository = scratch.appendingPathComponent("photos").path
        try FileManager.default.createDirectory(atPath: notARepository, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: notARepository + "/beach.jpg"))
        let wrong = scratch.appendingPathComponent("wrong").path
        try "not it\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        // Bound and never listening, for the whole test: a connection to it is refused.
        let (held, closed) = boundLoopbackPort()
        defer { close(held) }
        let damages: [(label: String, config: Data)] = [("a flipped bit", flipped), ("cut short", good.prefix(7)), ("emptied", Data())]
        for damage in damages {
            try damage.config.write(to: config)
            for command in [["vault", "backup", "--restic", repository], ["vault", "backups", "--restic", repository],
                            ["vault", "restore", "--restic", repository, "--into", scratch.appendingPathComponent("restored").path]] {
                let result = try homecrew.run(command, environment: password)
                XCTAssertEqual(result.status, 65, "\(damage.label), \(command[1]): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("error: the restic repository \(repository) is damaged: "), "\(damage.label): \(result.stderr)")
                XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(damage.label): one line")
            }
        }
        try good.write(to: config)
        let cases: [(label: String, arguments: [String], status: Int32, message: String)] = [
            ("restore from a folder that is no repository", ["vault", "restore", "--restic", notARepository, "--into", scratch.appendingPathComponent("r1").path], 66,
             "error: there is no restic repository at \(notARepository): nothing is there, or not a repository\n"),
            ("list a folder that does not exist", ["vault", "backups", "--restic", notARepository + "-gone"], 66,
             "error: there is no restic repository at \(notARepository)-gone: nothing is there, or not a repository\n"),
            ("a wrong password", ["vault", "backups", "--restic", repository, "--password-file", wrong], 77,
             "error: wrong password for the restic repository \(repository)\n"),
            ("a closed port", ["vault", "restore", "--restic", "rest:http://127.0.0.1:\(closed)/", "--into", scratch.appendingPathComponent("r2").path], 69,
             "error: the restic repository rest:http://127.0.0.1:\(closed)/ cannot be reached: "),
        ]
        for item in cases {
            let result = try homecrew.run(item.arguments, environment: password)
            XCTAssertEqual(result.status, item.status, "\(item.label): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(item.message), "\(item.label): \(result.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: notARepository), ["beach.jpg"])
        XCTAssertEqual(try backup().status, 0, "the repository mended, the next backup passes")
    }

    /// Every parameter of an rclone connection string but a few harmless ones is a secret: a
    /// backup that cannot reach the storage leaves the access grant nowhere, and says that
    /// rclone's command line shows it.
    func testAnRcloneConnectionStringsParametersAreNowhereAfterAFailedBackup() throws {
        let location = "rclone::storj,access_grant=SECRETJ:bucket", shown = "rclone::storj,access_grant=***:bucket"
        let failed = try homecrew.run(["vault", "backup", "--restic", location], environment: password.merging(["RCLONE_CONFIG": "/dev/null"]) { $1 })
        XCTAssertNotEqual(failed.status, 0, failed.stderr)
        XCTAssertTrue(failed.stderr.hasPrefix("warning: the rclone connection string's parameters are passed on rclone's command line, "
                                              + "which other users of this machine can see; name a remote in rclone.conf instead\n"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains(shown), failed.stderr)
        let rows = try sqlite("SELECT kind || ' ' || succeeded || ' ' || repository || ' ' || coalesce(message, '') FROM backup_run")
        XCTAssertTrue(rows.hasPrefix("backup 0 \(shown) "), rows)
        let due = try homecrew.run(["report", "due"])
        XCTAssertTrue(due.stdout.contains(shown), due.stdout)
        for text in [failed.stderr, failed.stdout, rows, due.stdout, due.stderr] {
            XCTAssertFalse(text.contains("SECRETJ"), text)
        }
    }

    /// A REST server that wants a user and password (`rclone serve restic --user --pass`): a wrong
    /// one in the address is the storage refusing it (77), not a missing repository nor a wrong
    /// repository password, and neither password is ever printed.
    func testARESTServerRefusingTheAddressesPasswordIsSaidSo() throws {
        guard let rclone = ["/usr/bin/rclone", "/usr/local/bin/rclone"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("rclone is not installed")
        }
        let (held, port) = boundLoopbackPort()
        close(held)
        try FileManager.default.createDirectory(atPath: scratch.path + "/rest", withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: scratch.path + "/rclone.conf", contents: Data())
        let server = Process()
        server.executableURL = URL(fileURLWithPath: rclone)
        server.arguments = ["--config", scratch.path + "/rclone.conf", "serve", "restic", "--addr", "127.0.0.1:\(port)",
                            "--user", "alice", "--pass", "Hunter22secret", scratch.path + "/rest"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        var tries = 0
        while try runProgram("/usr/bin/curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(port)/"]) != 0, tries < 100 {
            Thread.sleep(forTimeInterval: 0.1)
            tries += 1
        }
        let shown = "rest:http://***@127.0.0.1:\(port)/"
        let refused = try homecrew.run(["vault", "backup", "--restic", "rest:http://alice:Wrong99pass@127.0.0.1:\(port)/", "--init"], environment: password)
        XCTAssertEqual(refused.status, 77, refused.stderr)
        XCTAssertEqual(refused.stderr, "error: the storage of the restic repository \(shown) refused the credentials given for it "
                       + "(the user and password in its address, or the cloud's keys); nothing was changed\n")
        let made = try homecrew.run(["vault", "backup", "--restic", "rest:http://alice:Hunter22secret@127.0.0.1:\(port)/", "--init"], environment: password)
        XCTAssertEqual(made.status, 0, made.stderr)
        let wrong = scratch.appendingPathComponent("wrong").path
        try "not it\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let wrongPassword = try homecrew.run(["vault", "backups", "--restic", "rest:http://alice:Hunter22secret@127.0.0.1:\(port)/", "--password-file", wrong],
                                             environment: password)
        XCTAssertEqual(wrongPassword.status, 77, wrongPassword.stderr)
        XCTAssertEqual(wrongPassword.stderr, "error: wrong password for the restic repository \(shown)\n")
        XCTAssertFalse(try sqlite("SELECT repository || message FROM backup_run").contains("Wrong99pass"))
    }

    private func boundLoopbackPort() -> (socket: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    func testEachFailureIsOneLineWithItsExitCodeAndIsRecorded() throws {
        XCTAssertEqual(try backup().status, 0)
        let wrong = scratch.appendingPathComponent("wrong").path
        try "not it\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let cases: [(label: String, arguments: [String], environment: [String: String], status: Int32, words: String)] = [
            ("no password", ["vault", "backup", "--restic", repository], ["RESTIC_PASSWORD_FILE": "", "RESTIC_PASSWORD": "", "RESTIC_PASSWORD_COMMAND": ""], 64, "no password for the restic repository"),
            ("a wrong password", ["vault", "backup", "--restic", repository, "--password-file", wrong], password, 77, "wrong password for the restic repository"),
            ("restic missing", ["vault", "backup", "--restic", repository], password.merging(["PATH": "/nonexistent"]) { $1 }, 69, "install Debian's package restic"),
            ("a missing password file", ["vault", "backup", "--restic", repository, "--password-file", wrong + "-gone"], password, 66, "cannot be read"),
            ("malformed --keep", ["vault", "backup", "--restic", repository, "--keep", "daily=0"], password, 64, "--keep: daily needs a whole number"),
            ("--keep with --check", ["vault", "backup", "--restic", repository, "--keep", "daily=7", "--check"], password, 64, "--check runs alone"),
            ("--out and --restic", ["vault", "backup", "--restic", repository, "--out", wrong + ".tar"], password, 64, "either --restic"),
            ("an unknown snapshot", ["vault", "restore", "--restic", repository, "--snapshot", "deadbeef", "--into", wrong + "-dir"], password, 66, "no HomeCrew snapshot deadbeef"),
            ("a non-empty target", ["vault", "restore", "--restic", repository, "--into", scratch.path], password, 73, "is not empty"),
            ("a file as the target", ["vault", "restore", "--restic", repository, "--into", wrong], password, 73, "is a file or a link, not a directory"),
            ("a target in a missing folder", ["vault", "restore", "--restic", repository, "--into", wrong + "-gone/restored"], password, 73,
             "the folder \(wrong)-gone does not exist"),
            ("no repository at all", ["vault", "backup"], password, 64, "give either --restic REPO (or set RESTIC_REPOSITORY) or --out FILE"),
            ("an unreadable RESTIC_REPOSITORY_FILE", ["vault", "backup"], password.merging(["RESTIC_REPOSITORY_FILE": wrong + "-gone"]) { $1 }, 66,
             "RESTIC_REPOSITORY_FILE: \(wrong)-gone cannot be read"),
        ]
        for item in cases {
            let result = try homecrew.run(item.arguments, environment: item.environment)
            XCTAssertEqual(result.status, item.status, "\(item.label): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: ") && result.stderr.contains(item.words), "\(item.label): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(item.label): one line")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: wrong + "-dir"))
        // The backups refused by restic (not by the command line) are recorded with their reason.
        XCTAssertEqual(try sqlite("SELECT succeeded || ' ' || message FROM backup_run WHERE succeeded = 0 ORDER BY id"), """
            0 no password for the restic repository: set RESTIC_PASSWORD_FILE, RESTIC_PASSWORD or RESTIC_PASSWORD_COMMAND, or pass --password-file
            0 wrong password for the restic repository \(repository)
            0 restic is not installed; install Debian's package restic (sudo apt install restic)
            0 the password file \(wrong)-gone cannot be read
            """)
        let health = try backup()
        XCTAssertEqual(health.status, 0, "the next backup completes: \(health.stderr)")
    }

    /// restic itself, on this repository (the tests' password).
    @discardableResult
    func restic(_ arguments: [String]) throws -> String {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/restic")
        process.arguments = ["-r", repository] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(password) { $1 }
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "restic \(arguments.joined(separator: " "))")
        return text
    }

    /// What a restore killed once restic had finished held: the database copy and every object,
    /// and no page text put back. `vault verify` of such a database names the document.
    func testVerifyNamesADocumentWhosePagesLackTheirText() throws {
        _ = try homecrew.ok("doc", "add", Samples.fixture("hello.pdf"), "--household", "Sea View", "--no-ocr", "--title", "Watering rota")
        XCTAssertEqual(try backup().status, 0)
        let id = try XCTUnwrap(try homecrew.jsonArray("doc", "list", "--all-households").first?["id"] as? String)
        let copy = scratch.appendingPathComponent("restic-only")
        try restic(["restore", "latest", "--target", copy.path])
        try FileManager.default.moveItem(at: copy.appendingPathComponent("backup-snapshot/homecrew.sqlite"), to: copy.appendingPathComponent("homecrew.sqlite"))
        let verify = try homecrew.run(["vault", "verify", "--vault", copy.path], useVaultOption: false)
        XCTAssertEqual(verify.status, 65, verify.stdout + verify.stderr)
        XCTAssertTrue(verify.stdout.contains("problem: document \(id) (Watering rota): the text of its pages is missing"), verify.stdout)
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0, "the vault itself verifies")
    }

    /// Clearing what killed restores and backups left never follows a link another user could
    /// have planted there (in the restore's folder, or in the vault): the link goes, as a link.
    func testALinkPlantedWhereStagingIsClearedIsRemovedAsALinkNeverFollowed() throws {
        XCTAssertEqual(try backup().status, 0)
        let victim = scratch.appendingPathComponent("someone-elses")
        let inner = victim.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try "keep me\n".write(to: inner.appendingPathComponent("file.txt"), atomically: true, encoding: .utf8)
        chmod(victim.path, 0o755)
        chmod(inner.path, 0o755)
        let planted = [scratch.appendingPathComponent(".homecrew-restore-999999999-1").path, homecrew.vault.appendingPathComponent("backup-drill").path]
        for link in planted { try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim.path) }
        let restore = try homecrew.run(["vault", "restore", "--restic", repository, "--into", scratch.appendingPathComponent("restored").path],
                                       environment: password)
        XCTAssertEqual(restore.status, 0, restore.stderr)
        XCTAssertEqual(try backup().status, 0)
        var info = stat()
        for link in planted { XCTAssertNotEqual(lstat(link, &info), 0, "\(link) is removed") }
        for folder in [victim, inner] {
            XCTAssertEqual(stat(folder.path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o777, 0o755, "\(folder.path) was changed through the link")
        }
        XCTAssertEqual(try String(contentsOf: inner.appendingPathComponent("file.txt"), encoding: .utf8), "keep me\n")
    }

    /// Anyone with the repository's password can retag a snapshot (`restic tag --set`): whose it
    /// is comes from its records. Another vault's snapshot tagged as this vault's fails the drill,
    /// is passed over as "the latest of this vault", and is not restored when named, unless
    /// --other-vault, which says whose it is; the refusal points to this vault's own snapshots.
    func testAnotherVaultsSnapshotRetaggedAsThisVaultsFailsTheDrillAndIsNotRestored() throws {
        XCTAssertEqual(try backup().status, 0)
        let other = scratch.appendingPathComponent("other-vault").path
        func inOther(_ arguments: [String]) throws -> HomeCrewProcess.Result {
            try homecrew.run(arguments + ["--vault", other], environment: password, useVaultOption: false)
        }
        XCTAssertEqual(try inOther(["household", "add", "Hill Top"]).status, 0)
        for _ in 0..<2 { XCTAssertEqual(try inOther(["vault", "backup", "--restic", repository]).status, 0) }
        let mine = try sqlite("SELECT vault_id FROM backup_identity")
        let theirs = try XCTUnwrap(try jsonArray(try inOther(["vault", "backups", "--restic", repository, "--format", "json"]).stdout).first?["vault_id"] as? String)
        XCTAssertNotEqual(mine, theirs)
        let listed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try restic(["snapshots", "--json"]).utf8)) as? [[String: Any]])
        let snapshot = try XCTUnwrap(listed.first { ($0["tags"] as? [String] ?? []).contains("homecrew-vault=\(theirs)") })
        let tags = (snapshot["tags"] as? [String] ?? []).map { $0 == "homecrew-vault=\(theirs)" ? "homecrew-vault=\(mine)" : $0 }
        try restic(["tag", "--set", tags.joined(separator: ","), try XCTUnwrap(snapshot["id"] as? String)])
        let mineListed = try jsonArray(try homecrew.run(["vault", "backups", "--restic", repository, "--format", "json"], environment: password).stdout)
        XCTAssertEqual(mineListed.count, 2, "the retagged snapshot is listed as this vault's")
        let retagged = try XCTUnwrap(mineListed.last?["id"] as? String), short = String(retagged.prefix(8))
        let genuine = try XCTUnwrap(mineListed.first?["id"] as? String)
        let theirsTagged = try XCTUnwrap(try jsonArray(try inOther(["vault", "backups", "--restic", repository, "--format", "json"]).stdout).last?["id"] as? String)

        let drill = try backup("--check")
        XCTAssertEqual(drill.status, 65, drill.stdout)
        XCTAssertEqual(drill.stderr, "error: the restore drill failed: snapshot \(short), tagged as vault \(mine)'s, holds vault \(theirs), "
                       + "not this vault (\(mine)) (a tag says whose a snapshot is, and anyone with the repository's password can change it)\n")

        let target = scratch.appendingPathComponent("restored").path
        func restore(_ extra: String..., vault: String? = nil) throws -> HomeCrewProcess.Result {
            try homecrew.run(["vault", "restore", "--restic", repository, "--into", target] + extra + ["--vault", vault ?? homecrew.vault.path],
                             environment: password, useVaultOption: false)
        }
        // The latest snapshot of this vault is the latest whose records are its own: the retagged one is passed over.
        let latest = try restore()
        XCTAssertEqual(latest.status, 0, latest.stderr)
        XCTAssertTrue(latest.stdout.hasPrefix("Restored snapshot \(genuine.prefix(8)) "), latest.stdout)
        XCTAssertFalse(try homecrew.run(["household", "list", "--vault", target], useVaultOption: false).stdout.contains("Hill Top"))
        try FileManager.default.removeItem(atPath: target)
        let advice = "nothing was restored (this vault's own snapshots are listed by: homecrew vault backups --restic \(repository); "
            + "restore one with --snapshot ID; to restore that other vault's snapshot on purpose, pass --other-vault)\n"
        let refused = try restore("--snapshot", short)
        XCTAssertEqual(refused.status, 65, refused.stdout)
        XCTAssertEqual(refused.stderr, "error: snapshot \(short) holds vault \(theirs), not this vault (\(mine)); " + advice)
        let taggedAsTheirs = try restore("--snapshot", String(theirsTagged.prefix(8)))
        XCTAssertEqual(taggedAsTheirs.stderr, "error: snapshot \(theirsTagged.prefix(8)) is tagged as vault \(theirs)'s, not this vault (\(mine)); " + advice)
        let noLiveVault = try restore("--snapshot", short, vault: scratch.appendingPathComponent("none").path)
        XCTAssertEqual(noLiveVault.status, 65, noLiveVault.stdout)
        XCTAssertTrue(noLiveVault.stderr.contains("holds vault \(theirs), not the vault its tag names (\(mine))"), noLiveVault.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "nothing was restored")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".homecrew-restore-") }, [])

        let genuineRestore = try restore("--snapshot", String(genuine.prefix(8)))
        XCTAssertEqual(genuineRestore.status, 0, "this vault's own snapshot restores: \(genuineRestore.stderr)")
        try FileManager.default.removeItem(atPath: target)
        let accepted = try restore("--snapshot", short, "--other-vault")
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stdout.hasSuffix("It is another vault's: snapshot \(short) holds vault \(theirs), not this vault (\(mine)).\n"), accepted.stdout)
        XCTAssertTrue(try homecrew.run(["household", "list", "--vault", target], useVaultOption: false).stdout.contains("Hill Top"))
    }

    /// Disaster recovery starts from a live vault that does not open: a restore into a new folder
    /// never needs it (it says it could not read it), and leaves it as it was.
    func testARestoreNeverNeedsTheLiveVaultToOpen() throws {
        XCTAssertEqual(try backup().status, 0)
        let id = try XCTUnwrap(try jsonArray(try homecrew.run(["vault", "backups", "--restic", repository, "--format", "json"],
                                                               environment: password).stdout).first?["id"] as? String)
        let damaged = homecrew.vault.path
        for name in ["homecrew.sqlite-wal", "homecrew.sqlite-shm"] { try? FileManager.default.removeItem(atPath: damaged + "/" + name) }
        try Data("garbage\n".utf8).write(to: homecrew.databaseURL)
        let marked = scratch.appendingPathComponent("marked").path
        try FileManager.default.createDirectory(atPath: marked, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: marked + "/homecrew-restore-incomplete"))
        for (index, (live, extra)) in [(damaged, ["--snapshot", String(id.prefix(8))]), (damaged, []), (marked, ["--other-vault"])].enumerated() {
            let target = scratch.appendingPathComponent("restored-\(index)").path
            let restore = try homecrew.run(["vault", "restore", "--restic", repository, "--into", target, "--vault", live] + extra,
                                           environment: password, useVaultOption: false)
            XCTAssertEqual(restore.status, 0, "\(extra): \(restore.stderr)")
            XCTAssertTrue(restore.stderr.hasPrefix("note: the vault at \(live) could not be read ("), restore.stderr)
            XCTAssertEqual(restore.stderr.filter { $0 == "\n" }.count, 1, restore.stderr)
            XCTAssertTrue(try homecrew.run(["staff", "list", "--vault", target], useVaultOption: false).stdout.contains("Asha Devi"))
        }
        // With several vaults in the repository, "the latest" needs --snapshot: the error says why this vault was not used.
        let other = scratch.appendingPathComponent("other-vault").path
        XCTAssertEqual(try homecrew.run(["household", "add", "Hill Top", "--vault", other], useVaultOption: false).status, 0)
        XCTAssertEqual(try homecrew.run(["vault", "backup", "--restic", repository, "--vault", other], environment: password, useVaultOption: false).status, 0)
        let several = try homecrew.run(["vault", "restore", "--restic", repository, "--into", scratch.appendingPathComponent("several").path],
                                       environment: password)
        XCTAssertEqual(several.status, 64, several.stderr)
        XCTAssertEqual(several.stderr, "error: the restic repository \(repository) holds snapshots of several vaults, and the vault at \(damaged) "
                       + "could not be read (\(damaged) is not a usable HomeCrew vault: its homecrew.sqlite is not a HomeCrew vault's database); "
                       + "name one with --snapshot (see: homecrew vault backups)\n")
        XCTAssertEqual(try Data(contentsOf: homecrew.databaseURL), Data("garbage\n".utf8), "the live vault was not written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: marked), ["homecrew-restore-incomplete"])
    }
}
