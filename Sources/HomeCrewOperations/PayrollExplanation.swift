import Foundation
import HomeCrewCore

/// The arithmetic of a payroll line in words (`report payroll --explain` and the web's payroll page).
public enum PayrollExplanation {
    /// The arithmetic of a line, in words, for `--explain`.
    public static func lines(_ line: PayrollLine) -> [String] {
        let n = line.daysInMonth, code = line.currency.code
        var text = ["\(MonthName.english[line.month.month - 1]) \(line.month.year) has \(n) days; paid for \(line.daysEmployed) of them."]
        for segment in line.segments {
            let part = segment.monthlySalary.amount * Decimal(segment.days.dayCount) / Decimal(n)
            text.append("\(segment.days): \(segment.days.dayCount) day\(segment.days.dayCount == 1 ? "" : "s") × "
                        + "\(segment.monthlySalary.plainAmount) ÷ \(n) = \(exact(part, line.currency)) \(code)")
        }
        for unpaid in line.unpaid {
            let days = LeaveDays(halfDays: unpaid.halfDays)
            let part = unpaid.monthlySalary.amount * Decimal(unpaid.halfDays) / 2 / Decimal(n)
            text.append("unpaid leave \(unpaid.days): \(days) day\(unpaid.halfDays == 2 ? "" : "s") × "
                        + "\(unpaid.monthlySalary.plainAmount) ÷ \(n) = −\(exact(part, line.currency)) \(code)")
        }
        for adjustment in line.adjustments {
            text.append("adjustment: \(signed(adjustment.amount)) (\(adjustment.reason))")
        }
        guard !line.deductions.isEmpty else {
            text.append("net: \(line.net) (the exact sum, rounded once to the currency's minor unit, halves away from zero)")
            return text
        }
        text.append("earned: \(line.netBeforeDeductions) (the exact sum, rounded once to the currency's minor unit, halves away from zero)")
        for deduction in line.deductions {
            text.append("\(deduction.kind.rawValue) \(deduction.advanceID.short) instalment: −\(deduction.amount) (left to repay after: \(deduction.balanceAfter))")
        }
        text.append("net: \(line.net)")
        return text
    }

    public static func signed(_ money: Money) -> String { (money.isNegative ? "" : "+") + money.description }

    /// An intermediate amount: exact when it ends within four digits past the minor unit,
    /// else cut there with "…".
    public static func exact(_ value: Decimal, _ currency: Currency) -> String {
        var input = value, shown = Decimal()
        NSDecimalRound(&shown, &input, currency.minorUnits + 4, .down)
        let digits = "\(shown)"
        let minimum = currency.minorUnits
        var text = digits
        let decimals = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        if decimals < minimum { text += (decimals == 0 && minimum > 0 ? "." : "") + String(repeating: "0", count: minimum - decimals) }
        return shown == value ? text : text + "…"
    }
}
