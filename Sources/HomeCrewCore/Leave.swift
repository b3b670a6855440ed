import Foundation

public enum LeaveType: String, CaseIterable, Sendable, Codable {
    /// Counts against the annual allocation.
    case annual
    case sick
    /// Deducted from pay at the daily rate.
    case unpaid
    case other
}

/// Leave taken by one staff member: whole days from `range.start` to `range.end`, or half of
/// a single day.
public struct LeaveEntry: Identifiable, Hashable, Sendable {
    public var id: RecordID
    public var staffID: RecordID
    public var range: DateRange
    public var isHalfDay: Bool
    public var type: LeaveType
    public var note: String?

    public init(id: RecordID = .random(), staffID: RecordID, range: DateRange, isHalfDay: Bool = false,
                type: LeaveType = .annual, note: String? = nil) {
        self.id = id
        self.staffID = staffID
        self.range = range
        self.isHalfDay = isHalfDay
        self.type = type
        self.note = note
    }

    /// Half days taken: both dates counted, 1 for a half day.
    public var halfDays: Int { isHalfDay ? 1 : range.dayCount * 2 }

    public var days: LeaveDays { LeaveDays(halfDays: halfDays) }

    /// Half days of this leave that fall inside `window`.
    public func halfDays(in window: DateRange) -> Int {
        guard let overlap = range.intersection(window) else { return 0 }
        return isHalfDay ? 1 : overlap.dayCount * 2
    }

    /// Checks the leave against the person's employment and their other leave.
    public func validated(for member: StaffMember, existing: [LeaveEntry]) throws(LeaveRuleViolation) -> LeaveEntry {
        var copy = self
        do { copy.note = try TextField.optional(note, field: "leave note", kind: .note) } catch { throw .text(error) }
        if isHalfDay && range.start != range.end { throw .halfDayRange(range) }
        let employed = member.leavingDate.map { DateRange(member.startDate, max($0, member.startDate)) }
        if range.start < member.startDate || (employed.map { range.end > $0.end } ?? false) {
            throw .outsideEmployment(range, start: member.startDate, leaving: member.leavingDate)
        }
        if let clash = existing.first(where: { $0.staffID == staffID && $0.id != id && $0.range.overlaps(range) }) {
            throw .overlaps(range, existing: clash.range, id: clash.id)
        }
        return copy
    }
}

public enum LeaveRuleViolation: HomeCrewError, Equatable {
    case halfDayRange(DateRange)
    case outsideEmployment(DateRange, start: CalendarDate, leaving: CalendarDate?)
    case overlaps(DateRange, existing: DateRange, id: RecordID)
    case text(RuleViolation)

    public var category: ErrorCategory { .invalidData }

    public var description: String {
        switch self {
        case .halfDayRange(let range):
            return "a half day is one date; --half-day cannot cover \(range)"
        case let .outsideEmployment(range, start, leaving):
            let employed = leaving.map { "from \(start) to \($0)" } ?? "from \(start)"
            return "leave \(range) falls outside the employment, which runs \(employed)"
        case let .overlaps(range, existing, id):
            return "leave \(range) overlaps leave \(existing) already recorded (\(id.short)); remove that first"
        case .text(let violation):
            return violation.description
        }
    }
}
