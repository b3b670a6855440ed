import Foundation
import HomeCrewCore
import HomeCrewStore

/// Where every password hash (Argon2id: 19 MiB and about 60 ms of a core each) is computed: on
/// threads of the lane's own, never Swift's cooperative threads that serve every page, and at
/// most `width` at once, one core fewer than the machine has, so that however many sign-ins,
/// password changes and joins arrive, a core is left for everyone else's pages. A hash that
/// cannot start within `patience`, or before its request's budget is spent (`WorkBudget`), or
/// that finds `queueLimit` already waiting, is not computed: the request is answered 503 "busy,
/// try again" instead of adding to the wait of all the others.
final class HashLane: @unchecked Sendable {
    static let shared = HashLane(width: max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
                                 queueLimit: WebLimits.hashQueue, patience: WebLimits.hashPatienceSeconds)

    let width: Int
    let queueLimit: Int
    let patience: Double
    private let condition = NSCondition()
    private var jobs: [(arrived: ContinuousClock.Instant, run: @Sendable (Bool) -> Void)] = []
    private var threads = 0
    private var idle = 0
    private var startedCount = 0

    /// Hashes started, and requests waiting for the lane (for tests).
    var counts: (started: Int, waiting: Int) { condition.withLock { (startedCount, jobs.count) } }

    init(width: Int, queueLimit: Int, patience: Double) {
        self.width = max(1, width)
        self.queueLimit = queueLimit
        self.patience = patience
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let actor = AuditActor.current
        let budget = WorkBudget.current
        return try await withCheckedThrowingContinuation { continuation in
            let accepted = add { inTime in
                continuation.resume(with: Result {
                    guard inTime, budget?.isSpent != true else { throw HashingBusy() }
                    return try AuditActor.$current.withValue(actor) { try work() }
                })
            }
            if !accepted { continuation.resume(throwing: HashingBusy()) }
        }
    }

    private func add(_ job: @escaping @Sendable (Bool) -> Void) -> Bool {
        condition.withLock {
            guard jobs.count < queueLimit else { return false }
            jobs.append((.now, job))
            if idle == 0 && threads < width {
                threads += 1
                Thread.detachNewThread { self.work() }
            } else {
                condition.signal()
            }
            return true
        }
    }

    private func work() {
        condition.lock()
        while true {
            if !jobs.isEmpty {
                let job = jobs.removeFirst()
                let inTime = job.arrived.duration(to: .now) <= .seconds(patience)
                if inTime { startedCount += 1 }
                condition.unlock()
                job.run(inTime)
                condition.lock()
            } else {
                idle += 1
                condition.wait()
                idle -= 1
            }
        }
    }
}

struct HashingBusy: HomeCrewError {
    var category: ErrorCategory { .busy }
    var description: String { "The server is busy checking other passwords: try again in a few seconds." }
}

/// How often something costly may be tried, per key (an account, an address, an invitation),
/// kept in the server's memory: each key has a few tries at once, and earns one more every
/// `refillSeconds`. A try needs a token from every key it names.
final class AttemptThrottle: @unchecked Sendable {
    let burst: Double
    let refillSeconds: Double
    private let lock = NSLock()
    private var buckets: [String: (tokens: Double, at: ContinuousClock.Instant)] = [:]

    init(burst: Int, refillSeconds: Double) {
        self.burst = Double(burst)
        self.refillSeconds = refillSeconds
    }

    /// Takes a try for every key and returns 0, or (taking nothing) the seconds until all have one.
    func take(_ keys: [String], now: ContinuousClock.Instant = .now) -> Int {
        lock.withLock {
            let levels = keys.map { key -> Double in
                guard let bucket = buckets[key] else { return burst }
                let elapsed = Double(bucket.at.duration(to: now).components.seconds)
                return min(burst, bucket.tokens + elapsed / refillSeconds)
            }
            if let lowest = levels.min(), lowest < 1 { return Int(((1 - lowest) * refillSeconds).rounded(.up)) }
            if buckets.count > 100_000 { forgetFull(now) }
            for (key, level) in zip(keys, levels) { buckets[key] = (level - 1, now) }
            return 0
        }
    }

    /// Keys whose tries have all come back are the same as keys never seen.
    private func forgetFull(_ now: ContinuousClock.Instant) {
        buckets = buckets.filter { Double($0.value.at.duration(to: now).components.seconds) / refillSeconds + $0.value.tokens < burst }
    }
}
