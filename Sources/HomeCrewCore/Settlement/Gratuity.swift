import Foundation

extension SettlementCalculator {
    /// The gratuity line: nothing (with the reason) below the minimum service or for a leaving
    /// reason the rule does not pay; otherwise the rule's formula on the last wage, capped (or,
    /// for a rule that splits service, each part at its own wage, capped together).
    static func gratuity(_ facts: SettlementFacts, _ rule: GratuityRule, _ service: ServiceLength,
                         rulesName: String) throws(SettlementError) -> Settlement.Line {
        let currency = facts.lastWage.currency
        var arithmetic = ["\(rule.title): service \(facts.member.startDate) to \(facts.leaving), both days counted: \(service.tenure)"]
        func none(_ why: String) -> Settlement.Line {
            .init(part: .gratuity, amount: .zero(currency), arithmetic: arithmetic + [why], source: rule.source, title: rule.title)
        }
        guard rule.reasons.contains(facts.reason) else {
            return none("not due when employment ends by \(facts.reason.rawValue): \(rule.reading)")
        }
        guard service.completedYears >= rule.minimumYears else {
            let remarks = [rule.hijriYearsOpen ? hijriYearsRemark(facts, rule) : nil, rule.shortServiceReading].compactMap { $0 }
            return none("not due: \(service.completedYears) completed years, fewer than the \(rule.minimumYears) required" + remarks.map { "; " + $0 }.joined())
        }
        let months = service.tenure.years * 12 + service.tenure.months
        guard months >= rule.minimumMonths else {
            return none("not due: \(months) completed months, fewer than the \(rule.minimumMonths) required")
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
                arithmetic.append("\(rule.lumpMonths) month\(rule.lumpMonths == 1 ? "" : "s") of \(wage.plainAmount) = \(amount.plainAmount)")
            case .perYear:
                amount = perYear(wage, rule, service, &arithmetic)
            }
        }
        if let cap = rule.totalCap, amount.amount > cap {
            arithmetic.append(rule.ceilingReading.map { "\(amount.rounded().plainAmount) before the ceiling, capped at \(Money(cap, currency).plainAmount): \($0)" }
                ?? "capped at \(Money(cap, currency).plainAmount)")
            amount = Money(cap, currency)
        }
        arithmetic.append(rule.reading)
        return .init(part: .gratuity, amount: amount.rounded(), arithmetic: arithmetic, source: rule.source, title: rule.title)
    }

    static func cappedWage(_ wage: Money, _ rule: GratuityRule, _ arithmetic: inout [String]) -> Money {
        guard let cap = rule.monthlyWageCap, wage.amount > cap else { return wage }
        arithmetic.append("the wage \(wage.plainAmount) is capped at \(Money(cap, wage.currency).plainAmount)")
        return Money(cap, wage.currency)
    }

    /// wage × daysPerYear ÷ daysPerMonth × (years + partDays ÷ yearDays), multiplied out before dividing; exact.
    /// Over six months: the part year is a whole year when more than six calendar months, else
    /// nothing; the line also gives the pro-rata figure, so the reader sees what the reading changes.
    static func perYear(_ wage: Money, _ rule: GratuityRule, _ service: ServiceLength, _ arithmetic: inout [String]) -> Money {
        let overSixMonths = rule.partialYear == .overSixMonths
        let wholeYears = service.completedYears + (overSixMonths && service.partOverSixMonths ? 1 : 0)
        if overSixMonths, service.partDays > 0 {
            arithmetic.append("the \(service.partDays) days after \(service.completedYears) completed years are "
                + (service.partOverSixMonths ? "more than six calendar months: a year" : "not more than six calendar months: not counted"))
        }
        let amount = perYearLine(wage, rule, years: wholeYears, partDays: rule.partialYear == .proRata ? service.partDays : 0, service, &arithmetic)
        if overSixMonths, service.partDays > 0 {
            var alternative: [String] = []
            let proRata = perYearLine(wage, rule, years: service.completedYears, partDays: service.partDays, service, &alternative)
            arithmetic.append("the part year pro rata instead: \(alternative.joined()) (\(proRata.amount > amount.amount ? "more" : "less") than this reading gives)")
        }
        return amount
    }

    /// wage × daysPerYear ÷ daysPerMonth × (years + partDays ÷ yearDays), its arithmetic appended.
    static func perYearLine(_ wage: Money, _ rule: GratuityRule, years: Int, partDays: Int, _ service: ServiceLength,
                            _ arithmetic: inout [String]) -> Money {
        let yearsNumerator = Decimal(years * service.yearDays + partDays)
        let amount = wage.scaled(by: Decimal(rule.daysPerYear) * yearsNumerator, over: Decimal(rule.daysPerMonth * service.yearDays))
        let shown = partDays == 0 ? "\(years)" : "(\(years) + \(partDays)/\(service.yearDays))"
        arithmetic.append("\(rule.daysPerYear)/\(rule.daysPerMonth) × \(wage.plainAmount) × \(shown) years = \(amount.rounded().plainAmount)")
        return amount
    }

    /// Where the law does not say whether its years are Gregorian or Hijri: the day the Hijri
    /// (Umm al-Qura) years were complete, when they are, since HomeCrew counts Gregorian years.
    static func hijriYearsRemark(_ facts: SettlementFacts, _ rule: GratuityRule) -> String? {
        var hijri = Calendar(identifier: .islamicUmmAlQura)
        hijri.timeZone = TimeZone(identifier: "UTC") ?? hijri.timeZone
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = hijri.timeZone
        let day = { (date: CalendarDate) in gregorian.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) }
        guard let start = day(facts.member.startDate), let end = day(facts.leaving.adding(daysClamped: 1)),
              let completed = hijri.date(byAdding: .year, value: rule.minimumYears, to: start), completed <= end else { return nil }
        let parts = gregorian.dateComponents([.year, .month, .day], from: completed)
        let last = (try? CalendarDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0))?.adding(daysClamped: -1)
        return "\(rule.minimumYears) years of the Hijri (Umm al-Qura) calendar were complete on \(last.map(\.description) ?? "an earlier day"): "
            + "the law does not say which calendar its years are; HomeCrew counts Gregorian years, so none is paid here; if Hijri years are meant, it is due"
    }

    /// Service before the split day at the wage in force on the day before it, service from it at
    /// the last wage, each wage capped; the earlier part is capped first and the later part gets
    /// only what the cap leaves.
    static func splitAmount(_ facts: SettlementFacts, _ rule: GratuityRule, _ split: ServiceSplit,
                            _ arithmetic: inout [String]) throws(SettlementError) -> Money {
        let currency = facts.lastWage.currency
        let dayBefore = split.date.adding(daysClamped: -1)
        // Without a salary history (a bare calculation) the last wage holds throughout; with one, the wage of that day must be in it.
        let earlierWage = facts.salaries.map { $0.salary(on: dayBefore) } ?? facts.lastWage
        guard let earlierWage, earlierWage.currency == currency else { throw .noWageBeforeSplit(split: split.date, name: facts.member.legalName) }
        arithmetic.append("service before \(split.date) at the wage of \(dayBefore) (\(earlierWage.plainAmount)), from it at the last wage: \(split.reading)")
        var before = perYear(cappedWage(earlierWage, rule, &arithmetic), rule,
                             ServiceLength(start: facts.member.startDate, lastDay: dayBefore), &arithmetic)
        var after = perYear(cappedWage(facts.lastWage, rule, &arithmetic), rule,
                            ServiceLength(start: split.date, lastDay: facts.leaving), &arithmetic)
        if let cap = rule.totalCap {
            if before.amount > cap {
                arithmetic.append("the part before \(split.date) is capped at \(Money(cap, currency).plainAmount)")
                before = Money(cap, currency)
            }
            if before.amount + after.amount > cap {
                after = Money(cap - before.amount, currency)
                arithmetic.append("the part from \(split.date) is what the cap leaves: \(after.rounded().plainAmount)")
            }
        }
        let total = Money(before.amount + after.amount, currency)
        arithmetic.append("together \(total.rounded().plainAmount)")
        return total
    }
}
