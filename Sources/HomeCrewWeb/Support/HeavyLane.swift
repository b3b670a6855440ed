import Foundation
import HomeCrewCore
import HomeCrewStore

/// Requests whose work grows with what they ask for (search, reports) run here, on threads of
/// the lane's own, at most one per core at once: however many of them arrive, Swift's cooperative
/// threads, which serve every other page, are never taken by them (the kernel shares the cores
/// between both). One per core, not one less: with one thread on two cores a common word's search
/// page took 42 ms at the median under 16 connections, with two 27 ms, while the home page under
/// the worst requests stayed under 10 ms at the 99th percentile either way. A request that waited
/// past its budget in the line is answered at once instead of being worked on.
///
/// Every other handler runs on a lane too (`pages`, as the executor of its task): its SQL,
/// computing and rendering are kept off the cooperative threads, under the request's budget.
/// Twice as wide as the cores, so that a page at the end of its budget does not hold the next
/// one in the line for long.
final class HeavyLane: TaskExecutor, @unchecked Sendable {
    static let shared = HeavyLane(width: ProcessInfo.processInfo.activeProcessorCount)
    static let pages = HeavyLane(width: 2 * ProcessInfo.processInfo.activeProcessorCount)

    private let width: Int
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var threads = 0
    private var idle = 0

    init(width: Int) { self.width = width }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let actor = AuditActor.current, words = WebText.current
        let budget = WorkBudget.current
        return try await withCheckedThrowingContinuation { continuation in
            add {
                continuation.resume(with: Result {
                    if budget?.isSpent == true { throw WorkBudgetError.crowded }
                    return try WebText.$current.withValue(words) {
                        try AuditActor.$current.withValue(actor) { try WorkBudget.$current.withValue(budget) { try work() } }
                    }
                })
            }
        }
    }

    /// A job of a task that prefers this lane (`withTaskExecutorPreference`): run on the lane's threads.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        add { job.runSynchronously(on: executor) }
    }

    private func add(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            jobs.append(job)
            if idle == 0 && threads < width {
                threads += 1
                Thread.detachNewThread { self.work() }
            } else {
                condition.signal()
            }
        }
    }

    private func work() {
        condition.lock()
        while true {
            if !jobs.isEmpty {
                let job = jobs.removeFirst()
                condition.unlock()
                job()
                condition.lock()
            } else {
                idle += 1
                condition.wait()
                idle -= 1
            }
        }
    }
}
