/// How long one request's work may take, and whether anybody still waits for it. The web sets
/// one for every request (`WorkBudget.current`); the store checks it while SQLite works, so
/// that no request, however it is written, keeps a thread busy for longer than its budget or
/// after its client has gone. The command line sets none: a person at a terminal can press Ctrl-C.
public final class WorkBudget: Sendable {
    public let seconds: Double
    private let deadline: ContinuousClock.Instant
    private let stillWanted: @Sendable () -> Bool

    public init(seconds: Double, stillWanted: @escaping @Sendable () -> Bool = { true }) {
        self.seconds = seconds
        self.deadline = .now + .milliseconds(Int(seconds * 1000))
        self.stillWanted = stillWanted
    }

    private init(seconds: Double, deadline: ContinuousClock.Instant, stillWanted: @escaping @Sendable () -> Bool) {
        (self.seconds, self.deadline, self.stillWanted) = (seconds, deadline, stillWanted)
    }

    /// A budget for one part of a page: `fraction` of the time left, so that the part may run
    /// out while the rest of the page is still shown (a household's owed section of a ledger
    /// that runs from year 1). It ends with its request when the client goes.
    public func portion(_ fraction: Double) -> WorkBudget {
        let left = max(.zero, deadline - ContinuousClock.now)
        return WorkBudget(seconds: seconds * fraction, deadline: .now + left * fraction, stillWanted: stillWanted)
    }

    /// The budget in force for the current task, if any.
    @TaskLocal public static var current: WorkBudget?

    /// True once the time is up or the client has gone.
    public var isSpent: Bool { ContinuousClock.now >= deadline || !stillWanted() }

    /// Throws when the budget is spent: the work should stop where it is.
    public func check() throws(WorkBudgetError) {
        if ContinuousClock.now >= deadline { throw .exceeded(seconds: seconds) }
        if !stillWanted() { throw .abandoned }
    }

    /// Checks the current task's budget, if it has one: a loop over years, months, entries or
    /// rows calls this (or `WorkMeter.tick`) so that work after the database's is bounded too.
    /// Without a budget (the command line) it never throws.
    public static func checkCurrent() throws(WorkBudgetError) {
        try current?.check()
    }
}

/// Asks the current budget every `interval` steps of a loop: a step of a long loop costs
/// less than reading the clock, so the clock is read only now and then.
public struct WorkMeter: Sendable {
    private let interval: Int
    private var steps = 0

    public init(every interval: Int = 256) { self.interval = max(1, interval) }

    public mutating func tick() throws(WorkBudgetError) {
        steps &+= 1
        if steps % interval == 0 { try WorkBudget.checkCurrent() }
    }
}

public enum WorkBudgetError: HomeCrewError, Equatable {
    /// The work needed longer than a request may take.
    case exceeded(seconds: Double)
    /// The client closed the connection: nobody will read the answer.
    case abandoned
    /// The budget ran out while the work waited for its turn behind others.
    case crowded
    /// The answer would be longer than one response may be (in bytes): refused before it is built.
    case tooLarge(limit: Int)

    public var category: ErrorCategory { self == .crowded ? .busy : .usage }

    public var description: String {
        switch self {
        case .exceeded(let seconds):
            let shown = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
            return "this asks for more work than one page may take (\(shown) s): narrow it (fewer or rarer words, a shorter period, one household) and try again"
        case .abandoned:
            return "the request was given up by the browser before it was answered"
        case .crowded:
            return "the server is busy with other long searches and reports; try again in a moment"
        case .tooLarge(let limit):
            return "this asks for a longer answer than one page or file may be (\(limit >> 20) MB): narrow it (a shorter period, one household) and try again"
        }
    }
}
