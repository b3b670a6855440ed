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
        var leaky = run(.backup, at: 1_000, succeeded: true)
        leaky.repository = "s3:https://KEY:secret@host/bucket"
        XCTAssertThrowsError(try database.recordBackupRun(leaky))
        var twoLines = run(.backup, at: 1_000, succeeded: false)
        twoLines.message = "one\ntwo"
        XCTAssertThrowsError(try database.recordBackupRun(twoLines))
        var silent = run(.drill, at: 1_000, succeeded: false)
        silent.message = nil
        XCTAssertThrowsError(try database.recordBackupRun(silent))
        XCTAssertEqual(try database.backupHealth(), BackupHealth())
    }

    func testTheVaultHasOneBackupIDThatNeverChanges() throws {
        let id = try database.backupVaultID()
        XCTAssertEqual(id.count, 16)
        XCTAssertThrowsError(try database.writer.write { db in try db.execute(sql: "UPDATE backup_identity SET vault_id = '0000000000000000'") })
        XCTAssertEqual(try database.backupVaultID(), id)
    }
}
