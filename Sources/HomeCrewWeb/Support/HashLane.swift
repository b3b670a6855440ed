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
/// The line is shared by whom the work is for (`Tenant`), not by arrival: each account (all its
/// browsers, places and sessions together) waits with at most `perAccount` hashes, `perTenant` for
/// each browser, place or session; everyone not known by an account (sign-ins from a new place,
/// joins) together with at most `queueLimit`, `perTenant` per address. A free thread takes the
/// account, or the strangers all together, that it served least lately (`LeastServedQueue`): a
/// client spraying sign-ins from many addresses, holding many browsers of one account or keeping
/// many accounts hashing cannot keep a signed-in owner's password change out; accounts that hash
/// again and again wait behind her, even when she has just signed in.
final class HashLane: @unchecked Sendable {
    static let shared = HashLane(width: max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
                                 queueLimit: WebLimits.hashQueue, perTenant: WebLimits.hashQueuePerTenant,
                                 patience: WebLimits.hashPatienceSeconds)

    /// Whom a hash is for.
    enum Tenant: Hashable, Sendable {
        /// An account's hash, whoever tries it (sign-ins from its known browsers and places, its
        /// password changes: one turn), and whose try it is within the account (`by`: a browser,
        /// a place, a session), each of which has a share of the account's own.
        case account(String, by: String)
        /// Anyone else, by the address the request came from.
        case stranger(address: String?)

        /// A sign-in from a place the account has signed in from (`by`: "at:" and the place).
        static func place(_ place: String, of name: String) -> Tenant { .account(named: name, by: HashLane.place + place) }

        /// The account of this name: the same turn for a sign-in and a password change.
        static func account(named name: String, by who: String) -> Tenant { .account("name:" + NameKey.of(name), by: who) }

        /// A signed-in session's hash (its token is not kept as a key).
        static func session(_ id: String, of name: String) -> Tenant { .account(named: name, by: "session:" + Secret.sha256(id)) }
    }

    private typealias Job = (arrived: ContinuousClock.Instant, budget: WorkBudget?, run: @Sendable (Bool) -> Void)
    /// The top level's turns: each account's, and one for strangers all together.
    private enum Turn: Hashable { case account(String), strangers }

    /// How a try from a known place is told from a browser's or a session's within an account.
    static let place = "at:"

    let width: Int
    let queueLimit: Int
    let perTenant: Int
    let perAccount: Int
    let patience: Double
    private let condition = NSCondition()
    private var turns = LeastServedQueue<Turn>()
    private var accounts: [String: FairQueue<String, Job>] = [:]
    private var strangers = FairQueue<String, Job>()
    private var threads = 0
    private var idle = 0
    private var startedCount = 0

    /// Hashes started, and requests waiting for the lane (for tests).
    var counts: (started: Int, waiting: Int) { condition.withLock { (startedCount, turns.count) } }

    init(width: Int, queueLimit: Int, perTenant: Int, perAccount: Int = WebLimits.hashQueuePerAccount, patience: Double) {
        self.width = max(1, width)
        self.queueLimit = queueLimit
        self.perTenant = max(1, perTenant)
        self.perAccount = max(1, perAccount)
        self.patience = patience
    }

    func run<T: Sendable>(for tenant: Tenant, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let actor = AuditActor.current
        return try await withCheckedThrowingContinuation { continuation in
            let accepted = add(for: tenant, budget: WorkBudget.current) { inTime in
                continuation.resume(with: Result {
                    guard inTime else { throw HashingBusy() }
                    return try AuditActor.$current.withValue(actor) { try work() }
                })
            }
            if !accepted { continuation.resume(throwing: HashingBusy()) }
        }
    }

    private func add(for tenant: Tenant, budget: WorkBudget?, _ run: @escaping @Sendable (Bool) -> Void) -> Bool {
        let job: Job = (.now, budget, run)
        return condition.withLock {
            switch tenant {
            case .account(let account, let who):
                var queue = accounts[account] ?? FairQueue()
                // Anyone at one of her places is let into her turn (her Wi-Fi's neighbours too): places
                // together have one share, so her browsers and sessions, which prove a cookie, keep theirs.
                let placesFull = who.hasPrefix(Self.place) && queue.count(where: { $0.hasPrefix(Self.place) }) >= perTenant
                guard queue.count < perAccount, queue.count(of: who) < perTenant, !placesFull else { return false }
                queue.append(job, for: who)
                accounts[account] = queue
                turns.append(.account(account))
            case .stranger(let address):
                let key = address.map(ClientKey.of) ?? "?"
                guard strangers.count < queueLimit, strangers.count(of: key) < perTenant else { return false }
                strangers.append(job, for: key)
                turns.append(.strangers)
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

    /// The next job: the turn served least lately, its next try in turn. Called with the lock held.
    private func next() -> (Turn, Job)? {
        guard let turn = turns.popFirst() else { return nil }
        switch turn {
        case .strangers:
            return strangers.popFirst().map { (turn, $0) }
        case .account(let account):
            guard var queue = accounts[account], let job = queue.popFirst() else { return nil }
            accounts[account] = queue.count == 0 ? nil : queue
            return (turn, job)
        }
    }

    private func work() {
        condition.lock()
        while true {
            if let (turn, job) = next() {
                let inTime = job.arrived.duration(to: .now) <= .seconds(patience) && job.budget?.isSpent != true
                // Only a hash computed counts as served: one refused for waiting too long does not put its turn back.
                if inTime {
                    startedCount += 1
                    turns.served(turn)
                }
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

/// Waiting turns by key, the key served least lately first: each serving counts 1 and halves
/// every `halfLife` servings (of any key) since, so a key that waits once in a while goes before
/// keys that are served again and again, even right after its own serving; a key never served, or
/// forgotten, goes before any served; first come among equals. Servings are counted, not timed:
/// the order is the same however fast the machine. Choosing scans the keys waiting, which their
/// callers' limits bound; past `remembered` keys served, the half served least lately are
/// forgotten, which only moves them forward.
struct LeastServedQueue<Key: Hashable> {
    static var remembered: Int { 10_000 }
    static var halfLife: Double { 1_000 }
    private var waiting: [Key: (turns: Int, arrival: UInt64)] = [:]
    private(set) var servedLately: [Key: (servings: Double, at: UInt64)] = [:]
    private var arrivals: UInt64 = 0
    private var servings: UInt64 = 0
    private(set) var count = 0

    func count(of key: Key) -> Int { waiting[key]?.turns ?? 0 }

    /// The key's servings, each halved every `halfLife` servings since it.
    func lately(_ key: Key) -> Double {
        guard let served = servedLately[key] else { return 0 }
        return served.servings * exp2(-Double(servings - served.at) / Self.halfLife)
    }

    mutating func append(_ key: Key) {
        if let entry = waiting[key] {
            waiting[key] = (entry.turns + 1, entry.arrival)
        } else {
            arrivals += 1
            waiting[key] = (1, arrivals)
        }
        count += 1
    }

    /// The waiting key served least lately; a key with more turns waits again behind those that came.
    mutating func popFirst() -> Key? {
        let first = waiting.min { (lately($0.key), $0.value.arrival) < (lately($1.key), $1.value.arrival) }
        guard let (key, entry) = first else { return nil }
        count -= 1
        if entry.turns == 1 {
            waiting[key] = nil
        } else {
            arrivals += 1
            waiting[key] = (entry.turns - 1, arrivals)
        }
        return key
    }

    mutating func served(_ key: Key) {
        servings += 1
        servedLately[key] = (lately(key) + 1, servings)
        if servedLately.count > Self.remembered {
            let kept = servedLately.keys.map { ($0, lately($0)) }.sorted { $0.1 > $1.1 }.prefix(Self.remembered / 2)
            servedLately = Dictionary(uniqueKeysWithValues: kept.map { ($0.0, ($0.1, servings)) })
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

    /// Elements waiting under every key that matches.
    func count(where matches: (Key) -> Bool) -> Int { waiting.reduce(0) { $0 + (matches($1.key) ? $1.value.count : 0) } }

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
    var description: String { t("The server is busy checking other passwords: try again in a few seconds.") }
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
