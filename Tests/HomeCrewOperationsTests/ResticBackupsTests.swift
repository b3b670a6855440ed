import Foundation
import HomeCrewVault
import XCTest
@testable import HomeCrewOperations

final class ResticBackupsTests: XCTestCase {
    func testASnapshotMadeByANewerHomeCrewIsRefusedNotMisread() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func manifest(version: Int) throws -> String {
            let path = folder.appendingPathComponent("homecrew-backup-\(version).json").path
            let json = """
                {"homecrew_backup": \(version), "vault_id": "v", "format_version": 15, "created_at": "2026-11-26T00:00:00Z",
                 "database_sha256": "", "record_digest": "", "object_count": 0, "bytes": 0, "counts": {}}
                """
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        for version in 1...BackupManifest.currentVersion {
            XCTAssertEqual(try BackupManifest.read(from: manifest(version: version), snapshot: "abc").homecrewBackup, version)
        }
        XCTAssertThrowsError(try BackupManifest.read(from: manifest(version: BackupManifest.currentVersion + 1), snapshot: "abc")) {
            XCTAssertTrue("\($0)".contains("made by a newer HomeCrew"), "\($0)")
        }
    }

    func testKeepRulesBecomeResticsKeepOptionsInOneOrder() throws {
        let policy = try RetentionPolicy(parsing: "monthly=12,daily=7,weekly=4")
        XCTAssertEqual(policy.resticArguments, ["--keep-daily", "7", "--keep-weekly", "4", "--keep-monthly", "12"])
        XCTAssertEqual(policy.text, "daily=7,weekly=4,monthly=12")
        XCTAssertEqual(try RetentionPolicy(parsing: " Last = 3 ").resticArguments, ["--keep-last", "3"])
    }

    func testMalformedKeepRulesAreRefusedAsUsage() {
        for text in ["", "daily", "daily=", "=7", "daily=0", "daily=-1", "daily=7,daily=8", "fortnightly=2",
                     "daily=7,", "daily=1e3", "daily=٣", "daily=100001", "daily=7;weekly=4"] {
            XCTAssertThrowsError(try RetentionPolicy(parsing: text), text) { error in
                guard case BackupError.badRetention = error else { return XCTFail("\(text): \(error)") }
                XCTAssertEqual((error as? BackupError)?.category, .usage, text)
            }
        }
    }

    func testARepositoryIsNeverShownWithItsCredentials() {
        let cases = [
            ("s3:https://AKIAKEY:secret@s3.example.com/bucket/homecrew", "s3:https://***@s3.example.com/bucket/homecrew"),
            ("rest:https://user:pa:ss@backup.example.net:8000/vault/", "rest:https://***@backup.example.net:8000/vault/"),
            ("rest:http://user@host/", "rest:http://***@host/"),
            ("s3:https://host/bucket?secret=abc", "s3:https://host/bucket?***"),
            ("s3:https://a:b@c@host/x", "s3:https://***@host/x"),
            // A password may hold "/", "#" or "?" unencoded: everything up to the last "@" goes.
            ("rest:http://alice:pa#ss@127.0.0.1:9/repo/", "rest:http://***@127.0.0.1:9/repo/"),
            ("rest:http://alice:pa/secret@host/", "rest:http://***@host/"),
            ("/mnt/usb/restic", "/mnt/usb/restic"),
            ("sftp:user@host:/srv/restic", "sftp:user@host:/srv/restic"),
            ("b2:bucket:path", "b2:bucket:path"),
            ("/tmp/a\u{1b}[31mred", "/tmp/a?[31mred"),
        ]
        for (given, shown) in cases {
            XCTAssertEqual(RepositoryName.display(given), shown, given)
            XCTAssertFalse(RepositoryName.display(given).contains("secret"), given)
        }
        let line = "Fatal: unable to open config file: Get \"https://AKIAKEY:secret@s3.example.com/bucket/config\": dial tcp"
        XCTAssertFalse(RepositoryName.scrub(line, repository: "s3:https://AKIAKEY:secret@s3.example.com/bucket").contains("secret"))
        // restic cut this URL at the "#" and echoed the part before it.
        let cut = RepositoryName.scrub("Fatal: parse \"http://alice:pa\": invalid port", repository: "rest:http://alice:pa#ssword@127.0.0.1:9/repo/")
        XCTAssertFalse(cut.contains("alice") || cut.contains("ssword"), cut)
        let query = RepositoryName.scrub("Fatal: Head \"https://host/repo/?token=abcdef/config\": EOF", repository: "s3:https://host/repo/?token=abcdef")
        XCTAssertFalse(query.contains("abcdef"), query)
        XCTAssertEqual(RepositoryName.scrub("Fatal: wrong password or no key found", repository: "rest:http://alice:hunter22@host/"),
                       "Fatal: wrong password or no key found", "a line without credentials is kept")
    }

    /// restic's and rclone's lines keep their own URLs readable; each credential becomes `***`,
    /// and a line with a piece of a password restic cut its own way is not shown.
    func testALineResticPrintedLosesEveryCredentialOfItsLocation() {
        let s3 = "rclone::s3,provider=Other,endpoint=\"http://127.0.0.1:9\",secret_access_key=SECRETF:bucket"
        XCTAssertEqual(RepositoryName.scrub("Fatal: unable to open repository at \(s3): error talking HTTP to rclone: Get \"http://localhost/file-1\": EOF",
                                            repository: s3),
                       "Fatal: unable to open repository at rclone::s3,provider=Other,endpoint=\"http://127.0.0.1:9\",secret_access_key=***:bucket: "
                       + "error talking HTTP to rclone: Get \"http://localhost/file-1\": EOF")
        let crypt = "rclone::crypt,password=SECRETG,remote=\":s3,provider=Other,endpoint='http://127.0.0.1:9',secret_access_key=\"\"SECRETH\"\":b\":"
        let echoed = RepositoryName.scrub("Failed to create file system for \":s3,provider=Other,secret_access_key='\"SECRETH\"':b\": "
                                          + "at \(crypt) with SECRETG", repository: crypt)
        XCTAssertFalse(echoed.contains("SECRET"), echoed)
        XCTAssertTrue(echoed.hasSuffix("at rclone::crypt,password=***,remote=***: with ***"), echoed)
        let storj = RepositoryName.scrub("at rclone::storj,access_grant=SECRETJ:bucket: context canceled", repository: "rclone::storj,access_grant=SECRETJ:bucket")
        XCTAssertEqual(storj, "at rclone::storj,access_grant=***:bucket: context canceled")
        for (password, line) in [("SEC\"RETW", #"Fatal: parse "http://u:SEC\"RETW@127.0.0.1:9/": net/url: invalid userinfo"#),
                                 ("SEC RETY", #"Fatal: parse "http://u:SEC RETY@127.0.0.1:9/": net/url: invalid userinfo"#)] {
            let shown = RepositoryName.scrub(line, repository: "rest:http://u:\(password)@127.0.0.1:9/")
            XCTAssertFalse(shown.contains("SEC") || shown.contains("RET"), shown)
        }
        XCTAssertEqual(RepositoryName.scrub(#"Fatal: parse "http://u:SEC RETY@127.0.0.1:9/": invalid userinfo"#, repository: "rest:http://u:SEC RETY@127.0.0.1:9/"),
                       #"Fatal: parse "http://***@127.0.0.1:9/": invalid userinfo"#)
        let sftp = "sftp:u:SECRETK@127.0.0.1:/srv/a://b"
        XCTAssertEqual(RepositoryName.scrub("Fatal: unable to open repository at \(sftp): EOF", repository: sftp),
                       "Fatal: unable to open repository at sftp:***@127.0.0.1:/srv/a://b: EOF")
    }

    func testResticsWordsBecomeOneErrorEach() {
        let restic = ResticProcess(repository: "rest:http://u:secret@127.0.0.1:9/", passwordFile: nil)
        func classify(_ status: Int32, _ line: String) -> BackupError { restic.classify(status: status, lines: [line]) }
        XCTAssertEqual(classify(1, "Fatal: wrong password or no key found"), .wrongPassword(repository: "rest:http://***@127.0.0.1:9/"))
        XCTAssertEqual(classify(12, "Fatal: something"), .wrongPassword(repository: "rest:http://***@127.0.0.1:9/"))
        guard case .diskFull = classify(1, "Fatal: unable to save snapshot: write /mnt/repo/data/ab: no space left on device") else {
            return XCTFail("a full disk")
        }
        XCTAssertEqual(classify(1, "Fatal: unable to create lock in backend: repository is already locked by PID 7 on vm"),
                       .repositoryLocked(repository: "rest:http://***@127.0.0.1:9/"))
        XCTAssertEqual(classify(1, "Fatal: unable to open config file: Stat: stat /x/config: no such file or directory\nIs there a repository at the following location?"),
                       .notARepository(repository: "rest:http://***@127.0.0.1:9/"))
        XCTAssertEqual(classify(1, "Fatal: config or key 33e3b7a9 is damaged: ciphertext verification failed"),
                       .damagedRepository(repository: "rest:http://***@127.0.0.1:9/", reason: "config or key 33e3b7a9 is damaged: ciphertext verification failed"))
        XCTAssertEqual(restic.classify(status: 2, lines: ["panic: runtime error: slice bounds out of range [16:7]", "", "goroutine 1 [running]:",
                                                          "github.com/restic/restic/internal/restic.LoadConfig({0x104abd0, 0xc000037540})"]),
                       .damagedRepository(repository: "rest:http://***@127.0.0.1:9/",
                                          reason: "restic could not read its config file (panic: runtime error: slice bounds out of range [16:7])"))
        XCTAssertEqual(classify(1, "Fatal: unable to open config file: unexpected HTTP response (401): 401 Unauthorized\nIs there a repository at the following location?"),
                       .credentialsRefused(repository: "rest:http://***@127.0.0.1:9/"))
        XCTAssertEqual(classify(1, "Fatal: unable to open config file: Stat: Access Denied."), .credentialsRefused(repository: "rest:http://***@127.0.0.1:9/"))
        guard case .unreachable = classify(1, "Fatal: unable to open config file: client.Head: Head \"http://127.0.0.1:1/config\": dial tcp 127.0.0.1:1: connect: connection refused") else {
            return XCTFail("refused before any config was read")
        }
        guard case .unreachable = classify(1, "Fatal: create repository at rest:http://127.0.0.1:9/ failed: dial tcp 127.0.0.1:9: connect: connection refused") else {
            return XCTFail("refused")
        }
        guard case .resticFailed(let reason) = classify(1, "Fatal: something else\twith a tab") else { return XCTFail("other") }
        XCTAssertEqual(reason, "something else with a tab")
    }

    /// Where HomeCrew cannot look (s3:, sftp:, rest:, rclone:…), no repository is made unless the person says --init.
    func testARepositoryIsNotMadeWhereHomeCrewCannotLook() throws {
        for remote in ["s3:https://s3.example.com/bucket", "sftp:nas:/srv", "rest:http://127.0.0.1:9/", "rclone:nas:x", "b2:bucket:x"] {
            XCTAssertNil(RepositoryName.localPath(remote), remote)
            XCTAssertThrowsError(try ResticBackups.requireNothingThere(RepositoryName.localPath(remote), repository: remote)) { error in
                XCTAssertEqual(error as? BackupError, .notMadeWithoutLooking(repository: remote))
                XCTAssertEqual((error as? BackupError)?.category, .notFound)
            }
        }
        XCTAssertEqual(RepositoryName.localPath("local:/media/usb"), "/media/usb")
        XCTAssertEqual(RepositoryName.localPath("/media/usb"), "/media/usb")
        XCTAssertEqual(ResticBackups.shownNames(["a\u{202E}b", String(repeating: "x", count: 50), "c", "d"]),
                       ["a?b", String(repeating: "x", count: 40) + "…", "c", "1 more"])
    }

    func testEachFailureHasItsCategory() {
        XCTAssertEqual(BackupError.resticMissing.category, .unavailable)
        XCTAssertTrue(BackupError.resticMissing.description.contains("install Debian's package restic"))
        XCTAssertEqual(BackupError.unreachable(repository: "r", reason: "x").category, .unavailable)
        XCTAssertEqual(BackupError.wrongPassword(repository: "r").category, .denied)
        XCTAssertEqual(BackupError.noPassword.category, .usage)
        XCTAssertEqual(BackupError.diskFull("x").category, .io)
        XCTAssertEqual(BackupError.resticKilled(signal: 9).category, .io)
        XCTAssertEqual(BackupError.repositoryLocked(repository: "r").category, .busy)
        XCTAssertEqual(BackupError.anotherBackupRunning.category, .busy)
        XCTAssertEqual(BackupError.noSnapshots(repository: "r").category, .notFound)
        XCTAssertEqual(BackupError.restoredDoesNotVerify("x").category, .invalidData)
        XCTAssertEqual(BackupError.damagedRepository(repository: "r", reason: "x").category, .invalidData)
        XCTAssertEqual(BackupError.notARepository(repository: "r").category, .notFound)
        XCTAssertEqual(BackupError.locationNotEmpty(repository: "r", names: ["a"]).category, .cannotCreate)
        XCTAssertEqual(BackupError.initialisationFailed(repository: "r", reason: "x", left: []).category, .io)
    }

    func testResticsTimesAndTagsAreRead() throws {
        let json = """
            [{"time":"2026-11-25T21:16:31.061084471Z","id":"0e419daebe11","short_id":"0e419dae",
              "tags":["homecrew","homecrew-vault=00112233aabbccdd","homecrew-format=13","homecrew-bytes=4096","homecrew-count-document=10"]},
             {"time":"2026-11-25T22:16:31+01:00","id":"ffee","short_id":"ffee","tags":null}]
            """
        let listed = try ResticJSON.snapshots(Data(json.utf8))
        XCTAssertEqual(listed.count, 2)
        XCTAssertEqual(listed[0].vaultID, "00112233aabbccdd")
        XCTAssertEqual(listed[0].formatVersion, 13)
        XCTAssertEqual(listed[0].bytes, 4096)
        XCTAssertEqual(listed[0].counts, ["document": 10])
        XCTAssertEqual(listed[0].time.timeIntervalSince1970, 1_795_641_391.061, accuracy: 0.001)
        XCTAssertEqual(listed[1].time.timeIntervalSince1970, 1_795_641_391, accuracy: 0.001)
    }
}
