/// What kind of failure an error is; the command line maps each to a documented exit code.
public enum ErrorCategory: Sendable {
    /// The command was used wrongly: a malformed value, an ambiguous reference (exit 64).
    case usage
    /// The values parse but break a rule: leaving before start, negative salary (exit 65).
    case invalidData
    /// A named household, staff member or record does not exist (exit 66).
    case notFound
    /// A vault or file could not be created (exit 73).
    case cannotCreate
    /// Reading or writing failed (exit 74).
    case io
    /// Another process holds what is needed for longer than we wait (exit 75).
    case busy
    /// A service or program HomeCrew needs is missing or cannot be reached: restic, a
    /// backup repository (exit 69).
    case unavailable
    /// A key or password was refused: a backup repository's password (exit 77).
    case denied
    /// A bug: something that should not happen (exit 70).
    case `internal`
}

/// An error a person can read: one line, saying what is wrong and, where it helps, what to do.
public protocol HomeCrewError: Error, CustomStringConvertible {
    var category: ErrorCategory { get }
}

extension DateError: HomeCrewError {
    public var category: ErrorCategory { .usage }
}

extension MoneyError: HomeCrewError {
    public var category: ErrorCategory {
        switch self {
        case .unknownCurrency, .notAnAmount: return .usage
        case .tooManyDecimals, .currencyMismatch: return .invalidData
        }
    }
}

/// A domain rule broken by otherwise well-formed values.
public enum RuleViolation: HomeCrewError, Equatable {
    case emptyName(field: String)
    case negativeSalary(Money)
    case leavingBeforeStart(start: CalendarDate, leaving: CalendarDate)
    case leaveDaysOutOfRange(String)
    case salaryBeforeStart(from: CalendarDate, start: CalendarDate)
    case startAfterSalaryChange(start: CalendarDate, change: CalendarDate)
    case expiresBeforeIssued(issued: CalendarDate, expires: CalendarDate)
    case zeroAdjustment
    case tooLong(field: String, limit: Int, length: Int)
    case controlCharacter(field: String, scalar: String)
    case bidiControl(field: String, scalar: String)
    case contractGratuityOutOfRange(Int)
    case contractMonthDaysUnknown(Int)
    case contractTermsWithoutGratuity
    case contractMinimumYearsOutOfRange(Int)
    /// A household's name that is a record id would be taken for the household with that id.
    case nameLooksLikeID(field: String, name: String)

    public var category: ErrorCategory { .invalidData }

    public var description: String {
        switch self {
        case .emptyName(let field):
            return "\(field) must not be empty"
        case let .nameLooksLikeID(field, name):
            return "\(field) '\(name)' is 12 hexadecimal digits, the form of a record's id: add a word or a space"
        case .negativeSalary(let money):
            return "salary must not be negative (got \(money))"
        case let .leavingBeforeStart(start, leaving):
            return "leaving date \(leaving) is before the start date \(start)"
        case .leaveDaysOutOfRange(let text):
            return "leave days per year must be 0 to 366 in steps of 0.5 (got \(text))"
        case let .salaryBeforeStart(from, start):
            return "a salary cannot take effect on \(from), before the start date \(start)"
        case let .startAfterSalaryChange(start, change):
            return "cannot move the start date to \(start): a later salary change takes effect on \(change); remove or move it first"
        case .zeroAdjustment:
            return "an adjustment of zero changes nothing; give a positive or negative amount"
        case let .expiresBeforeIssued(issued, expires):
            return "expiry date \(expires) is before the issue date \(issued)"
        case let .tooLong(field, limit, length):
            return "the \(field) is \(length) characters long; at most \(limit) are kept"
        case let .controlCharacter(field, scalar):
            return "the \(field) holds the control character \(scalar); remove it (it would be invisible or act on the screen)"
        case .contractGratuityOutOfRange(let days):
            return "a contract's gratuity is 1 to 365 days of wage a year (got \(days))"
        case .contractTermsWithoutGratuity:
            return "a contract's month and minimum service go with its gratuity's days a year: give those too"
        case .contractMonthDaysUnknown(let days):
            return "a contract counts a month as 30 or 26 days (got \(days))"
        case .contractMinimumYearsOutOfRange(let years):
            return "a contract's gratuity may ask 0 to 50 years of service first (got \(years))"
        case let .bidiControl(field, scalar):
            return "the \(field) holds the text-direction control \(scalar), which reorders what is shown; remove it"
        }
    }
}
