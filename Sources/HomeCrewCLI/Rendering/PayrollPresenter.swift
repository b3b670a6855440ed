import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

enum PayrollPresenter {
    static func table(_ report: PayrollReport, showHousehold: Bool) -> RecordTable {
        var headers = ["MONTH", "STAFF", "DAYS", "SALARY", "UNPAID", "ADJUSTMENTS", "ADVANCES", "NET", "PAID"]
        if showHousehold { headers.insert("HOUSEHOLD", at: 1) }
        var table = RecordTable(headers: headers, rightAligned: ["DAYS", "UNPAID", "ADJUSTMENTS", "ADVANCES", "NET"])
        func row(_ cells: [String], household: String) {
            var cells = cells
            if showHousehold { cells.insert(household, at: 1) }
            table.append(cells)
        }
        for entry in report.entries {
            let line = entry.line
            let rates = line.segments.map(\.monthlySalary.plainAmount).joined(separator: " → ")
            let adjustments = line.adjustments.isEmpty ? "" : PayrollExplanation.signed(line.adjustmentTotal.rounded())
            row([line.month.description, entry.member.displayName, "\(line.daysEmployed)/\(line.daysInMonth)", rates,
                 line.unpaid.isEmpty ? "" : line.unpaidDays.description, adjustments,
                 line.deductions.isEmpty ? "" : "-" + line.deductionTotal.plainAmount, line.net.description, entry.paymentSummary],
                household: entry.household.name)
        }
        if showHousehold {
            for (household, totals) in report.householdTotals {
                for total in totals { row(["TOTAL", "", "", "", "", "", "", total.description, ""], household: household.name) }
            }
        }
        for total in report.totals { row(["TOTAL", showHousehold ? "all households" : "", "", "", "", "", "", total.description, ""], household: "") }
        return table
    }

    static func json(_ report: PayrollReport) -> JSON {
        .object([
            "period": .object(["label": .string(report.period.label), "from": .string(report.period.range.start.description),
                               "to": .string(report.period.range.end.description)]),
            "lines": .array(report.entries.map(lineJSON)),
            "totals": .array(report.totals.map(\.json)),
            "household_totals": .array(report.householdTotals.map { household, totals in
                .object(["household": .string(household.name), "totals": .array(totals.map(\.json))])
            }),
        ])
    }

    static func lineJSON(_ entry: PayrollReport.Entry) -> JSON {
        let line = entry.line
        func days(_ range: DateRange) -> [String: JSON] { ["from": .string(range.start.description), "to": .string(range.end.description)] }
        return .object([
            "month": .string(line.month.description), "household": .string(entry.household.name),
            "staff": StaffPresenter.reference(entry.member), "currency": .string(line.currency.code),
            "days_in_month": .int(line.daysInMonth), "days_employed": .int(line.daysEmployed),
            "segments": .array(line.segments.map { .object(days($0.days).merging([
                "days": .int($0.days.dayCount), "monthly_salary": $0.monthlySalary.json]) { $1 }) }),
            "unpaid": .array(line.unpaid.map { .object(days($0.days).merging([
                "days": .string(LeaveDays(halfDays: $0.halfDays).description), "monthly_salary": $0.monthlySalary.json]) { $1 }) }),
            "unpaid_days": .string(line.unpaidDays.description),
            "adjustments": .array(line.adjustments.map { .object(["id": .string($0.id.rawValue), "amount": $0.amount.json,
                                                                  "reason": .string($0.reason)]) }),
            "advance_deductions": .array(line.deductions.map { .object(["advance": .string($0.advanceID.rawValue), "kind": .string($0.kind.rawValue),
                                                                       "amount": $0.amount.json, "left_after": $0.balanceAfter.json]) }),
            "net": line.net.json,
            "paid": .array(entry.paid.map { .object(["payment": .string($0.paymentID.rawValue), "day": .string($0.day.description),
                                                     "method": .string($0.method.rawValue), "amount": $0.amount.json]) }),
            "outstanding": entry.outstanding.json,
            "settled_before_homecrew": .bool(entry.settledBeforeHomeCrew),
        ])
    }

    static func adjustmentJSON(_ record: StaffRecord<PayAdjustment>) -> JSON {
        .object(["id": .string(record.value.id.rawValue), "staff": StaffPresenter.reference(record.member),
                 "household": .string(record.household.name), "month": .string(record.value.month.description),
                 "amount": record.value.amount.json, "reason": .string(record.value.reason)])
    }
}
