import Foundation

/// What a settlement is worked out from: the person as they leave and what the ledger holds.
public struct SettlementFacts: Sendable {
    public let member: StaffMember
    public let leaving: CalendarDate
    public var reason: LeavingReason
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
    public var contractGratuity: GratuityRule?
    /// The salary history, for a rule that pays earlier service at an earlier wage; nil: the last wage throughout.
    public var salaries: SalaryHistory?
    /// The leaving year's leave with every earlier year's leave not taken carried in, whatever the
    /// household's carry-over cap (for rules that pay it); nil: `leave`.
    public var leaveEveryYear: LeaveBalance?

    /// The same facts, the employment ended by `reason`.
    public func ending(by reason: LeavingReason) -> SettlementFacts {
        var facts = self
        facts.reason = reason
        return facts
    }

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
        /// How the amount was worked out, step by step.
        public let working: [WorkedStep]
        public let source: String?
        /// The statute's own name for the line ("long service payment"); nil: the part's.
        public var title: String? = nil

        public var heading: String { title ?? part.rawValue }
        /// The working in English.
        public var arithmetic: [String] { working.map(\.description) }
    }

    public let rules: SettlementRules
    public let service: Tenure
    public let lines: [Line]
    public let total: Money
    /// What the law leaves open, and anything else the reader must know.
    public let noteSteps: [WorkedStep]
    public var notes: [String] { noteSteps.map(\.description) }
    /// The last day the law allows for paying it, where it sets one.
    public let payBy: CalendarDate?
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
    case contractTermsWithoutGratuity
    case noWageBeforeSplit(split: CalendarDate, name: String)
    case reasonNotSettled(String, rules: String)

    public var category: ErrorCategory {
        switch self {
        case .unknownRules, .noRulesChosen, .reasonNotSettled: .usage
        case .rulesUnreadable: .io
        case .contractTermsWithoutGratuity: .usage
        case .noWageBeforeSplit: .invalidData
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
        case let .noWageBeforeSplit(split, name):
            "the payment splits service at \(split) and needs \(name)'s monthly wage on \(split.adding(daysClamped: -1)) in the same currency as the last; "
                + "the salary history has none: add it with staff salary set --from"
        case let .reasonNotSettled(reason, rules):
            "the \(rules) rules do not distinguish \(reason); settle it as a resignation or a termination, or by hand"
        case .contractTermsWithoutGratuity:
            "the person's contract gives no gratuity: give its days a year (--contract-gratuity-days) with its month or minimum service"
        case let .rulesUnreadable(path, reason): "cannot read the settlement rules at \(path) (\(reason)); reinstall HomeCrew"
        }
    }
}

/// Works out a settlement by a rule set. Every amount is exact until its line is rounded once
/// to the currency's minor unit (halves away from zero); the total is the sum of the lines.
public enum SettlementCalculator {
    public static func settle(_ facts: SettlementFacts, by rules: SettlementRules) throws(SettlementError) -> Settlement {
        var facts = facts
        facts.contractGratuity = facts.contractGratuity.map { rules.contractGratuity?.applied(to: $0, currency: facts.lastWage.currency.code) ?? $0 }
        if let notice = facts.noticeGiven, notice > facts.leaving { throw .noticeAfterLeaving(notice: notice, leaving: facts.leaving) }
        guard rules.reasons.contains(facts.reason) else { throw .reasonNotSettled(facts.reason.rawValue, rules: rules.versionName) }
        for other in [facts.finalMonthDue, facts.finalMonthPaid, facts.advancesLeft] where other.currency != facts.lastWage.currency {
            throw .currencyMismatch(facts.lastWage.currency.code, other.currency.code)
        }
        let service = ServiceLength(start: facts.member.startDate, lastDay: facts.leaving)
        var lines = [finalPay(facts), leavePay(facts, rules.leave), noticePay(facts, rules.notice)].compactMap { $0 }
        var notes = rules.unsettled.map(WorkedStep.quoted)
        let statutory = facts.reason == .redundancy ? rules.severance ?? rules.gratuity : rules.gratuity
        if let line = try gratuityLine(facts, statutory: statutory, service, rulesName: rules.name) {
            lines.append(line)
        }
        if statutory == nil, let why = rules.noGratuity {
            notes.append(WorkedStep(.noStatutoryGratuity, ["reason": .text(why)]))
        }
        if facts.advancesLeft.amount > 0 {
            lines.append(.init(part: .advances, amount: facts.advancesLeft.negated,
                               working: [WorkedStep(.advancesToRepay, ["amount": .amount(facts.advancesLeft)])], source: nil))
        }
        let total = Money.sum(lines.map(\.amount), facts.lastWage.currency)
        let payBy = rules.paymentDeadline.map { $0.due(after: facts.leaving) }
        if let deadline = rules.paymentDeadline, let payBy {
            notes.append(WorkedStep(.payBy, ["date": .date(payBy), "source": .text(deadline.source)], count: deadline.days))
        }
        return Settlement(rules: rules, service: service.tenure, lines: lines, total: total, noteSteps: notes, payBy: payBy)
    }

    /// The statute's payment and the contract's gratuity: a contract may give more than the law,
    /// never less, so where both apply the larger is paid and the line says so.
    static func gratuityLine(_ facts: SettlementFacts, statutory: GratuityRule?, _ service: ServiceLength,
                             rulesName: String) throws(SettlementError) -> Settlement.Line? {
        let byStatute = try statutory.map { rule throws(SettlementError) in try gratuity(facts, rule, service, rulesName: rulesName) }
        let byContract = try facts.contractGratuity.map { rule throws(SettlementError) in try gratuity(facts, rule, service, rulesName: rulesName) }
        guard let byStatute, let byContract else { return byContract ?? byStatute }
        let contractPaid = byContract.amount.amount > byStatute.amount.amount
        let (paid, other) = contractPaid ? (byContract, byStatute) : (byStatute, byContract)
        let why = WorkedStep(contractPaid ? .contractPaid : .statutePaid, ["contract": .amount(byContract.amount), "title": .text(byStatute.heading),
                                                                            "statute": .amount(byStatute.amount)])
        return .init(part: .gratuity, amount: paid.amount, working: paid.working + [WorkedStep(.insteadOf, ["working": .steps(other.working)]), why],
                     source: paid.source, title: paid.title)
    }

    static func finalPay(_ facts: SettlementFacts) -> Settlement.Line? {
        if facts.finalMonthSettledBeforeHomeCrew {
            return .init(part: .finalPay, amount: .zero(facts.lastWage.currency), working: [
                WorkedStep(.finalPaySettledBefore, ["month": .month(facts.finalMonth)]),
            ], source: nil)
        }
        let owed = Money(facts.finalMonthDue.amount - facts.finalMonthPaid.amount, facts.lastWage.currency)
        guard facts.finalMonthDue.amount != 0 || facts.finalMonthPaid.amount != 0 else { return nil }
        return .init(part: .finalPay, amount: owed, working: [
            WorkedStep(.finalPay, ["month": .month(facts.finalMonth), "due": .amount(facts.finalMonthDue), "paid": .amount(facts.finalMonthPaid)]),
        ], source: nil)
    }

    static func leavePay(_ facts: SettlementFacts, _ rule: LeavePayoutRule) -> Settlement.Line? {
        guard rule.paid else { return nil }
        let currency = facts.lastWage.currency
        let served = Tenure(from: facts.member.startDate, to: facts.leaving.adding(daysClamped: 1))
        if rule.minimumServiceMonths > 0, served.years * 12 + served.months < rule.minimumServiceMonths {
            return .init(part: .leave, amount: .zero(currency), working: [
                WorkedStep(.leaveTooShort, ["months": .number(rule.minimumServiceMonths), "served": .length(served)]),
            ], source: rule.source)
        }
        let year = rule.earlierYears ? facts.leaveEveryYear ?? facts.leave : facts.leave
        let taken = year.taken[.annual]?.halfDays ?? 0
        let earned = year.allocation.halfDays
        let days = LeaveDays(halfDays: year.carriedOver.halfDays + earned - taken)
        guard days.halfDays > 0 else { return nil }
        // A day's wage: the monthly wage ÷ the divisor, or 12 monthly wages ÷ the days of the 12 months to the last day.
        let yearDays = ((try? facts.leaving.adding(months: -12)) ?? facts.leaving).days(until: facts.leaving)
        let (times, over) = rule.twelveMonths ? (12, yearDays) : (1, rule.dailyDivisor)
        let amount = facts.lastWage.scaled(by: Decimal(days.halfDays * times), over: Decimal(2 * over)).rounded()
        let rate = rule.twelveMonths ? WorkedStep(.dailyRateOverYear, ["wage": .amount(facts.lastWage), "days": .number(yearDays)])
            : WorkedStep(.dailyRate, ["wage": .amount(facts.lastWage), "divisor": .number(rule.dailyDivisor)])
        var values: [String: WorkedStep.Value] = ["days": .leaveDays(days), "year": .year(year.year), "rate": .step(rate), "amount": .amount(amount)]
        if year.carriedOver.halfDays > 0 {
            values.merge(["carried": .leaveDays(year.carriedOver), "earned": .leaveDays(LeaveDays(halfDays: earned)),
                          "taken": .leaveDays(LeaveDays(halfDays: taken))]) { old, _ in old }
        }
        return .init(part: .leave, amount: amount, working: [WorkedStep(year.carriedOver.halfDays > 0 ? .leaveCarriedOver : .leaveNotTaken, values)],
                     source: rule.source)
    }

    static func noticePay(_ facts: SettlementFacts, _ rule: NoticeRule) -> Settlement.Line? {
        guard facts.reason.countsNotice, rule.days > 0 || rule.months > 0 else { return nil }
        let who = WorkedStep.Value.step(WorkedStep(facts.reason.isByEmployer ? .paidInLieuByEmployer : .owedByWorker))
        func line(_ amount: Money, _ working: [WorkedStep]) -> Settlement.Line {
            .init(part: .notice, amount: facts.reason.isByEmployer ? amount : amount.negated, working: working, source: rule.source)
        }
        let wage = WorkedStep.Value.amount(facts.lastWage)
        if rule.months > 0 {
            guard let given = facts.noticeGiven else {
                let amount = Money(facts.lastWage.amount * Decimal(rule.months), facts.lastWage.currency)
                return line(amount, [WorkedStep(.noticeNoneGiven, ["wage": wage, "amount": .amount(amount), "who": who], count: rule.months)])
            }
            let complete = NoticeRule.lastDay(given: given, months: rule.months)
            let short = facts.leaving.days(until: complete), period = given.days(until: complete) + 1
            guard short > 0 else { return nil }
            // The part of the notice's wages in proportion to the part of its period still to run.
            let amount = facts.lastWage.scaled(by: Decimal(rule.months * short), over: Decimal(period)).rounded()
            return line(amount, [
                WorkedStep(.noticeShort, ["given": .date(given), "complete": .date(complete), "period": .number(period),
                                          "leaving": .date(facts.leaving), "short": .number(short), "who": who], count: rule.months),
                WorkedStep(.noticeMonthsArithmetic, ["months": .number(rule.months), "wage": wage, "short": .number(short),
                                                     "period": .number(period), "amount": .amount(amount)]),
            ])
        }
        let served = facts.noticeGiven.map { max(0, $0.days(until: facts.leaving)) } ?? 0
        let short = rule.days - served
        guard short > 0 else { return nil }
        let amount = facts.lastWage.scaled(by: Decimal(short), over: Decimal(rule.dailyDivisor)).rounded()
        var shortfall: [String: WorkedStep.Value] = ["due": .number(rule.days), "served": .number(served), "short": .number(short), "who": who]
        if let given = facts.noticeGiven { shortfall["given"] = .date(given) }
        return line(amount, [
            WorkedStep(facts.noticeGiven == nil ? .noticeDaysShort : .noticeDaysShortFrom, shortfall),
            WorkedStep(.noticeDaysArithmetic, ["short": .number(short), "wage": wage, "divisor": .number(rule.dailyDivisor), "amount": .amount(amount)]),
        ])
    }
}

extension NoticeRule {
    /// The last day of `months` calendar months of notice given on `given`, that day the first:
    /// the day before the same day `months` later; that month's last day when it has no such day or
    /// notice was given on a month's last day (on 1 February: 28 February; on 31 January: 28 February;
    /// on 28 February: 31 March; on 15 March: 14 April). The Employment Ordinance's "month", 1968 s. 5(4).
    public static func lastDay(given: CalendarDate, months: Int) -> CalendarDate {
        guard let same = try? given.adding(months: months) else { return .latest }
        return same.day < given.day || given == given.lastOfMonth ? same.lastOfMonth : same.adding(daysClamped: -1)
    }
}

/// Service from the first day to the last day worked, both counted.
struct ServiceLength {
    let tenure: Tenure
    let completedYears: Int
    /// Days into the unfinished year, and that year's length (365 or 366).
    let partDays: Int
    let yearDays: Int
    /// The unfinished year is more than six calendar months: six months and a day, not six months.
    let partOverSixMonths: Bool

    init(start: CalendarDate, lastDay: CalendarDate) {
        let end = lastDay.adding(daysClamped: 1)
        tenure = Tenure(from: start, to: end)
        completedYears = tenure.completedYears
        let anniversary = (try? start.adding(years: completedYears)) ?? start
        let next = (try? start.adding(years: completedYears + 1)) ?? end
        partDays = anniversary.days(until: end)
        yearDays = anniversary.days(until: next)
        partOverSixMonths = ((try? anniversary.adding(months: 6)) ?? end) < end
    }
}
