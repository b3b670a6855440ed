import Foundation

/// Where a household's (or one person's) payment ledger begins: "everything up to and including
/// `settledThrough` was settled before HomeCrew". Months it covers are neither owed nor paid.
/// Never edited: undone by a reversal, an entry that names it.
public struct LedgerOpening: Identifiable, Hashable, Sendable {
    public var id: RecordID
    public var householdID: RecordID
    /// Nil: everyone in the household without an opening of their own.
    public var staffID: RecordID?
    public var settledThrough: YearMonth
    public var recordedOn: CalendarDate
    public var note: String?
    /// The opening this entry reverses.
    public var reverses: RecordID?

    public init(id: RecordID = .random(), householdID: RecordID, staffID: RecordID? = nil, settledThrough: YearMonth,
                recordedOn: CalendarDate, note: String? = nil, reverses: RecordID? = nil) {
        (self.id, self.householdID, self.staffID, self.settledThrough) = (id, householdID, staffID, settledThrough)
        (self.recordedOn, self.note, self.reverses) = (recordedOn, note, reverses)
    }

    public var isReversal: Bool { reverses != nil }

    public func reversal(on day: CalendarDate, note: String?) -> LedgerOpening {
        LedgerOpening(householdID: householdID, staffID: staffID, settledThrough: settledThrough, recordedOn: day, note: note, reverses: id)
    }

    /// Checks an opening against today and the people it covers (those employed in the household,
    /// or the one person named).
    public func validated(today: CalendarDate, people: [StaffMember]) throws -> LedgerOpening {
        var copy = self
        copy.note = try TextField.optional(note, field: "note", kind: .note)
        guard isReversal || settledThrough <= YearMonth(today) else { throw OpeningViolation.inFuture(settledThrough, today: YearMonth(today)) }
        if !isReversal, let earliest = people.map({ YearMonth($0.startDate) }).min(), settledThrough < earliest {
            throw OpeningViolation.beforeStart(settledThrough, started: earliest, who: people.count == 1 ? people[0].legalName : nil)
        }
        return copy
    }

    /// The month each person's ledger begins after: their own opening, else the household's.
    public static func settledThrough(for member: StaffMember, among openings: [LedgerOpening]) -> YearMonth? {
        (openings.first { $0.staffID == member.id } ?? openings.first { $0.staffID == nil && $0.householdID == member.householdID })?.settledThrough
    }
}

public enum OpeningViolation: HomeCrewError, Equatable {
    case inFuture(YearMonth, today: YearMonth)
    case beforeStart(YearMonth, started: YearMonth, who: String?)
    case alreadyOpened(String, through: YearMonth, id: String)
    case alreadyReversed(String)
    case reversalOfReversal(String)
    case paymentsInCoveredMonths(YearMonth, months: [YearMonth])
    case monthSettledBefore(YearMonth, through: YearMonth)

    public var category: ErrorCategory { .invalidData }

    public var description: String {
        switch self {
        case let .inFuture(month, today): "\(month) is in the future: an opening settles months up to this one (\(today)) at most"
        case let .beforeStart(month, started, who):
            "\(month) is before \(who ?? "anyone in the household") started (\(started)): nothing was owed then"
        case let .alreadyOpened(scope, through, id):
            "\(scope) already has an opening (settled through \(through), \(id)); reverse it first: homecrew pay opening --reverse \(id)"
        case .alreadyReversed(let id): "opening \(id) is already reversed"
        case .reversalOfReversal(let id): "\(id) is itself a reversal; record the opening again instead"
        case let .paymentsInCoveredMonths(month, months):
            "payments of pay are recorded for \(months.map(\.description).joined(separator: ", ")), up to \(month); "
                + "choose an earlier month or reverse those payments first"
        case let .monthSettledBefore(month, through):
            "\(month) was settled before HomeCrew (the ledger opens after \(through)); reverse the opening to record pay for it"
        }
    }
}
