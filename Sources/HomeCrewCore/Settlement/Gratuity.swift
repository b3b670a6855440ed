import Foundation

extension SettlementCalculator {
    /// The gratuity line: nothing (with the reason) below the minimum service or for a leaving
    /// reason the rule does not pay; otherwise the rule's formula on the last wage, capped (or,
    /// for a rule that splits service, each part at its own wage, capped together).
    static func gratuity(_ facts: SettlementFacts, _ rule: GratuityRule, _ service: ServiceLength,
                         rulesName: String) throws(SettlementError) -> Settlement.Line {
        let currency = facts.lastWage.currency
        var arithmetic = [WorkedStep(.gratuityService, ["title": .text(rule.title), "start": .date(facts.member.startDate), "end": .date(facts.leaving),
                                                        "service": .length(service.tenure)])]
        func none(_ why: WorkedStep) -> Settlement.Line {
            .init(part: .gratuity, amount: .zero(currency), working: arithmetic + [why], source: rule.source, title: rule.title)
        }
        guard rule.reasons.contains(facts.reason) else {
            return none(WorkedStep(.gratuityNotForReason, ["reason": .reason(facts.reason), "reading": .text(rule.reading)]))
        }
        guard service.completedYears >= rule.minimumYears else {
            let remarks = [rule.hijriYearsOpen ? hijriYearsRemark(facts, rule) : nil, rule.shortServiceReading.map(WorkedStep.quoted)].compactMap { $0 }
            var values: [String: WorkedStep.Value] = ["years": .number(service.completedYears), "minimum": .number(rule.minimumYears)]
            if !remarks.isEmpty { values["remarks"] = .steps(remarks) }
            return none(WorkedStep(remarks.isEmpty ? .gratuityTooFewYears : .gratuityTooFewYearsWithRemarks, values))
        }
        let months = service.tenure.years * 12 + service.tenure.months
        guard months >= rule.minimumMonths else {
            return none(WorkedStep(.gratuityTooFewMonths, ["months": .number(months), "minimum": .number(rule.minimumMonths)]))
        }
        if let capCurrency = rule.capCurrency, capCurrency != currency.code, rule.monthlyWageCap != nil || rule.totalCap != nil {
            throw .capInOtherCurrency(rules: rulesName, cap: capCurrency, wage: currency.code)
        }
        var amount: Money
        if let split = rule.split, rule.kind == .perYear, facts.member.startDate < split.date, facts.leaving >= split.date {
            amount = try splitAmount(facts, rule, split, &arithmetic)
        } else {
            let wage = cappedWage(facts.lastWage, rule, &arithmetic)
            switch rule.kind {
            case .lump:
                amount = Money(wage.amount * Decimal(rule.lumpMonths), currency)
                arithmetic.append(WorkedStep(.gratuityLump, ["wage": .amount(wage), "amount": .amount(amount)], count: rule.lumpMonths))
            case .perYear:
                amount = perYear(wage, rule, service, &arithmetic)
            }
        }
        if let cap = rule.totalCap, amount.amount > cap {
            arithmetic.append(rule.ceilingReading.map {
                WorkedStep(.gratuityCeiling, ["amount": .amount(amount.rounded()), "cap": .amount(Money(cap, currency)), "reading": .text($0)])
            } ?? WorkedStep(.gratuityCapped, ["cap": .amount(Money(cap, currency))]))
            amount = Money(cap, currency)
        }
        arithmetic.append(.quoted(rule.reading))
        return .init(part: .gratuity, amount: amount.rounded(), working: arithmetic, source: rule.source, title: rule.title)
    }

    static func cappedWage(_ wage: Money, _ rule: GratuityRule, _ arithmetic: inout [WorkedStep]) -> Money {
        guard let cap = rule.monthlyWageCap, wage.amount > cap else { return wage }
        arithmetic.append(WorkedStep(.wageCapped, ["wage": .amount(wage), "cap": .amount(Money(cap, wage.currency))]))
        return Money(cap, wage.currency)
    }

    /// wage × daysPerYear ÷ daysPerMonth × (years + partDays ÷ yearDays), multiplied out before dividing; exact.
    /// Over six months: the part year is a whole year when more than six calendar months, else
    /// nothing; the line also gives the pro-rata figure, so the reader sees what the reading changes.
    static func perYear(_ wage: Money, _ rule: GratuityRule, _ service: ServiceLength, _ arithmetic: inout [WorkedStep]) -> Money {
        let overSixMonths = rule.partialYear == .overSixMonths
        let wholeYears = service.completedYears + (overSixMonths && service.partOverSixMonths ? 1 : 0)
        if overSixMonths, service.partDays > 0 {
            arithmetic.append(WorkedStep(service.partOverSixMonths ? .partYearCounted : .partYearNotCounted,
                                         ["days": .number(service.partDays), "years": .number(service.completedYears)]))
        }
        let amount = perYearLine(wage, rule, years: wholeYears, partDays: rule.partialYear == .proRata ? service.partDays : 0, service, &arithmetic)
        if overSixMonths, service.partDays > 0 {
            var alternative: [WorkedStep] = []
            let proRata = perYearLine(wage, rule, years: service.completedYears, partDays: service.partDays, service, &alternative)
            arithmetic.append(WorkedStep(proRata.amount > amount.amount ? .proRataMore : .proRataLess, ["working": .steps(alternative)]))
        }
        return amount
    }

    /// wage × daysPerYear ÷ daysPerMonth × (years + partDays ÷ yearDays), its arithmetic appended.
    static func perYearLine(_ wage: Money, _ rule: GratuityRule, years: Int, partDays: Int, _ service: ServiceLength,
                            _ arithmetic: inout [WorkedStep]) -> Money {
        let yearsNumerator = Decimal(years * service.yearDays + partDays)
        let amount = wage.scaled(by: Decimal(rule.daysPerYear) * yearsNumerator, over: Decimal(rule.daysPerMonth * service.yearDays))
        arithmetic.append(WorkedStep(partDays == 0 ? .perYearWhole : .perYearPart, [
            "perYear": .number(rule.daysPerYear), "perMonth": .number(rule.daysPerMonth), "wage": .amount(wage), "years": .number(years),
            "days": .number(partDays), "yearDays": .number(service.yearDays), "amount": .amount(amount.rounded()),
        ]))
        return amount
    }

    /// Where the law does not say whether its years are Gregorian or Hijri: the day the Hijri
    /// (Umm al-Qura) years were complete, when they are, since HomeCrew counts Gregorian years.
    static func hijriYearsRemark(_ facts: SettlementFacts, _ rule: GratuityRule) -> WorkedStep? {
        var hijri = Calendar(identifier: .islamicUmmAlQura)
        hijri.timeZone = TimeZone(identifier: "UTC") ?? hijri.timeZone
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = hijri.timeZone
        let day = { (date: CalendarDate) in gregorian.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) }
        guard let start = day(facts.member.startDate), let end = day(facts.leaving.adding(daysClamped: 1)),
              let completed = hijri.date(byAdding: .year, value: rule.minimumYears, to: start), completed <= end else { return nil }
        let parts = gregorian.dateComponents([.year, .month, .day], from: completed)
        guard let last = (try? CalendarDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0))?.adding(daysClamped: -1) else { return nil }
        return WorkedStep(.hijriYears, ["years": .number(rule.minimumYears), "date": .date(last)])
    }

    /// Service before the split day at the wage in force on the day before it, service from it at
    /// the last wage, each wage capped; the earlier part is capped first and the later part gets
    /// only what the cap leaves.
    static func splitAmount(_ facts: SettlementFacts, _ rule: GratuityRule, _ split: ServiceSplit,
                            _ arithmetic: inout [WorkedStep]) throws(SettlementError) -> Money {
        let currency = facts.lastWage.currency
        let dayBefore = split.date.adding(daysClamped: -1)
        // Without a salary history (a bare calculation) the last wage holds throughout; with one, the wage of that day must be in it.
        let earlierWage = facts.salaries.map { $0.salary(on: dayBefore) } ?? facts.lastWage
        guard let earlierWage, earlierWage.currency == currency else { throw .noWageBeforeSplit(split: split.date, name: facts.member.legalName) }
        arithmetic.append(WorkedStep(.splitService, ["date": .date(split.date), "dayBefore": .date(dayBefore), "wage": .amount(earlierWage),
                                                     "reading": .text(split.reading)]))
        var before = perYear(cappedWage(earlierWage, rule, &arithmetic), rule,
                             ServiceLength(start: facts.member.startDate, lastDay: dayBefore), &arithmetic)
        var after = perYear(cappedWage(facts.lastWage, rule, &arithmetic), rule,
                            ServiceLength(start: split.date, lastDay: facts.leaving), &arithmetic)
        if let cap = rule.totalCap {
            if before.amount > cap {
                arithmetic.append(WorkedStep(.splitBeforeCapped, ["date": .date(split.date), "cap": .amount(Money(cap, currency))]))
                before = Money(cap, currency)
            }
            if before.amount + after.amount > cap {
                after = Money(cap - before.amount, currency)
                arithmetic.append(WorkedStep(.splitAfterRemainder, ["date": .date(split.date), "amount": .amount(after.rounded())]))
            }
        }
        let total = Money(before.amount + after.amount, currency)
        arithmetic.append(WorkedStep(.together, ["amount": .amount(total.rounded())]))
        return total
    }
}
