import Foundation
import HomeCrewCore

/// The server's backups and drills (`serve --backup-to`): one job at a time, each when
/// `BackupTimetable` says, until the task running it is cancelled (the server stops). The clock,
/// the waiting and the job are given, so that a test runs a year of the schedule at once.
public struct BackupScheduler: Sendable {
    /// Runs one job; true when it passed.
    public typealias Job = @Sendable (BackupTimetable.Job) async -> Bool

    let timetable: BackupTimetable
    let now: @Sendable () -> Date
    let sleep: @Sendable (TimeInterval) async throws -> Void
    let job: Job

    /// The longest one wait: a wall clock set forward, or a machine that was asleep, is noticed within it.
    static let longestWait: TimeInterval = 600

    public init(timetable: BackupTimetable, now: @escaping @Sendable () -> Date = { Date() },
                sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
                job: @escaping Job) {
        self.timetable = timetable
        self.now = now
        self.sleep = sleep
        self.job = job
    }

    /// Runs until cancelled, from what the vault recorded before the server started (`past`).
    public func run(past recorded: BackupTimetable.Past) async {
        let start = now()
        var past = recorded.clamped(notAfter: start)
        while !Task.isCancelled {
            let next = timetable.next(after: past, startedAt: start)
            let wait = next.at.timeIntervalSince(now())
            if wait > 0 {
                // A cancelled sleep throws: the server is stopping.
                do { try await sleep(min(wait, Self.longestWait)) } catch { return }
                continue
            }
            let began = now()
            let passed = await job(next.job)
            past.record(next.job, at: began, passed: passed)
        }
    }
}

/// Blocking work (restic as a child process) on a thread of its own, away from the server's
/// event loops and Swift's few cooperative threads. Cancelling the waiting task abandons the
/// work: the wait ends at once with nil, and the thread ends on its own (or with the process).
public enum AbandonableThread {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        let meeting = Meeting<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                meeting.attach(continuation)
                guard !Task.isCancelled else { return }
                Thread.detachNewThread { meeting.settle(work()) }
            }
        } onCancel: {
            meeting.settle(nil)
        }
    }

    /// The continuation and the first outcome (the work's, or the cancellation's), met once under a lock.
    private final class Meeting<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T?, Never>?
        private var outcome: T??

        func attach(_ waiting: CheckedContinuation<T?, Never>) {
            lock.lock()
            if let outcome {
                lock.unlock()
                waiting.resume(returning: outcome)
            } else {
                continuation = waiting
                lock.unlock()
            }
        }

        func settle(_ value: T?) {
            lock.lock()
            guard outcome == nil else { return lock.unlock() }
            outcome = .some(value)
            let waiting = continuation
            continuation = nil
            lock.unlock()
            waiting?.resume(returning: value)
        }
    }
}
