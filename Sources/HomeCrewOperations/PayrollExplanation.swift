import Foundation
import HomeCrewCore

/// The arithmetic of a payroll line in words (`report payroll --explain` and the web's payroll page).
public enum PayrollExplanation {
    /// The arithmetic of a line, in words, for `--explain`: the steps' English.
    public static func lines(_ line: PayrollLine) -> [String] { steps(line).map(\.description) }

    /// The arithmetic of a line as steps, each what it says and its values, so that a page can
    /// word it in its own language.
    public static func steps(_ line: PayrollLine) -> [WorkedStep] {
        let n = line.daysInMonth, code = line.currency.code
        var steps = [WorkedStep(.payrollMonth, ["month": .monthName(line.month), "month_days": .number(n), "paid": .number(line.daysEmployed)])]
        for segment in line.segments {
            let part = segment.monthlySalary.amount * Decimal(segment.days.dayCount) / Decimal(n)
            steps.append(WorkedStep(.payrollSegment, ["dates": .text(segment.days.description), "salary": .amount(segment.monthlySalary),
                                                      "month_days": .number(n), "amount": .text(exact(part, line.currency)), "currency": .text(code)],
                                    count: segment.days.dayCount))
        }
        for unpaid in line.unpaid {
            let part = unpaid.monthlySalary.amount * Decimal(unpaid.halfDays) / 2 / Decimal(n)
            var values: [String: WorkedStep.Value] = ["dates": .text(unpaid.days.description), "salary": .amount(unpaid.monthlySalary),
                                                      "month_days": .number(n), "amount": .text(exact(part, line.currency)), "currency": .text(code)]
            // A whole number of days is said with its plural; half days are always "days".
            if unpaid.halfDays.isMultiple(of: 2) {
                steps.append(WorkedStep(.payrollUnpaid, values, count: unpaid.halfDays / 2))
            } else {
                values["days"] = .leaveDays(LeaveDays(halfDays: unpaid.halfDays))
                steps.append(WorkedStep(.payrollUnpaidHalves, values))
            }
        }
        for adjustment in line.adjustments {
            steps.append(WorkedStep(.payrollAdjustment, ["amount": .text(signed(adjustment.amount)), "reason": .text(adjustment.reason)]))
        }
        guard !line.deductions.isEmpty else {
            steps.append(WorkedStep(.payrollNetRounded, ["amount": .text(line.net.description)]))
            return steps
        }
        steps.append(WorkedStep(.payrollEarnedRounded, ["amount": .text(line.netBeforeDeductions.description)]))
        for deduction in line.deductions {
            let kind: WorkedStep.Kind = switch deduction.kind {
            case .advance: .payrollAdvanceInstalment
            case .loan: .payrollLoanInstalment
            }
            steps.append(WorkedStep(kind, ["id": .text(deduction.advanceID.short), "amount": .text(deduction.amount.description),
                                           "balance": .text(deduction.balanceAfter.description)]))
        }
        steps.append(WorkedStep(.payrollNet, ["amount": .text(line.net.description)]))
        return steps
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
