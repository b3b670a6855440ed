import Foundation

/// One line of the tenure report.
public struct TenureLine: Hashable, Sendable {
    public let member: StaffMember
    public let tenure: Tenure
    /// The next work anniversary after the as-of date; nil once the person has left.
    public let nextAnniversary: CalendarDate?
    public let daysUntilAnniversary: Int?
    /// Days until the first day of work, for someone who has not started yet.
    public let startsInDays: Int?

    public var completedYears: Int { tenure.completedYears }

    /// The tenure as a person reads it: "starts in 12 days" before the first day, not "0 days".
    public let summary: String
}

public enum TenureReport {
    /// Longest service first; equal tenure by name.
    public static func lines(_ members: [StaffMember], asOf: CalendarDate) throws(WorkBudgetError) -> [TenureLine] {
        var meter = WorkMeter()
        var lines: [TenureLine] = []
        lines.reserveCapacity(members.count)
        for member in members {
            try meter.tick()
            let left = member.status(asOf: asOf) == .left
            let anniversary = left ? nil : try? Tenure.nextAnniversary(of: member.startDate, after: asOf)
            let upcoming = anniversary.flatMap { day in member.leavingDate.map { day <= $0 } ?? true ? day : nil }
            let startsIn = member.status(asOf: asOf) == .upcoming ? asOf.days(until: member.startDate) : nil
            lines.append(TenureLine(member: member, tenure: member.tenure(asOf: asOf), nextAnniversary: upcoming,
                                    daysUntilAnniversary: upcoming.map { asOf.days(until: $0) }, startsInDays: startsIn,
                                    summary: member.serviceSummary(asOf: asOf)))
        }
        return lines.sorted { lhs, rhs in
            let a = lhs.tenure, b = rhs.tenure
            if (a.years, a.months, a.days) != (b.years, b.months, b.days) { return (a.years, a.months, a.days) > (b.years, b.months, b.days) }
            return (lhs.member.legalName, lhs.member.id) < (rhs.member.legalName, rhs.member.id)
        }
    }
}

/// Something that needs the employer's attention on a date.
public struct DueItem: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case documentExpiry = "expiry"
        case anniversary
        case leaving
        /// The vault's backups: the last failed, or none passed for too long (`DueList.backupItems`).
        case backup
        /// A leaver's final settlement, by the day the law says it must be paid (the UAE: ten days).
        case settlement
    }

    public let kind: Kind
    public let date: CalendarDate
    public let householdName: String
    public let staffNames: [String]
    /// "Passport: Maria's passport", "3 years with the household", "last working day".
    public let summary: String
    /// What `summary` says, as parts a page in another language words itself.
    public let detail: Detail
    /// A document's id, or the staff member's.
    public let recordID: RecordID
    public let isExpired: Bool

    public enum Detail: Hashable, Sendable {
        case document(kind: DocumentKind, title: String)
        case anniversary(years: Int)
        case leaving
        case settlement(PaymentDeadline)
        /// The vault's backups: `repository` and `reason` (restic's, as it said it) only for whoever keeps the vault;
        /// the moment a run finished, for each page to write in its language.
        case backupFailed(time: Date, repository: String?, reason: String?)
        case backupClockAhead(time: Date)
        case backupOverdue(since: Date)
        case noBackupYet
        case drillFailed(time: Date, repository: String?, reason: String?)
    }
}

/// Builds the "what is due" list: expired documents first, then everything in the window,
/// soonest first.
public struct DueList: Sendable {
    public struct DocumentFacts: Sendable {
        public let document: Document
        public let householdName: String
        public let staffNames: [String]

        public init(document: Document, householdName: String, staffNames: [String]) {
            self.document = document
            self.householdName = householdName
            self.staffNames = staffNames
        }
    }

    /// A leaver whose settlement is not recorded, and the day the law says it is due by.
    public struct SettlementDue: Sendable {
        public let member: StaffMember
        public let householdName: String
        public let payBy: CalendarDate
        public let deadline: PaymentDeadline
        /// "within 10 days of the last day (…)".
        public var why: String { deadline.why }

        public init(member: StaffMember, householdName: String, payBy: CalendarDate, deadline: PaymentDeadline) {
            (self.member, self.householdName, self.payBy, self.deadline) = (member, householdName, payBy, deadline)
        }
    }

    public let today: CalendarDate
    public let window: DateRange

    /// The days ahead a due list may look: 0 to ten years.
    public static let windowDays = 0...Period.longestDays

    /// A window as a person typed it (`--within`, the page's "Days ahead"), checked against `windowDays`.
    public static func window(days text: String) throws(DueWindowError) -> Int {
        guard let days = Int(text.trimmingCharacters(in: .whitespaces)), windowDays.contains(days) else { throw DueWindowError(text: text) }
        return days
    }

    public init(today: CalendarDate, withinDays: Int) {
        self.today = today
        self.window = DateRange(today, today.adding(daysClamped: withinDays))
    }

    public func items(documents: [DocumentFacts], staff: [(member: StaffMember, householdName: String)],
                      settlements: [SettlementDue] = []) throws(WorkBudgetError) -> [DueItem] {
        var items: [DueItem] = []
        var meter = WorkMeter()
        // Like an expired document, an overdue settlement stays on the list until it is recorded.
        for due in settlements where due.payBy <= window.end {
            try meter.tick()
            items.append(DueItem(kind: .settlement, date: due.payBy, householdName: due.householdName, staffNames: [due.member.displayName],
                                 summary: "final settlement to be paid \(due.why)", detail: .settlement(due.deadline), recordID: due.member.id, isExpired: due.payBy < today))
        }
        for facts in documents {
            try meter.tick()
            guard let expiry = facts.document.expiresOn, expiry <= window.end else { continue }
            items.append(DueItem(kind: .documentExpiry, date: expiry, householdName: facts.householdName,
                                 staffNames: facts.staffNames, summary: "\(facts.document.kind.rawValue): \(facts.document.title)",
                                 detail: .document(kind: facts.document.kind, title: facts.document.title),
                                 recordID: facts.document.id, isExpired: expiry < today))
        }
        for (member, household) in staff where member.status(asOf: today) != .left {
            try meter.tick()
            let name = [member.displayName]
            // An anniversary today counts: the window starts today.
            if let anniversary = try? Tenure.nextAnniversary(of: member.startDate, after: today.adding(daysClamped: -1)),
               window.contains(anniversary), member.leavingDate.map({ anniversary <= $0 }) ?? true {
                let years = Tenure(from: member.startDate, to: anniversary).years
                items.append(DueItem(kind: .anniversary, date: anniversary, householdName: household, staffNames: name,
                                     summary: "\(years) year\(years == 1 ? "" : "s") of service", detail: .anniversary(years: years),
                                     recordID: member.id, isExpired: false))
            }
            if let leaving = member.leavingDate, window.contains(leaving) {
                items.append(DueItem(kind: .leaving, date: leaving, householdName: household, staffNames: name,
                                     summary: "last working day", detail: .leaving, recordID: member.id, isExpired: false))
            }
        }
        return items.sorted { lhs, rhs in
            if lhs.isExpired != rhs.isExpired { return lhs.isExpired }
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            return (lhs.kind.rawValue, lhs.summary, lhs.recordID) < (rhs.kind.rawValue, rhs.summary, rhs.recordID)
        }
    }
}

public struct DueWindowError: HomeCrewError, Equatable {
    public let text: String
    public var category: ErrorCategory { .usage }
    public var description: String {
        "'\(text)' is not a number of days ahead; give a whole number from \(DueList.windowDays.lowerBound) to \(DueList.windowDays.upperBound)"
    }
}
