import Foundation
import HomeCrewCore
@testable import HomeCrewOperations
import XCTest

/// The scheduler against a clock that moves only when it waits or works: weeks of schedule run at once.
final class BackupSchedulerTests: XCTestCase {
    final class FakeWorld: @unchecked Sendable {
        private let lock = NSLock()
        private var clock: Date
        private let horizon: Date
        private(set) var runs: [(job: BackupTimetable.Job, at: Date)] = []
        private var running = 0
        private(set) var mostAtOnce = 0
        /// The backups that fail, by their number (0: the first).
        var failingBackups: Set<Int> = []

        init(start: Date, days: Double) {
            clock = start
            horizon = start.addingTimeInterval(days * 86_400)
        }

        var now: Date { lock.withLock { clock } }

        /// Waiting moves the clock; past the horizon the wait is cancelled, as a stopping server cancels it.
        func sleep(_ seconds: TimeInterval) throws {
            try lock.withLock {
                XCTAssertGreaterThan(seconds, 0)
                XCTAssertLessThanOrEqual(seconds, BackupScheduler.longestWait)
                clock += seconds
                if clock > horizon { throw CancellationError() }
            }
        }

        /// A job takes ten minutes of the fake clock.
        func job(_ job: BackupTimetable.Job) -> Bool {
            lock.withLock {
                running += 1
                mostAtOnce = max(mostAtOnce, running)
                let backups = runs.filter { $0.job == .backup }.count
                runs.append((job, clock))
                clock += 600
                running -= 1
                return !(job == .backup && failingBackups.contains(backups))
            }
        }
    }

    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func scheduler(_ world: FakeWorld, drill: Bool = true) -> BackupScheduler {
        BackupScheduler(timetable: BackupTimetable(backupEvery: 86_400, drillEvery: drill ? 7 * 86_400 : nil, startDelay: 60),
                        now: { world.now }, sleep: { try world.sleep($0) }, job: { world.job($0) })
    }

    /// When each run of `job` began, in minutes after start.
    func minutes(_ world: FakeWorld, _ job: BackupTimetable.Job) -> [Int] {
        world.runs.filter { $0.job == job }.map { Int(($0.at.timeIntervalSince(start) / 60).rounded()) }
    }

    func testTwoWeeksOfDailyBackupsAndWeeklyDrillsOneAtATime() async {
        let world = FakeWorld(start: start, days: 14)
        await scheduler(world).run(past: .init())
        // The first a minute after start, then every day from when the last began.
        XCTAssertEqual(minutes(world, .backup), (0..<14).map { $0 * 24 * 60 + 1 })
        // The drill follows the first backup (10 minutes long), then weekly.
        XCTAssertEqual(minutes(world, .drill), [11, 7 * 24 * 60 + 11])
        XCTAssertEqual(world.mostAtOnce, 1)
    }

    func testABackupRecordedBeforeStartIsNotRepeatedUntilItsIntervalIsOver() async {
        let world = FakeWorld(start: start, days: 2)
        let earlier = start.addingTimeInterval(-6 * 3_600)
        await scheduler(world, drill: false).run(past: .init(backup: (earlier, true)))
        XCTAssertEqual(minutes(world, .backup), [18 * 60, 42 * 60])
    }

    func testAFailedBackupIsTriedAgainAfterAnHour() async {
        let world = FakeWorld(start: start, days: 1)
        world.failingBackups = [0, 1]
        await scheduler(world, drill: false).run(past: .init())
        XCTAssertEqual(minutes(world, .backup), [1, 61, 121])
    }

    func testAServerStoppedWhileWaitingRunsNothing() async {
        let world = FakeWorld(start: start, days: 0)
        await scheduler(world).run(past: .init())
        XCTAssertTrue(world.runs.isEmpty)
    }

    /// A backup still running when the server stops is abandoned: the wait ends, the work does not block it.
    func testCancellingTheWaitAbandonsBlockingWork() async {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let task = Task { await AbandonableThread.run { started.signal(); release.wait(); return true } }
        await Task.detached { started.wait() }.value
        task.cancel()
        let outcome = await task.value
        XCTAssertNil(outcome)
        release.signal()
        let finished = await AbandonableThread.run { 42 }
        XCTAssertEqual(finished, 42)
    }
}
