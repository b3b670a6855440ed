import Foundation

extension SettlementCalculator {
    /// The gratuity line: nothing (with the reason) below the minimum service or for a leaving
    /// reason the rule does not pay; otherwise the rule's formula on the last wage, capped.
    static func gratuity(_ facts: SettlementFacts, _ rule: GratuityRule, _ service: ServiceLength,
                         rulesName: String) throws(SettlementError) -> Settlement.Line {
        let currency = facts.lastWage.currency
        var arithmetic = ["service \(facts.member.startDate) to \(facts.leaving), both days counted: \(service.tenure)"]
        func none(_ why: String) -> Settlement.Line {
            .init(part: .gratuity, amount: .zero(currency), arithmetic: arithmetic + [why], source: rule.source)
        }
        guard rule.reasons.contains(facts.reason) else {
            return none("not due when employment ends by \(facts.reason.rawValue): \(rule.reading)")
        }
        guard service.completedYears >= rule.minimumYears else {
            return none("not due: \(service.completedYears) completed years, fewer than the \(rule.minimumYears) required")
        }
        if let capCurrency = rule.capCurrency, capCurrency != currency.code, rule.monthlyWageCap != nil || rule.totalCap != nil {
            throw .capInOtherCurrency(rules: rulesName, cap: capCurrency, wage: currency.code)
        }
        var wage = facts.lastWage
        if let cap = rule.monthlyWageCap, wage.amount > cap {
            arithmetic.append("the wage \(wage.plainAmount) is capped at \(Money(cap, currency).plainAmount)")
            wage = Money(cap, currency)
        }
        var amount: Money
        switch rule.kind {
        case .lump:
            amount = Money(wage.amount * Decimal(rule.lumpMonths), currency)
            arithmetic.append("\(rule.lumpMonths) month\(rule.lumpMonths == 1 ? "" : "s") of \(wage.plainAmount) = \(amount.plainAmount)")
        case .perYear:
            let partDays = rule.partialYear == .proRata ? service.partDays : 0
            // wage × daysPerYear ÷ daysPerMonth × (years + partDays ÷ yearDays), multiplied out before dividing.
            let yearsNumerator = Decimal(service.completedYears * service.yearDays + partDays)
            amount = wage.scaled(by: Decimal(rule.daysPerYear) * yearsNumerator, over: Decimal(rule.daysPerMonth * service.yearDays))
            let years = partDays == 0 ? "\(service.completedYears)" : "(\(service.completedYears) + \(partDays)/\(service.yearDays))"
            arithmetic.append("\(rule.daysPerYear)/\(rule.daysPerMonth) × \(wage.plainAmount) × \(years) years = \(amount.rounded().plainAmount)")
        }
        if let cap = rule.totalCap, amount.amount > cap {
            arithmetic.append("capped at \(Money(cap, currency).plainAmount)")
            amount = Money(cap, currency)
        }
        arithmetic.append(rule.reading)
        return .init(part: .gratuity, amount: amount.rounded(), arithmetic: arithmetic, source: rule.source)
    }
}
