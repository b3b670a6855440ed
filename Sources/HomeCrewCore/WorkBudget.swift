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

    /// The budget in force for the current task, if any.
    @TaskLocal public static var current: WorkBudget?

    /// True once the time is up or the client has gone.
    public var isSpent: Bool { ContinuousClock.now >= deadline || !stillWanted() }

    /// Throws when the budget is spent: the work should stop where it is.
    public func check() throws(WorkBudgetError) {
        if ContinuousClock.now >= deadline { throw .exceeded(seconds: seconds) }
        if !stillWanted() { throw .abandoned }
    }
}

public enum WorkBudgetError: HomeCrewError, Equatable {
    /// The work needed longer than a request may take.
    case exceeded(seconds: Double)
    /// The client closed the connection: nobody will read the answer.
    case abandoned
    /// The budget ran out while the work waited for its turn behind others.
    case crowded

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
        }
    }
}
