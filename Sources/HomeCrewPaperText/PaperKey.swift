import HomeCrewCore

/// Every label and sentence printed on a payslip, a cash receipt or a final settlement statement,
/// as its key in the catalogs (`Resources/catalogs/<language>.po`: msgctxt, msgid and, for a
/// message said with a count, msgid_plural). The English catalog must hold exactly these keys
/// (`CatalogTests`): a message added here is added there, and one the papers stop printing is
/// removed from both. Placeholders are named (`{amount}`), never glued on by the code.
public enum PaperKey: CaseIterable, Sendable {
    // On every paper.
    case signatureAndDate, governingText, dateRange, note
    // The amount in words, when the language's words are known.
    case amountInWords, amountInWordsWithFraction
    // Lengths of time ("3 years, 2 months, 5 days").
    case years, months, days
    // The payslip.
    case payslipTitle, employee, period, periodDays, currency, salaryRow, unpaidLeaveRow,
         loanRepaid, advanceRepaid, netPay, dailyRateNote, roundingNote
    // The receipt.
    case receiptOfPayment, receiptOfRepayment, receiptNumber, paidOn, paidFor, method, reference,
         salaryFor, monthWithAmount, advanceOnSalary, repayingAdvance, finalSettlementPayment,
         receivedStatement, receivedStatementWithoutWords, handedBackStatement, handedBackStatementWithoutWords,
         receivedBy, paidForHouseholdBy, handedBackBy, receivedForHouseholdBy
    // How a payment was made.
    case cash, bankTransfer, upi, cheque, wageProtectionSystem, otherMethod
    // The final settlement statement.
    case settlementTitle, employed, employedValue, endedBy, noticeGiven, noNotice, lastMonthlyWage, rules, rulesValue,
         toBePaidBy, source, total, noteValue
    // Why employment ended.
    case resignation, termination, redundancy, endOfContract, resignationWithCause
    // The parts of a settlement.
    case finalPay, leaveNotTaken, notice, gratuity, advances
    // A settlement's working, step by step (`WorkedStep.Kind`: the English is there).
    case stepFinalPay, stepFinalPaySettledBefore, stepLeaveTooShort, stepLeaveNotTaken, stepLeaveCarriedOver,
         stepDailyRate, stepDailyRateOverYear, stepNoticeNoneGiven, stepNoticeShort, stepNoticeMonthsArithmetic,
         stepNoticeDaysShort, stepNoticeDaysShortFrom, stepNoticeDaysArithmetic, stepPaidInLieuByEmployer,
         stepOwedByWorker, stepAdvancesToRepay, stepGratuityService, stepGratuityNotForReason, stepGratuityTooFewYears,
         stepGratuityTooFewYearsWithRemarks, stepGratuityTooFewMonths, stepGratuityLump, stepGratuityCeiling,
         stepGratuityCapped, stepWageCapped, stepPartYearCounted, stepPartYearNotCounted, stepProRataMore,
         stepProRataLess, stepPerYearWhole, stepPerYearPart, stepSplitService, stepSplitBeforeCapped,
         stepSplitAfterRemainder, stepTogether, stepContractPaid, stepStatutePaid, stepInsteadOf, stepHijriYears,
         stepNoStatutoryGratuity, stepPayBy

    /// The catalog entry: msgctxt, msgid and the English plural (nil: not said with a count).
    public var entry: (context: String, id: String, plural: String?) {
        switch self {
        case .signatureAndDate: ("paper", "Signature and date", nil)
        case .governingText: ("paper", "In case of any difference, the {language} text governs.", nil)
        case .dateRange: ("paper", "{start} to {end}", nil)
        case .note: ("paper", "Note", nil)
        case .amountInWords: ("amount in words", "{whole} {currency}", nil)
        case .amountInWordsWithFraction: ("amount in words", "{whole} {currency} and {fraction}", nil)
        case .years: ("duration", "{count} year", "{count} years")
        case .months: ("duration", "{count} month", "{count} months")
        case .days: ("duration", "{count} day", "{count} days")
        case .payslipTitle: ("payslip", "Payslip — {month}", nil)
        case .employee: ("payslip", "Employee", nil)
        case .period: ("payslip", "Period", nil)
        case .periodDays: ("payslip", "{start} to {end} ({count} day)", "{start} to {end} ({count} days)")
        case .currency: ("payslip", "Currency", nil)
        case .salaryRow: ("payslip", "Salary {salary} a month, {start} to {end}: {days} of {count} day",
                          "Salary {salary} a month, {start} to {end}: {days} of {count} days")
        case .unpaidLeaveRow: ("payslip", "Unpaid leave {dates}: {count} day at {salary} / {total}",
                               "Unpaid leave {dates}: {count} days at {salary} / {total}")
        case .loanRepaid: ("payslip", "Loan {id} repaid (left after: {balance})", nil)
        case .advanceRepaid: ("payslip", "Advance {id} repaid (left after: {balance})", nil)
        case .netPay: ("payslip", "Net pay", nil)
        case .dailyRateNote: ("payslip", "Daily rate = monthly salary ÷ days in the month.", nil)
        case .roundingNote: ("payslip", "The net is rounded once, to the currency's minor unit; "
                             + "the rounded parts above may differ from it by a minor unit.", nil)
        case .receiptOfPayment: ("receipt", "Receipt of payment", nil)
        case .receiptOfRepayment: ("receipt", "Receipt of money handed back", nil)
        case .receiptNumber: ("receipt", "No. {number}", nil)
        case .paidOn: ("receipt", "Paid on", nil)
        case .paidFor: ("receipt", "For", nil)
        case .method: ("receipt", "Method", nil)
        case .reference: ("receipt", "Reference", nil)
        case .salaryFor: ("receipt", "salary for {months}", nil)
        case .monthWithAmount: ("receipt", "{month} ({amount})", nil)
        case .advanceOnSalary: ("receipt", "an advance on salary", nil)
        case .repayingAdvance: ("receipt", "repaying an advance", nil)
        case .finalSettlementPayment: ("receipt", "final settlement", nil)
        case .receivedStatement: ("receipt", "{employee} received {amount} ({words}) from {household} on {date}, {purpose}.", nil)
        case .receivedStatementWithoutWords: ("receipt", "{employee} received {amount} from {household} on {date}, {purpose}.", nil)
        case .handedBackStatement: ("receipt", "{household} received {amount} ({words}) from {employee} on {date}, {purpose}.", nil)
        case .handedBackStatementWithoutWords: ("receipt", "{household} received {amount} from {employee} on {date}, {purpose}.", nil)
        case .receivedBy: ("receipt", "Received by", nil)
        case .paidForHouseholdBy: ("receipt", "Paid for the household by", nil)
        case .handedBackBy: ("receipt", "Handed back by", nil)
        case .receivedForHouseholdBy: ("receipt", "Received for the household by", nil)
        case .cash: ("payment method", "cash", nil)
        case .bankTransfer: ("payment method", "bank transfer", nil)
        case .upi: ("payment method", "UPI", nil)
        case .cheque: ("payment method", "cheque", nil)
        case .wageProtectionSystem: ("payment method", "wage-protection system", nil)
        case .otherMethod: ("payment method", "other", nil)
        case .settlementTitle: ("settlement", "Final settlement", nil)
        case .employed: ("settlement", "Employed", nil)
        case .employedValue: ("settlement", "{start} to {end} ({service})", nil)
        case .endedBy: ("settlement", "Ended by", nil)
        case .noticeGiven: ("settlement", "Notice given", nil)
        case .noNotice: ("settlement", "none", nil)
        case .lastMonthlyWage: ("settlement", "Last monthly wage", nil)
        case .rules: ("settlement", "Rules", nil)
        case .rulesValue: ("settlement", "{name}, the version {version}, as read on {date}", nil)
        case .toBePaidBy: ("settlement", "To be paid by", nil)
        case .source: ("settlement", "Source: {source}", nil)
        case .total: ("settlement", "Total: {amount}", nil)
        case .noteValue: ("settlement", "Note: {note}", nil)
        case .resignation: ("leaving reason", "resignation", nil)
        case .termination: ("leaving reason", "termination", nil)
        case .redundancy: ("leaving reason", "redundancy", nil)
        case .endOfContract: ("leaving reason", "end of contract", nil)
        case .resignationWithCause: ("leaving reason", "resignation with cause", nil)
        case .finalPay: ("settlement part", "Final pay", nil)
        case .leaveNotTaken: ("settlement part", "Leave not taken", nil)
        case .notice: ("settlement part", "Notice", nil)
        case .gratuity: ("settlement part", "Gratuity", nil)
        case .advances: ("settlement part", "Advances", nil)
        case .stepFinalPay, .stepFinalPaySettledBefore, .stepLeaveTooShort, .stepLeaveNotTaken, .stepLeaveCarriedOver,
             .stepDailyRate, .stepDailyRateOverYear, .stepNoticeNoneGiven, .stepNoticeShort,
             .stepNoticeMonthsArithmetic, .stepNoticeDaysShort, .stepNoticeDaysShortFrom, .stepNoticeDaysArithmetic,
             .stepPaidInLieuByEmployer, .stepOwedByWorker, .stepAdvancesToRepay, .stepGratuityService,
             .stepGratuityNotForReason, .stepGratuityTooFewYears, .stepGratuityTooFewYearsWithRemarks,
             .stepGratuityTooFewMonths, .stepGratuityLump, .stepGratuityCeiling, .stepGratuityCapped, .stepWageCapped,
             .stepPartYearCounted, .stepPartYearNotCounted, .stepProRataMore, .stepProRataLess, .stepPerYearWhole,
             .stepPerYearPart, .stepSplitService, .stepSplitBeforeCapped, .stepSplitAfterRemainder, .stepTogether,
             .stepContractPaid, .stepStatutePaid, .stepInsteadOf, .stepHijriYears, .stepNoStatutoryGratuity,
             .stepPayBy:
            Self.stepKinds[self].map { ("settlement step", $0.template.one, $0.template.other) } ?? ("settlement step", "", nil)
        }
    }

    /// The step each key of a settlement's working says.
    static let stepKinds: [PaperKey: WorkedStep.Kind] = Dictionary(
        uniqueKeysWithValues: WorkedStep.Kind.allCases.compactMap { kind in PaperKey(kind).map { ($0, kind) } })

    public var catalogKey: POKey { POKey(context: entry.context, id: entry.id) }
}

/// The key for each value of the domain's enumerations that a paper prints: a switch per type,
/// so a case added to the domain does not build until it has its words.
extension PaperKey {
    public init(_ method: PaymentMethod) {
        switch method {
        case .cash: self = .cash
        case .bankTransfer: self = .bankTransfer
        case .upi: self = .upi
        case .cheque: self = .cheque
        case .wps: self = .wageProtectionSystem
        case .other: self = .otherMethod
        }
    }

    public init(_ reason: LeavingReason) {
        switch reason {
        case .resignation: self = .resignation
        case .termination: self = .termination
        case .redundancy: self = .redundancy
        case .endOfContract: self = .endOfContract
        case .resignationWithCause: self = .resignationWithCause
        }
    }

    /// The key of a step of a settlement's working; nil for a reading quoted from the rules, printed as written,
    /// and for a payroll line's (the web's catalogs word those).
    public init?(_ kind: WorkedStep.Kind) {
        switch kind {
        case .finalPay: self = .stepFinalPay
        case .finalPaySettledBefore: self = .stepFinalPaySettledBefore
        case .leaveTooShort: self = .stepLeaveTooShort
        case .leaveNotTaken: self = .stepLeaveNotTaken
        case .leaveCarriedOver: self = .stepLeaveCarriedOver
        case .dailyRate: self = .stepDailyRate
        case .dailyRateOverYear: self = .stepDailyRateOverYear
        case .noticeNoneGiven: self = .stepNoticeNoneGiven
        case .noticeShort: self = .stepNoticeShort
        case .noticeMonthsArithmetic: self = .stepNoticeMonthsArithmetic
        case .noticeDaysShort: self = .stepNoticeDaysShort
        case .noticeDaysShortFrom: self = .stepNoticeDaysShortFrom
        case .noticeDaysArithmetic: self = .stepNoticeDaysArithmetic
        case .paidInLieuByEmployer: self = .stepPaidInLieuByEmployer
        case .owedByWorker: self = .stepOwedByWorker
        case .advancesToRepay: self = .stepAdvancesToRepay
        case .gratuityService: self = .stepGratuityService
        case .gratuityNotForReason: self = .stepGratuityNotForReason
        case .gratuityTooFewYears: self = .stepGratuityTooFewYears
        case .gratuityTooFewYearsWithRemarks: self = .stepGratuityTooFewYearsWithRemarks
        case .gratuityTooFewMonths: self = .stepGratuityTooFewMonths
        case .gratuityLump: self = .stepGratuityLump
        case .gratuityCeiling: self = .stepGratuityCeiling
        case .gratuityCapped: self = .stepGratuityCapped
        case .wageCapped: self = .stepWageCapped
        case .partYearCounted: self = .stepPartYearCounted
        case .partYearNotCounted: self = .stepPartYearNotCounted
        case .proRataMore: self = .stepProRataMore
        case .proRataLess: self = .stepProRataLess
        case .perYearWhole: self = .stepPerYearWhole
        case .perYearPart: self = .stepPerYearPart
        case .splitService: self = .stepSplitService
        case .splitBeforeCapped: self = .stepSplitBeforeCapped
        case .splitAfterRemainder: self = .stepSplitAfterRemainder
        case .together: self = .stepTogether
        case .contractPaid: self = .stepContractPaid
        case .statutePaid: self = .stepStatutePaid
        case .insteadOf: self = .stepInsteadOf
        case .hijriYears: self = .stepHijriYears
        case .noStatutoryGratuity: self = .stepNoStatutoryGratuity
        case .payBy: self = .stepPayBy
        case .quoted: return nil
        case .payrollMonth, .payrollSegment, .payrollUnpaid, .payrollUnpaidHalves, .payrollAdjustment, .payrollNetRounded,
             .payrollEarnedRounded, .payrollAdvanceInstalment, .payrollLoanInstalment, .payrollNet:
            return nil
        }
    }

    public init(_ part: Settlement.Part) {
        switch part {
        case .finalPay: self = .finalPay
        case .leave: self = .leaveNotTaken
        case .notice: self = .notice
        case .gratuity: self = .gratuity
        case .advances: self = .advances
        }
    }
}
