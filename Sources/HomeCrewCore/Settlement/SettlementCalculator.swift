import Foundation

/// What a settlement is worked out from: the person as they leave and what the ledger holds.
public struct SettlementFacts: Sendable {
    public let member: StaffMember
    public let leaving: CalendarDate
    public let reason: LeavingReason
    /// The day notice was given (by either side); nil: none.
    public let noticeGiven: CalendarDate?
    /// The monthly wage on the last day.
    public let lastWage: Money
    /// Pay for the days worked in the final month (prorated), and what was already paid of it.
    public let finalMonth: YearMonth
    public let finalMonthDue: Money
    public let finalMonthPaid: Money
    /// The final month is covered by the ledger's opening: its pay was settled before HomeCrew.
    public var finalMonthSettledBeforeHomeCrew = false
    /// The leaving year's leave, the leaving date applied.
    public let leave: LeaveBalance
    /// Advances still to be repaid.
    public let advancesLeft: Money
    /// A contract's own gratuity, used instead of the rules' (or where they have none).
    public let contractGratuity: GratuityRule?

    public init(member: StaffMember, leaving: CalendarDate, reason: LeavingReason, noticeGiven: CalendarDate?, lastWage: Money,
                finalMonth: YearMonth, finalMonthDue: Money, finalMonthPaid: Money, leave: LeaveBalance, advancesLeft: Money,
                contractGratuity: GratuityRule? = nil) {
        self.member = member
        self.leaving = leaving
        self.reason = reason
        self.noticeGiven = noticeGiven
        self.lastWage = lastWage
        self.finalMonth = finalMonth
        self.finalMonthDue = finalMonthDue
        self.finalMonthPaid = finalMonthPaid
        self.leave = leave
        self.advancesLeft = advancesLeft
        self.contractGratuity = contractGratuity
    }
}

/// A final settlement: each line with its arithmetic and its source, and the total.
public struct Settlement: Sendable {
    public enum Part: String, Sendable { case finalPay = "final pay", leave = "leave not taken", notice, gratuity, advances = "advances" }

    public struct Line: Sendable {
        public let part: Part
        public let amount: Money
        public let arithmetic: [String]
        public let source: String?
    }

    public let rules: SettlementRules
    public let service: Tenure
    public let lines: [Line]
    public let total: Money
    /// What the law leaves open, and anything else the reader must know.
    public let notes: [String]
}

public enum SettlementError: HomeCrewError, Equatable {
    case unknownRules(String, known: [String])
    case noRulesChosen(String)
    case noticeAfterLeaving(notice: CalendarDate, leaving: CalendarDate)
    case capInOtherCurrency(rules: String, cap: String, wage: String)
    case currencyMismatch(String, String)
    case rulesUnreadable(String, reason: String)
    case nothingToPay(String)
    case alreadySettled(String, paidOn: CalendarDate, entry: String)
    case workerOwes(Money)

    public var category: ErrorCategory {
        switch self {
        case .unknownRules, .noRulesChosen: .usage
        case .rulesUnreadable: .io
        case .noticeAfterLeaving, .capInOtherCurrency, .currencyMismatch, .nothingToPay, .workerOwes, .alreadySettled: .invalidData
        }
    }

    public var description: String {
        switch self {
        case let .unknownRules(id, known): "no settlement rules named '\(id)'; known: \(known.joined(separator: ", "))"
        case let .noRulesChosen(household):
            "\(household) has no settlement rules: give --rules, or choose the household's with household edit --settlement-rules"
        case let .noticeAfterLeaving(notice, leaving): "notice given on \(notice) is after the leaving date \(leaving)"
        case let .capInOtherCurrency(rules, cap, wage):
            "the \(rules) rules cap the gratuity in \(cap), but the wage is paid in \(wage); settle by a contract term instead"
        case let .currencyMismatch(wage, other): "the wage is paid in \(wage) but the ledger holds \(other); settle them separately"
        case let .nothingToPay(currency): "nothing is owed in \(currency): there is no settlement to record; record the leaving date with staff end"
        case let .alreadySettled(name, paidOn, entry):
            "\(name) was already settled on \(paidOn) (entry \(entry)); reverse that settlement's entries with pay reverse first"
        case let .workerOwes(amount):
            "the worker owes \(amount) (notice not given); HomeCrew records only settlements the employer pays; record the leaving date with staff end and settle this by hand"
        case let .rulesUnreadable(path, reason): "cannot read the settlement rules at \(path) (\(reason)); reinstall HomeCrew"
        }
    }
}

/// Works out a settlement by a rule set. Every amount is exact until its line is rounded once
/// to the currency's minor unit (halves away from zero); the total is the sum of the lines.
public enum SettlementCalculator {
    public static func settle(_ facts: SettlementFacts, by rules: SettlementRules) throws(SettlementError) -> Settlement {
        if let notice = facts.noticeGiven, notice > facts.leaving { throw .noticeAfterLeaving(notice: notice, leaving: facts.leaving) }
        for other in [facts.finalMonthDue, facts.finalMonthPaid, facts.advancesLeft] where other.currency != facts.lastWage.currency {
            throw .currencyMismatch(facts.lastWage.currency.code, other.currency.code)
        }
        let service = ServiceLength(start: facts.member.startDate, lastDay: facts.leaving)
        var lines = [finalPay(facts), leavePay(facts, rules.leave), noticePay(facts, rules.notice)].compactMap { $0 }
        var notes = rules.unsettled
        let gratuityRule = facts.contractGratuity ?? rules.gratuity
        if let rule = gratuityRule {
            lines.append(try gratuity(facts, rule, service, rulesName: rules.name))
        } else if let why = rules.noGratuity {
            notes.append("No statutory gratuity: " + why)
        }
        if facts.advancesLeft.amount > 0 {
            lines.append(.init(part: .advances, amount: facts.advancesLeft.negated,
                               arithmetic: ["advances still to be repaid: −\(facts.advancesLeft.plainAmount)"], source: nil))
        }
        let total = Money.sum(lines.map(\.amount), facts.lastWage.currency)
        return Settlement(rules: rules, service: service.tenure, lines: lines, total: total, notes: notes)
    }

    static func finalPay(_ facts: SettlementFacts) -> Settlement.Line? {
        if facts.finalMonthSettledBeforeHomeCrew {
            return .init(part: .finalPay, amount: .zero(facts.lastWage.currency), arithmetic: [
                "\(facts.finalMonth): pay to the last day \(PayrollReport.settledBeforeHomeCrew)",
            ], source: nil)
        }
        let owed = Money(facts.finalMonthDue.amount - facts.finalMonthPaid.amount, facts.lastWage.currency)
        guard facts.finalMonthDue.amount != 0 || facts.finalMonthPaid.amount != 0 else { return nil }
        return .init(part: .finalPay, amount: owed, arithmetic: [
            "\(facts.finalMonth): pay to the last day \(facts.finalMonthDue.plainAmount), already paid \(facts.finalMonthPaid.plainAmount)",
        ], source: nil)
    }

    static func leavePay(_ facts: SettlementFacts, _ rule: LeavePayoutRule) -> Settlement.Line? {
        let days = facts.leave.balance
        guard rule.paid, days.halfDays > 0 else { return nil }
        let amount = facts.lastWage.scaled(by: Decimal(days.halfDays), over: Decimal(2 * rule.dailyDivisor)).rounded()
        return .init(part: .leave, amount: amount, arithmetic: [
            "\(days) days not taken in \(facts.leave.year) × \(facts.lastWage.plainAmount) ÷ \(rule.dailyDivisor) = \(amount.plainAmount)",
        ], source: rule.source)
    }

    static func noticePay(_ facts: SettlementFacts, _ rule: NoticeRule) -> Settlement.Line? {
        guard facts.reason != .endOfContract, rule.days > 0 else { return nil }
        let served = facts.noticeGiven.map { max(0, $0.days(until: facts.leaving)) } ?? 0
        let short = rule.days - served
        guard short > 0 else { return nil }
        let amount = facts.lastWage.scaled(by: Decimal(short), over: Decimal(rule.dailyDivisor)).rounded()
        let who = facts.reason == .termination ? "paid in lieu by the employer" : "owed by the worker who resigned, deducted"
        return .init(part: .notice, amount: facts.reason == .termination ? amount : amount.negated, arithmetic: [
            "notice due \(rule.days) days, given \(served)\(facts.noticeGiven.map { " (from \($0))" } ?? ""): \(short) days \(who)",
            "\(short) × \(facts.lastWage.plainAmount) ÷ \(rule.dailyDivisor) = \(amount.plainAmount)",
        ], source: rule.source)
    }
}

/// Service from the first day to the last day worked, both counted.
struct ServiceLength {
    let tenure: Tenure
    let completedYears: Int
    /// Days into the unfinished year, and that year's length (365 or 366).
    let partDays: Int
    let yearDays: Int

    init(start: CalendarDate, lastDay: CalendarDate) {
        let end = lastDay.adding(daysClamped: 1)
        tenure = Tenure(from: start, to: end)
        completedYears = tenure.completedYears
        let anniversary = (try? start.adding(years: completedYears)) ?? start
        let next = (try? start.adding(years: completedYears + 1)) ?? end
        partDays = anniversary.days(until: end)
        yearDays = anniversary.days(until: next)
    }
}
