import Foundation
import XCTest
import HomeCrewCore
@testable import HomeCrewStore

final class BackupRunTests: XCTestCase {
    var database: AppDatabase!

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
    }

    func run(_ kind: BackupRun.Kind, at seconds: TimeInterval, succeeded: Bool) -> BackupRun {
        BackupRun(kind: kind, repository: "/mnt/usb/restic", startedAt: Date(timeIntervalSince1970: seconds - 60),
                  finishedAt: Date(timeIntervalSince1970: seconds), succeeded: succeeded,
                  snapshotID: succeeded ? String(repeating: "ab", count: 32) : nil, message: succeeded ? nil : "restic failed: boom")
    }

    func testHealthIsTheLatestRunOfEachKindAndTheLatestSuccess() throws {
        XCTAssertEqual(try database.backupHealth(), BackupHealth())
        XCTAssertTrue(try database.backupHealth().isOverdue(now: Date(timeIntervalSince1970: 0), every: 86_400), "never backed up")
        try database.recordBackupRun(run(.backup, at: 1_000_000, succeeded: true))
        try database.recordBackupRun(run(.drill, at: 1_000_100, succeeded: true))
        var health = try database.backupHealth()
        XCTAssertEqual(health.lastBackup, run(.backup, at: 1_000_000, succeeded: true))
        XCTAssertEqual(health.lastDrill?.kind, .drill)
        XCTAssertFalse(health.isOverdue(now: Date(timeIntervalSince1970: 1_000_000 + 86_000), every: 86_400))
        XCTAssertTrue(health.isOverdue(now: Date(timeIntervalSince1970: 1_000_000 + 86_401), every: 86_400))
        try database.recordBackupRun(run(.backup, at: 1_000_200, succeeded: false))
        health = try database.backupHealth()
        XCTAssertEqual(health.lastBackup?.succeeded, false)
        XCTAssertEqual(health.lastBackup?.message, "restic failed: boom")
        XCTAssertEqual(health.lastSuccessfulBackup?.finishedAt, Date(timeIntervalSince1970: 1_000_000))
        XCTAssertTrue(health.isOverdue(now: Date(timeIntervalSince1970: 1_000_300), every: 86_400), "the latest backup failed")
    }

    func testSQLiteRefusesCredentialsAMultiLineMessageAndAFailureWithoutReason() throws {
        XCTAssertThrowsError(try database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO backup_run (kind, repository, started_at, finished_at, succeeded, snapshot_id)
                VALUES ('backup', 's3:https://KEY:secret@host/bucket', '2026-01-01 00:00:00', '2026-01-01 00:01:00', 1, NULL)
                """)
        })
        var twoLines = run(.backup, at: 1_000, succeeded: false)
        twoLines.message = "one\ntwo"
        XCTAssertThrowsError(try database.recordBackupRun(twoLines))
        var silent = run(.drill, at: 1_000, succeeded: false)
        silent.message = nil
        XCTAssertThrowsError(try database.recordBackupRun(silent))
        XCTAssertEqual(try database.backupHealth(), BackupHealth())
    }

    /// A run is stored without credentials however it was changed; rows an earlier HomeCrew
    /// stored with rclone's secrets in them (SQLite's check knew only URLs) are read without them,
    /// and still count as the repository they name.
    func testCredentialsAreNeverStoredAndOlderRowsAreReadWithoutThem() throws {
        var changed = run(.backup, at: 1_000, succeeded: true)
        changed.repository = "s3:https://KEY:secret@host/bucket"
        try database.recordBackupRun(changed)
        try database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO backup_run (kind, repository, started_at, finished_at, succeeded, message)
                VALUES ('backup', 'rclone::s3,secret_access_key=wJalrSecret:bucket', '2026-01-01 00:00:00', '2026-01-01 00:01:00', 0,
                        'the restic repository rclone::s3,secret_access_key=wJalrSecret:bucket cannot be reached: EOF'),
                       ('backup', 'rclone::s3,secret_access_key=wJalrSecret:bucket', '2025-01-01 00:00:00', '2025-01-01 00:01:00', 1, NULL)
                """)
        }
        let stored = try database.writer.read { db in try String.fetchAll(db, sql: "SELECT repository FROM backup_run ORDER BY id") }
        XCTAssertEqual(stored.first, "s3:https://***@host/bucket")
        let health = try database.backupHealth()
        XCTAssertEqual(health.lastBackup?.repository, "rclone::s3,secret_access_key=***:bucket")
        XCTAssertEqual(health.lastBackup?.message, "the restic repository rclone::s3,secret_access_key=***:bucket cannot be reached: EOF")
        XCTAssertTrue(try database.hasPassedBackup(to: "rclone::s3,secret_access_key=***:bucket"))
        XCTAssertFalse(try database.hasPassedBackup(to: "rclone::s3,secret_access_key=***:other"))
    }

    func testTheVaultHasOneBackupIDThatNeverChanges() throws {
        let id = try database.backupVaultID()
        XCTAssertEqual(id.count, 16)
        XCTAssertThrowsError(try database.writer.write { db in try db.execute(sql: "UPDATE backup_identity SET vault_id = '0000000000000000'") })
        XCTAssertEqual(try database.backupVaultID(), id)
    }
}
