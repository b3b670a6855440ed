import Foundation

/// A person employed by a household.
public struct StaffMember: Identifiable, Hashable, Sendable {
    public var id: RecordID
    public var householdID: RecordID
    public var legalName: String
    public var knownAs: String?
    public var startDate: CalendarDate
    public var leavingDate: CalendarDate?
    public var annualLeave: LeaveDays
    public var duties: String?
    /// A contract's own end-of-service gratuity, in days of the last monthly wage a year; nil: the household's rules.
    public var contractGratuityDays: Int?
    /// The days that contract counts a month as (30, or 26 as many Indian contracts count it).
    public var contractGratuityMonthDays = 30
    /// The completed years of service that contract asks before it pays anything.
    public var contractGratuityMinimumYears = 0
    /// The language the person reads; nil: the household's, English.
    public var language: StaffLanguage?
    public var createdAt: Date

    public init(
        id: RecordID = .random(), householdID: RecordID, legalName: String, knownAs: String? = nil,
        startDate: CalendarDate, leavingDate: CalendarDate? = nil, annualLeave: LeaveDays = LeaveDays(halfDays: 0),
        duties: String? = nil, contractGratuityDays: Int? = nil, language: StaffLanguage? = nil, createdAt: Date = Date()
    ) {
        self.language = language
        self.contractGratuityDays = contractGratuityDays
        self.id = id
        self.householdID = householdID
        self.legalName = legalName
        self.knownAs = knownAs
        self.startDate = startDate
        self.leavingDate = leavingDate
        self.annualLeave = annualLeave
        self.duties = duties
        self.createdAt = createdAt
    }

    /// A contract's gratuity: 1 to 365 days of wage a year.
    public static let contractGratuityRange = 1...365
    /// The service a contract may ask before its gratuity: 0 to 50 years.
    public static let contractMinimumYearsRange = 0...50

    /// The person's contract gratuity as a rule; nil when the contract gives none.
    public var contractGratuity: GratuityRule? {
        contractGratuityDays.map {
            GratuityRule(contractDaysPerYear: $0, monthDays: contractGratuityMonthDays, minimumYears: contractGratuityMinimumYears)
        }
    }

    /// The name to call the person by: the known-as name when there is one.
    public var displayName: String { knownAs ?? legalName }

    /// Where the person stands on `asOf`: still to start, working, or gone. A person is
    /// still active on their leaving date itself.
    public func status(asOf: CalendarDate) -> EmploymentStatus {
        if asOf < startDate { return .upcoming }
        if let leavingDate, leavingDate < asOf { return .left }
        return .active
    }

    /// Service from the start date to `asOf`, or to the leaving date once the person has
    /// left; zero before the start.
    public func tenure(asOf: CalendarDate) -> Tenure {
        guard asOf >= startDate else { return Tenure(years: 0, months: 0, days: 0) }
        let end = leavingDate.map { min($0, asOf) } ?? asOf
        return Tenure(from: startDate, to: end)
    }

    /// Service as a person reads it: "3 years, 2 months" once started, "starts in 12 days"
    /// before the first day, where a tenure of "0 days" would mislead.
    public func serviceSummary(asOf: CalendarDate) -> String {
        asOf < startDate ? "starts in \(counted(asOf.days(until: startDate), "day"))" : tenure(asOf: asOf).description
    }

    /// The same for narrow columns: "3y 2m 5d", or "in 12d" before the first day.
    public func serviceCompact(asOf: CalendarDate) -> String {
        asOf < startDate ? "in \(asOf.days(until: startDate))d" : tenure(asOf: asOf).compact
    }

    /// Trims the text fields and checks every rule a staff record must keep.
    public func validated() throws(RuleViolation) -> StaffMember {
        var copy = self
        copy.legalName = try TextField.required(legalName, field: "full legal name", kind: .name)
        copy.knownAs = try TextField.optional(knownAs, field: "known-as name", kind: .name)
        copy.duties = try TextField.optional(duties, field: "list of duties", kind: .note)
        if let leavingDate, leavingDate < startDate {
            throw .leavingBeforeStart(start: startDate, leaving: leavingDate)
        }
        guard LeaveDays.allowedAllocation.contains(annualLeave.halfDays) else {
            throw .leaveDaysOutOfRange(annualLeave.description)
        }
        if let days = contractGratuityDays, !Self.contractGratuityRange.contains(days) { throw .contractGratuityOutOfRange(days) }
        if contractGratuityDays == nil, contractGratuityMonthDays != 30 || contractGratuityMinimumYears != 0 { throw .contractTermsWithoutGratuity }
        guard GratuityRule.contractMonthDays.contains(contractGratuityMonthDays) else { throw .contractMonthDaysUnknown(contractGratuityMonthDays) }
        guard Self.contractMinimumYearsRange.contains(contractGratuityMinimumYears) else {
            throw .contractMinimumYearsOutOfRange(contractGratuityMinimumYears)
        }
        return copy
    }
}

public enum EmploymentStatus: String, CaseIterable, Sendable {
    case upcoming, active, left
}

/// One effective-dated salary: from `effectiveFrom` until the next entry takes over.
public struct SalaryEntry: Hashable, Sendable {
    public var staffID: RecordID
    public var effectiveFrom: CalendarDate
    public var salary: Money

    public init(staffID: RecordID, effectiveFrom: CalendarDate, salary: Money) {
        self.staffID = staffID
        self.effectiveFrom = effectiveFrom
        self.salary = salary
    }

    public func validated() throws(RuleViolation) -> SalaryEntry {
        guard !salary.isNegative else { throw .negativeSalary(salary) }
        return self
    }
}

/// A staff member's salary entries, oldest first.
public struct SalaryHistory: Hashable, Sendable {
    public let entries: [SalaryEntry]

    public init(_ entries: [SalaryEntry]) {
        self.entries = entries.sorted { $0.effectiveFrom < $1.effectiveFrom }
    }

    /// The salary in force on `date`: the latest entry that has taken effect, or nil
    /// before the first one.
    public func salary(on date: CalendarDate) -> Money? {
        entries.last { $0.effectiveFrom <= date }?.salary
    }

    /// The salary to show "now": the one in force on `asOf`, or the first one for a person
    /// who has not started yet.
    public func current(asOf: CalendarDate) -> Money? {
        salary(on: asOf) ?? entries.first?.salary
    }
}

extension StaffMember {
    /// The days the person is employed; open-ended employment runs to the last supported day.
    public var employment: DateRange {
        DateRange(startDate, max(leavingDate ?? CalendarDate.latest, startDate))
    }
}

extension CalendarDate {
    public static let latest = try! CalendarDate(year: 9999, month: 12, day: 31)
}
