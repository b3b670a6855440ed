import Foundation

/// One line of a settlement's or a payroll line's working ("notice due 30 days, given 10: 20 days owed …"), kept as
/// what it says and the values it says it with, so that a paper can print it in any language
/// (each kind is a message in the papers' catalogs) while the command line reads its English.
public struct WorkedStep: Hashable, Sendable, CustomStringConvertible {
    /// What a step says. `template` is the English, with `{name}` placeholders; a kind with a
    /// plural form chooses it by its `count` value.
    public enum Kind: CaseIterable, Hashable, Sendable {
        case finalPay, finalPaySettledBefore
        case leaveTooShort, leaveNotTaken, leaveCarriedOver, dailyRate, dailyRateOverYear
        case noticeNoneGiven, noticeShort, noticeMonthsArithmetic, noticeDaysShort, noticeDaysShortFrom, noticeDaysArithmetic
        case paidInLieuByEmployer, owedByWorker
        case advancesToRepay
        case gratuityService, gratuityNotForReason, gratuityTooFewYears, gratuityTooFewYearsWithRemarks, gratuityTooFewMonths
        case gratuityLump, gratuityCeiling, gratuityCapped, wageCapped
        case partYearCounted, partYearNotCounted, proRataMore, proRataLess
        case perYearWhole, perYearPart
        case splitService, splitBeforeCapped, splitAfterRemainder, together
        case contractPaid, statutePaid, insteadOf, hijriYears
        case noStatutoryGratuity, payBy
        /// A payroll line's arithmetic (`report payroll --explain`, the web's payroll page): the web's
        /// catalogs word these, not the papers'.
        case payrollMonth, payrollSegment, payrollUnpaid, payrollUnpaidHalves, payrollAdjustment
        case payrollNetRounded, payrollEarnedRounded, payrollAdvanceInstalment, payrollLoanInstalment, payrollNet
        /// A reading of the law or a remark, quoted from the rules as they are written.
        case quoted

        public var template: (one: String, other: String?) {
            switch self {
            case .finalPay: ("{month}: pay to the last day {due}, already paid {paid}", nil)
            case .finalPaySettledBefore: ("{month}: pay to the last day settled before HomeCrew", nil)
            case .leaveTooShort: ("no leave is paid before {months} months' service; served {served}", nil)
            case .leaveNotTaken: ("{days} days not taken in {year} × {rate} = {amount}", nil)
            case .leaveCarriedOver: ("{days} days ({carried} not taken before {year} + {earned} earned in {year} − {taken} taken) × {rate} = {amount}", nil)
            case .dailyRate: ("{wage} ÷ {divisor}", nil)
            case .dailyRateOverYear: ("12 × {wage} ÷ {days}", nil)
            case .noticeNoneGiven: ("notice due {count} calendar month, none given: {count} × {wage} = {amount} {who}",
                                    "notice due {count} calendar months, none given: {count} × {wage} = {amount} {who}")
            case .noticeShort: ("notice due {count} calendar month from {given}, complete on {complete} ({period} days); the last day {leaving} leaves {short} of them: {who}",
                                "notice due {count} calendar months from {given}, complete on {complete} ({period} days); the last day {leaving} leaves {short} of them: {who}")
            case .noticeMonthsArithmetic: ("{months} × {wage} × {short}/{period} = {amount}", nil)
            case .noticeDaysShort: ("notice due {due} days, given {served}: {short} days {who}", nil)
            case .noticeDaysShortFrom: ("notice due {due} days, given {served} (from {given}): {short} days {who}", nil)
            case .noticeDaysArithmetic: ("{short} × {wage} ÷ {divisor} = {amount}", nil)
            case .paidInLieuByEmployer: ("paid in lieu by the employer", nil)
            case .owedByWorker: ("owed by the worker who resigned, deducted", nil)
            case .advancesToRepay: ("advances still to be repaid: −{amount}", nil)
            case .gratuityService: ("{title}: service {start} to {end}, both days counted: {service}", nil)
            case .gratuityNotForReason: ("not due when employment ends by {reason}: {reading}", nil)
            case .gratuityTooFewYears: ("not due: {years} completed years, fewer than the {minimum} required", nil)
            case .gratuityTooFewYearsWithRemarks: ("not due: {years} completed years, fewer than the {minimum} required; {remarks}", nil)
            case .gratuityTooFewMonths: ("not due: {months} completed months, fewer than the {minimum} required", nil)
            case .gratuityLump: ("{count} month of {wage} = {amount}", "{count} months of {wage} = {amount}")
            case .gratuityCeiling: ("{amount} before the ceiling, capped at {cap}: {reading}", nil)
            case .gratuityCapped: ("capped at {cap}", nil)
            case .wageCapped: ("the wage {wage} is capped at {cap}", nil)
            case .partYearCounted: ("the {days} days after {years} completed years are more than six calendar months: a year", nil)
            case .partYearNotCounted: ("the {days} days after {years} completed years are not more than six calendar months: not counted", nil)
            case .proRataMore: ("the part year pro rata instead: {working} (more than this reading gives)", nil)
            case .proRataLess: ("the part year pro rata instead: {working} (less than this reading gives)", nil)
            case .perYearWhole: ("{perYear}/{perMonth} × {wage} × {years} years = {amount}", nil)
            case .perYearPart: ("{perYear}/{perMonth} × {wage} × ({years} + {days}/{yearDays}) years = {amount}", nil)
            case .splitService: ("service before {date} at the wage of {dayBefore} ({wage}), from it at the last wage: {reading}", nil)
            case .splitBeforeCapped: ("the part before {date} is capped at {cap}", nil)
            case .splitAfterRemainder: ("the part from {date} is what the cap leaves: {amount}", nil)
            case .together: ("together {amount}", nil)
            case .contractPaid: ("the contract's gratuity {contract} is more than the {title} {statute}: the contract's is paid", nil)
            case .statutePaid: ("the {title} {statute} is paid: the contract's gratuity ({contract}) may not give less", nil)
            case .insteadOf: ("instead of: {working}", nil)
            case .hijriYears: ("{years} years of the Hijri (Umm al-Qura) calendar were complete on {date}: the law does not say which "
                               + "calendar its years are; HomeCrew counts Gregorian years, so none is paid here; if Hijri years are meant, it is due", nil)
            case .noStatutoryGratuity: ("No statutory gratuity: {reason}", nil)
            case .payBy: ("To be paid by {date}: within {count} day of the last day ({source}).",
                          "To be paid by {date}: within {count} days of the last day ({source}).")
            case .quoted: ("{text}", nil)
            case .payrollMonth: ("{month} has {month_days} days; paid for {paid} of them.", nil)
            case .payrollSegment: ("{dates}: {count} day × {salary} ÷ {month_days} = {amount} {currency}",
                                   "{dates}: {count} days × {salary} ÷ {month_days} = {amount} {currency}")
            case .payrollUnpaid: ("unpaid leave {dates}: {count} day × {salary} ÷ {month_days} = −{amount} {currency}",
                                  "unpaid leave {dates}: {count} days × {salary} ÷ {month_days} = −{amount} {currency}")
            case .payrollUnpaidHalves: ("unpaid leave {dates}: {days} days × {salary} ÷ {month_days} = −{amount} {currency}", nil)
            case .payrollAdjustment: ("adjustment: {amount} ({reason})", nil)
            case .payrollNetRounded: ("net: {amount} (the exact sum, rounded once to the currency's minor unit, halves away from zero)", nil)
            case .payrollEarnedRounded: ("earned: {amount} (the exact sum, rounded once to the currency's minor unit, halves away from zero)", nil)
            case .payrollAdvanceInstalment: ("advance {id} instalment: −{amount} (left to repay after: {balance})", nil)
            case .payrollLoanInstalment: ("loan {id} instalment: −{amount} (left to repay after: {balance})", nil)
            case .payrollNet: ("net: {amount}", nil)
            }
        }
    }

    /// A value a step states; each language writes it its own way (its digits, its dates).
    public indirect enum Value: Hashable, Sendable {
        /// An amount without its currency: the statement's currency is given once.
        case amount(Money)
        case date(CalendarDate)
        case month(YearMonth)
        /// A month named in words: "November 2026" in English.
        case monthName(YearMonth)
        case year(Int)
        case number(Int)
        case leaveDays(LeaveDays)
        case length(Tenure)
        case reason(LeavingReason)
        /// Text as the rules or a person wrote it: printed as it is in every language.
        case text(String)
        /// Another step ("paid in lieu by the employer") or steps, read in the same language.
        case step(WorkedStep)
        case steps([WorkedStep])
    }

    public let kind: Kind
    public let values: [String: Value]
    /// The count that chooses a plural form.
    public let count: Int?

    public init(_ kind: Kind, _ values: [String: Value] = [:], count: Int? = nil) {
        self.kind = kind
        self.values = values
        self.count = count
    }

    public static func quoted(_ text: String) -> WorkedStep { WorkedStep(.quoted, ["text": .text(text)]) }

    /// The step in English, as the command line and the English papers print it.
    public var description: String {
        let template = count == 1 || kind.template.other == nil ? kind.template.one : kind.template.other ?? kind.template.one
        return MessageTemplate.fill(template, values.mapValues(\.english).merging(count.map { ["count": String($0)] } ?? [:]) { value, _ in value })
    }
}

extension WorkedStep.Value {
    /// As the English working writes it: plain amounts, ISO dates.
    public var english: String {
        switch self {
        case .amount(let money): money.plainAmount
        case .date(let date): date.description
        case .month(let month): month.description
        case .monthName(let month): "\(MonthName.english[month.month - 1]) \(month.year)"
        case .year(let year), .number(let year): String(year)
        case .leaveDays(let days): days.description
        case .length(let tenure): tenure.description
        case .reason(let reason): reason.rawValue
        case .text(let text): text
        case .step(let step): step.description
        case .steps(let steps): steps.map(\.description).joined(separator: "; ")
        }
    }
}
