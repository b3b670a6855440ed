import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

/// Where every password hash (Argon2id: 19 MiB and about 60 ms of a core each) is computed: on
/// threads of the lane's own, never Swift's cooperative threads that serve every page, and at
/// most `width` at once, one core fewer than the machine has, so that however many sign-ins,
/// password changes and joins arrive, a core is left for everyone else's pages. A hash that
/// cannot start within `patience`, or before its request's budget is spent (`WorkBudget`), or
/// that finds its share of the line already waiting, is not computed: the request is answered
/// 503 "busy, try again" instead of adding to the wait of all the others.
///
/// The line is shared by whom the work is for (`Tenant`), not by arrival: each account waits
/// with at most `perTenant` hashes, and everyone not known by an account (sign-ins from a new
/// place, joins) together with at most `queueLimit`, `perTenant` per address. A free thread
/// takes the next tenant in turn, strangers all together counting as one: a client spraying
/// sign-ins from many addresses fills the strangers' share, and a signed-in owner's password
/// change is still let in and starts after at most one of theirs.
final class HashLane: @unchecked Sendable {
    static let shared = HashLane(width: max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
                                 queueLimit: WebLimits.hashQueue, perTenant: WebLimits.hashQueuePerTenant,
                                 patience: WebLimits.hashPatienceSeconds)

    /// Whom a hash is for.
    enum Tenant: Hashable, Sendable {
        /// A signed-in account (its id), or a sign-in from a known device (its id) or from a place the name signed in from.
        case account(String)
        /// Anyone else, by the address the request came from.
        case stranger(address: String?)
    }

    private typealias Job = (arrived: ContinuousClock.Instant, run: @Sendable (Bool) -> Void)
    /// The top level's turns: each account's jobs, and one turn for strangers (nil: take the next stranger's).
    private enum Turn: Hashable { case account(String), strangers }

    let width: Int
    let queueLimit: Int
    let perTenant: Int
    let patience: Double
    private let condition = NSCondition()
    private var turns = FairQueue<Turn, Job?>()
    private var strangers = FairQueue<String, Job>()
    private var threads = 0
    private var idle = 0
    private var startedCount = 0

    /// Hashes started, and requests waiting for the lane (for tests).
    var counts: (started: Int, waiting: Int) { condition.withLock { (startedCount, turns.count) } }

    init(width: Int, queueLimit: Int, perTenant: Int, patience: Double) {
        self.width = max(1, width)
        self.queueLimit = queueLimit
        self.perTenant = max(1, perTenant)
        self.patience = patience
    }

    func run<T: Sendable>(for tenant: Tenant, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let actor = AuditActor.current
        let budget = WorkBudget.current
        return try await withCheckedThrowingContinuation { continuation in
            let accepted = add(for: tenant) { inTime in
                continuation.resume(with: Result {
                    guard inTime, budget?.isSpent != true else { throw HashingBusy() }
                    return try AuditActor.$current.withValue(actor) { try work() }
                })
            }
            if !accepted { continuation.resume(throwing: HashingBusy()) }
        }
    }

    private func add(for tenant: Tenant, _ run: @escaping @Sendable (Bool) -> Void) -> Bool {
        let job: Job = (.now, run)
        return condition.withLock {
            switch tenant {
            case .account(let id):
                guard turns.count(of: .account(id)) < perTenant else { return false }
                turns.append(job, for: .account(id))
            case .stranger(let address):
                let key = address.map(ClientKey.of) ?? "?"
                guard strangers.count < queueLimit, strangers.count(of: key) < perTenant else { return false }
                strangers.append(job, for: key)
                turns.append(nil, for: .strangers)
            }
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
            if let turn = turns.popFirst(), let job = turn ?? strangers.popFirst() {
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

/// Waiting elements by key, taken in turn: the first of each key's, keys in the order they
/// began to wait, a key that still has some going to the back.
struct FairQueue<Key: Hashable, Element> {
    private var waiting: [Key: [Element]] = [:]
    private var order: [Key] = []
    private(set) var count = 0

    func count(of key: Key) -> Int { waiting[key]?.count ?? 0 }

    mutating func append(_ element: Element, for key: Key) {
        if waiting[key] == nil { order.append(key) }
        waiting[key, default: []].append(element)
        count += 1
    }

    mutating func popFirst() -> Element? {
        guard !order.isEmpty else { return nil }
        let key = order.removeFirst()
        var elements = waiting[key]!
        let first = elements.removeFirst()
        count -= 1
        if elements.isEmpty { waiting[key] = nil } else { waiting[key] = elements; order.append(key) }
        return first
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
