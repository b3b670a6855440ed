import Foundation

/// Runs a batch on a fixed number of threads that each take the next item when done.
public enum ParallelWork {
    /// Threads for a batch of ingests: twice the extraction workers, so that while one thread
    /// hashes a file, writes an object or waits for the database, another keeps each worker
    /// busy. (One thread per worker left the workers idle a fifth of the time.)
    public static var ingestWidth: Int { 2 * WorkerPool.defaultSize }

    /// Threads for work done in this process only (reading documents' facts): one per core.
    public static var coreWidth: Int { WorkerPool.defaultSize }

    /// Calls `body` once for every index in `0..<count`, on at most `width` threads, and
    /// returns when all calls have returned.
    public static func forEach(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let queue = WorkQueue(width: min(width, count))
        for index in 0..<count { queue.add { body(index) } }
        queue.finish()
    }
}

/// Jobs that may arrive over time (an upload's files, each as its last byte arrives), run on
/// up to `width` threads of the queue's own. Not an `OperationQueue` or Dispatch's global queues:
/// on Linux those run no more jobs at once than there are cores, even when the jobs spend their
/// time waiting for an extraction worker, so half the workers sat idle.
public final class WorkQueue: @unchecked Sendable {
    private let width: Int
    private let condition = NSCondition()
    private var jobs: [(@Sendable () -> Void)?] = []
    private var next = 0
    private var threads = 0
    private var waiting = 0
    private var closed = false

    public init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `job` on one of the queue's threads, starting a thread when none is free and fewer
    /// than `width` exist.
    public func add(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            precondition(!closed, "a job was added to a finished WorkQueue")
            jobs.append(job)
            if jobs.count - next > waiting && threads < width {
                threads += 1
                Thread.detachNewThread { self.work() }
            } else {
                condition.signal()
            }
        }
    }

    /// Waits until every job added has returned; no job may be added afterwards.
    public func finish() {
        condition.withLock {
            closed = true
            condition.broadcast()
            while threads > 0 { condition.wait() }
        }
    }

    private func work() {
        condition.lock()
        while true {
            if next < jobs.count, let job = jobs[next] {
                jobs[next] = nil
                next += 1
                condition.unlock()
                job()
                condition.lock()
            } else if closed {
                threads -= 1
                condition.broadcast()
                condition.unlock()
                return
            } else {
                waiting += 1
                condition.wait()
                waiting -= 1
            }
        }
    }
}
