import Foundation
import HomeCrewCore
import XCTest

final class BackupScheduleTests: XCTestCase {
    func testIntervalsAreMinutesHoursOrDaysWithinAYear() throws {
        XCTAssertEqual(try BackupInterval(parsing: "30m").seconds, 1_800)
        XCTAssertEqual(try BackupInterval(parsing: "6h").seconds, 21_600)
        XCTAssertEqual(try BackupInterval(parsing: "24h").seconds, 86_400)
        XCTAssertEqual(try BackupInterval(parsing: "7d").seconds, 604_800)
        XCTAssertEqual(try BackupInterval(parsing: " 1m ").description, "1m")
        for bad in ["", "24", "h", "0h", "-1d", "1.5h", "24 h", "1w", "367d", "99999999999999999999d", "10s"] {
            XCTAssertThrowsError(try BackupInterval(parsing: bad), bad) { error in
                XCTAssertEqual((error as? BackupIntervalError)?.category, .usage)
                XCTAssertTrue("\(error)".contains("30m, 6h, 24h or 7d"))
            }
        }
    }

    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let day: TimeInterval = 86_400

    func testAVaultNeverBackedUpIsBackedUpSoonAfterStartThenDrilled() {
        let timetable = BackupTimetable(backupEvery: day, drillEvery: 7 * day, startDelay: 60)
        let first = timetable.next(after: .init(), startedAt: start)
        XCTAssertEqual(first.job, .backup)
        XCTAssertEqual(first.at, start.addingTimeInterval(60))
        let drill = timetable.next(after: .init(backup: (first.at, true)), startedAt: start)
        XCTAssertEqual(drill.job, .drill)
        XCTAssertEqual(drill.at, start.addingTimeInterval(60))
    }

    /// A new repository whose first backup failed holds no snapshot: the next job is that backup
    /// again, never a drill that can only fail; the drill comes once a backup has passed.
    func testNoDrillBeforeABackupHasPassed() {
        let timetable = BackupTimetable(backupEvery: day, drillEvery: 7 * day, startDelay: 60)
        let failed = start.addingTimeInterval(60)
        var past = BackupTimetable.Past(backup: (failed, false))
        XCTAssertEqual(timetable.next(after: past, startedAt: start).job, .backup)
        XCTAssertEqual(timetable.next(after: past, startedAt: start).at, failed.addingTimeInterval(3_600))
        // Restarted after failures, with a drill that failed for want of a snapshot recorded: still the backup.
        let restarted = BackupTimetable.Past(backup: (failed, false), drill: (failed, false), backedUp: false)
        XCTAssertEqual(timetable.next(after: restarted, startedAt: start.addingTimeInterval(7_200)).job, .backup)
        past.record(.backup, at: failed.addingTimeInterval(3_600), passed: true)
        XCTAssertEqual(timetable.next(after: past, startedAt: start).job, .drill)
        // A backup that failed after one passed: the snapshot is there, the drill may run.
        past.record(.backup, at: failed.addingTimeInterval(7_200), passed: false)
        XCTAssertTrue(past.backedUp)
    }

    func testARecentBackupIsNotRepeatedAtStart() {
        let timetable = BackupTimetable(backupEvery: day, drillEvery: nil, startDelay: 60)
        let lastBackup = start.addingTimeInterval(-3_600)
        let next = timetable.next(after: .init(backup: (lastBackup, true)), startedAt: start)
        XCTAssertEqual(next.job, .backup)
        XCTAssertEqual(next.at, lastBackup.addingTimeInterval(day))
        // Older than the interval: soon after start, not at once.
        let old = timetable.next(after: .init(backup: (start.addingTimeInterval(-2 * day), true)), startedAt: start)
        XCTAssertEqual(old.at, start.addingTimeInterval(60))
    }

    func testAFailedRunIsTriedAgainWithinTheHour() {
        let timetable = BackupTimetable(backupEvery: day, drillEvery: 7 * day, startDelay: 60)
        let failed = start.addingTimeInterval(600)
        let past = BackupTimetable.Past(backup: (failed, false), drill: (start, true))
        XCTAssertEqual(timetable.next(after: past, startedAt: start).at, failed.addingTimeInterval(3_600))
        // An interval shorter than an hour retries at that interval.
        XCTAssertEqual(BackupTimetable(backupEvery: 1_800, drillEvery: nil).retryAfter, 1_800)
    }

    func testARunRecordedInTheFutureCountsAsRunNowAndDoesNotPutTheNextOff() {
        let timetable = BackupTimetable(backupEvery: day, drillEvery: 7 * day, startDelay: 60)
        let aYearAhead = start.addingTimeInterval(365 * day)
        let past = BackupTimetable.Past(backup: (aYearAhead, true), drill: (aYearAhead, false)).clamped(notAfter: start)
        XCTAssertEqual(past.backup?.at, start)
        XCTAssertEqual(past.drill?.at, start)
        XCTAssertEqual(timetable.next(after: past, startedAt: start).at, start.addingTimeInterval(3_600), "the failed drill, retried within the hour")
        let earlier = start.addingTimeInterval(-day)
        XCTAssertEqual(BackupTimetable.Past(backup: (earlier, true)).clamped(notAfter: start).backup?.at, earlier, "a past run is kept as it was")
    }
}
