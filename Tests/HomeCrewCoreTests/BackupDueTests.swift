import Foundation
import HomeCrewCore
import XCTest

final class BackupDueTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let today = try! CalendarDate(parsing: "2027-01-15")
    let day: TimeInterval = 86_400
    let utc = TimeZone(identifier: "UTC")!

    func run(_ kind: BackupRun.Kind, daysAgo: Double, passed: Bool, message: String? = nil) -> BackupRun {
        let finished = now.addingTimeInterval(-daysAgo * day)
        return BackupRun(kind: kind, repository: "s3:s3.example.com/b/homecrew", startedAt: finished.addingTimeInterval(-60),
                         finishedAt: finished, succeeded: passed, message: message)
    }

    func summaries(_ health: BackupHealth, every: TimeInterval?) -> [String] {
        DueList.backupItems(health, every: every, now: now, today: today, timeZone: utc).map(\.summary)
    }

    func testAFailedLastBackupIsDueWithOrWithoutAServer() {
        let health = BackupHealth(lastBackup: run(.backup, daysAgo: 0.5, passed: false, message: "repository cannot be reached"),
                                  lastSuccessfulBackup: run(.backup, daysAgo: 1, passed: true))
        let expected = ["the last backup failed (14 Jan 2027 20:00, to s3:s3.example.com/b/homecrew): repository cannot be reached"]
        XCTAssertEqual(summaries(health, every: nil), expected)
        XCTAssertEqual(summaries(health, every: day), expected)
        let item = DueList.backupItems(health, every: nil, now: now, today: today)[0]
        XCTAssertEqual(item.kind, .backup)
        XCTAssertEqual(item.date, today)
        XCTAssertFalse(item.isExpired)
    }

    func testWithAServerNoBackupOrNonePassedWithinTwiceTheIntervalIsDue() {
        XCTAssertEqual(summaries(BackupHealth(), every: day), ["no backup yet"])
        XCTAssertEqual(summaries(BackupHealth(), every: nil), [], "a vault never backed up with restic, and no server doing it: nothing")
        XCTAssertEqual(summaries(BackupHealth(lastBackup: run(.backup, daysAgo: 1.9, passed: true)), every: day), [])
        XCTAssertEqual(summaries(BackupHealth(lastBackup: run(.backup, daysAgo: 2.5, passed: true)), every: day),
                       ["no backup has passed since 12 Jan 2027 20:00"])
        XCTAssertEqual(summaries(BackupHealth(lastBackup: run(.backup, daysAgo: 2.5, passed: true)), every: nil), [])
    }

    func testAFailedDrillIsDueToo() {
        let health = BackupHealth(lastBackup: run(.backup, daysAgo: 0.1, passed: true),
                                  lastDrill: run(.drill, daysAgo: 0.2, passed: false, message: "object 1f… differs"))
        XCTAssertEqual(summaries(health, every: day),
                       ["the last restore drill failed (15 Jan 2027 03:12, from s3:s3.example.com/b/homecrew): object 1f… differs"])
    }

    func testABackupRecordedLaterThanNowSaysTheClockIsWrongInsteadOfStayingQuiet() {
        let ahead = BackupHealth(lastBackup: run(.backup, daysAgo: -30, passed: true))
        let expected = ["the last backup is recorded as passed on 14 Feb 2027 08:00, later than now: the machine's clock was or is wrong"]
        XCTAssertEqual(summaries(ahead, every: day), expected)
        XCTAssertEqual(summaries(ahead, every: nil), expected)
        XCTAssertEqual(summaries(BackupHealth(lastBackup: run(.backup, daysAgo: -0.001, passed: true)), every: day), [],
                       "a minute and a half ahead is a clock's drift, not a wrong clock")
    }
}
