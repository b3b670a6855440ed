import Foundation

/// Runs a batch on a fixed number of threads that each take the next item when done.
public enum ParallelWork {
    /// Threads for a batch of ingests: twice the extraction workers, so that while one thread
    /// hashes a file, writes an object or waits for the database, another keeps each worker
    /// busy. (One thread per worker left the workers idle a fifth of the time.)
    public static var ingestWidth: Int { 2 * WorkerPool.defaultSize }

    /// Calls `body` once for every index in `0..<count`, on at most `width` threads, and
    /// returns when all calls have returned.
    public static func forEach(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = NextIndex()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(width, count)) {
            group.enter()
            Thread.detachNewThread {
                while let index = next.take(below: count) { body(index) }
                group.leave()
            }
        }
        group.wait()
    }

    private final class NextIndex: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below count: Int) -> Int? {
            lock.withLock {
                guard value < count else { return nil }
                defer { value += 1 }
                return value
            }
        }
    }
}
