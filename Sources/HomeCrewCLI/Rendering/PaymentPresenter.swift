import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

enum PaymentPresenter {
    /// "2026-10, 2026-11 (12500.00)".
    static func months(_ payment: Payment) -> String {
        switch payment.purpose {
        case .payroll:
            payment.months.count == 1 ? payment.months[0].month.description
                : payment.months.map { "\($0.month) (\($0.amount.plainAmount))" }.joined(separator: ", ")
        case .advance: "advance \(payment.advanceID?.short ?? "")"
        case .repayment: "repays \(payment.advanceID?.short ?? "")"
        case .settlement: "settlement"
        }
    }

    static func table(_ entries: [PaymentEntry]) -> RecordTable {
        var table = RecordTable(headers: ["ID", "PAID ON", "STAFF", "AMOUNT", "METHOD", "FOR", "REFERENCE", "PROOF", "STATE"],
                                rightAligned: ["AMOUNT", "PROOF"])
        for entry in entries {
            let payment = entry.payment
            table.append([payment.id.short, payment.paidOn.description, entry.member.displayName, payment.amount.description,
                          payment.method.label, months(payment), payment.reference ?? "", String(entry.proof.count), state(entry)])
        }
        return table
    }

    static func state(_ entry: PaymentEntry) -> String {
        if let reversed = entry.payment.reverses { return "reverses \(reversed.short)" }
        if let by = entry.reversedBy { return "reversed by \(by.short)" }
        return ""
    }

    static func json(_ entry: PaymentEntry) -> JSON {
        let payment = entry.payment
        return .object([
            "id": .string(payment.id.rawValue), "staff": StaffPresenter.reference(entry.member), "household": .string(entry.household.name),
            "paid_on": .string(payment.paidOn.description), "amount": payment.amount.json, "method": .string(payment.method.rawValue),
            "purpose": .string(payment.purpose.rawValue), "advance": payment.advanceID.map { .string($0.rawValue) } ?? .null,
            "months": .array(payment.months.map { .object(["month": .string($0.month.description), "amount": $0.amount.json]) }),
            "reference": payment.reference.map(JSON.string) ?? .null, "note": payment.note.map(JSON.string) ?? .null,
            "proof": .array(entry.proof.map { .object(["id": .string($0.id.rawValue), "title": .string($0.title)]) }),
            "reverses": payment.reverses.map { .string($0.rawValue) } ?? .null,
            "reversed_by": entry.reversedBy.map { .string($0.rawValue) } ?? .null,
        ])
    }

    static func csv(_ entries: [PaymentEntry]) -> RecordTable {
        var table = RecordTable(headers: ["id", "paid_on", "staff_id", "legal_name", "household", "amount", "currency", "method",
                                          "purpose", "advance_id", "months", "reference", "note", "proof_ids", "reverses", "reversed_by"])
        for entry in entries {
            let payment = entry.payment
            table.append([payment.id.rawValue, payment.paidOn.description, entry.member.id.rawValue, entry.member.legalName,
                          entry.household.name, payment.amount.plainAmount, payment.amount.currency.code, payment.method.rawValue,
                          payment.purpose.rawValue, payment.advanceID?.rawValue ?? "",
                          payment.months.map { "\($0.month)=\($0.amount.plainAmount)" }.joined(separator: ";"),
                          payment.reference ?? "", payment.note ?? "", entry.proof.map(\.id.rawValue).joined(separator: ";"),
                          payment.reverses?.rawValue ?? "", entry.reversedBy?.rawValue ?? ""])
        }
        return table
    }

    // MARK: Advances

    static func advanceTable(_ entries: [AdvanceEntry], through month: YearMonth) -> RecordTable {
        var table = RecordTable(headers: ["ID", "GIVEN ON", "STAFF", "KIND", "AMOUNT", "REPAID FROM PAY", "REPAID", "LEFT", "RULE"],
                                rightAligned: ["AMOUNT", "REPAID FROM PAY", "REPAID", "LEFT"])
        for entry in entries {
            let statement = entry.statement, advance = statement.advance
            table.append([advance.id.short, advance.givenOn.description, entry.member.displayName, advance.kind.rawValue,
                          advance.amount.description, statement.deducted(through: month).plainAmount, statement.repaid(through: month).plainAmount,
                          entry.reversed ? "reversed" : statement.left(through: month).description, advance.repayment.description])
        }
        return table
    }

    static func advanceJSON(_ entry: AdvanceEntry, through month: YearMonth) -> JSON {
        let statement = entry.statement, advance = statement.advance
        var rule: [String: JSON] = ["first_month": .string(advance.repayment.firstMonth.description)]
        switch advance.repayment {
        case .perMonth(let money, _): rule["per_month"] = money.json
        case .instalments(let count, _): rule["instalments"] = .int(count)
        }
        return .object([
            "id": .string(advance.id.rawValue), "staff": StaffPresenter.reference(entry.member), "household": .string(entry.household.name),
            "kind": .string(advance.kind.rawValue), "given_on": .string(advance.givenOn.description), "amount": advance.amount.json,
            "repayment": .object(rule), "note": advance.note.map(JSON.string) ?? .null, "reversed": .bool(entry.reversed),
            "deductions": .array(statement.deductions.filter { $0.month <= month }.map {
                .object(["month": .string($0.month.description), "amount": $0.amount.json, "left_after": $0.balanceAfter.json])
            }),
            "repayments": .array(statement.repayments.filter { $0.day <= month.last }.map {
                .object(["day": .string($0.day.description), "amount": Money($0.amount, advance.amount.currency).json])
            }),
            "left": entry.reversed ? .null : statement.left(through: month).json,
        ])
    }

    // MARK: What is owed

    static func owedTable(_ report: OwedReport, showHousehold: Bool) -> RecordTable {
        var headers = ["STAFF", "CURRENCY", "DUE", "PAID", "OUTSTANDING", "OPEN MONTHS", "ADVANCES LEFT"]
        // Only where a ledger's opening covers part of the period.
        let showSettled = report.rows.contains { !$0.settledMonths.isEmpty }
        if showSettled { headers.append(PayrollReport.settledBeforeHomeCrew.uppercased()) }
        if showHousehold { headers.insert("HOUSEHOLD", at: 0) }
        var table = RecordTable(headers: headers, rightAligned: ["DUE", "PAID", "OUTSTANDING", "ADVANCES LEFT"])
        func row(_ cells: [String], settled: String, household: String) {
            let cells = showSettled ? cells + [settled] : cells
            table.append(showHousehold ? [household] + cells : cells)
        }
        for line in report.rows {
            row([line.member.displayName, line.currency.code, line.due.plainAmount, line.paid.plainAmount, line.outstanding.plainAmount,
                 monthRuns(line.openMonths), line.advancesLeft.plainAmount], settled: monthRuns(line.settledMonths), household: line.household.name)
        }
        for total in report.totals {
            row(["TOTAL", total.currency.code, total.due.plainAmount, total.paid.plainAmount, total.outstanding.plainAmount, "",
                 total.advancesLeft.plainAmount], settled: "", household: "")
        }
        return table
    }

    /// Months as runs: "2026-01..2026-09 2026-11".
    static func monthRuns(_ months: [YearMonth]) -> String {
        var runs: [(YearMonth, YearMonth)] = []
        for month in months.sorted() {
            if let last = runs.last, last.1.next == month { runs[runs.count - 1].1 = month } else { runs.append((month, month)) }
        }
        return runs.map { $0.0 == $0.1 ? $0.0.description : "\($0.0)..\($0.1)" }.joined(separator: " ")
    }

    static func owedCSV(_ report: OwedReport) -> RecordTable {
        var table = RecordTable(headers: ["household", "staff_id", "legal_name", "currency", "due", "paid", "outstanding", "open_months", "advances_left"])
        for line in report.rows {
            table.append([line.household.name, line.member.id.rawValue, line.member.legalName, line.currency.code, line.due.plainAmount,
                          line.paid.plainAmount, line.outstanding.plainAmount, line.openMonths.map(\.description).joined(separator: ";"),
                          line.advancesLeft.plainAmount])
        }
        return table
    }

    static func owedJSON(_ report: OwedReport) -> JSON {
        .object([
            "period": .object(["label": .string(report.period.label), "from": .string(report.period.range.start.description),
                               "to": .string(report.period.range.end.description)]),
            "rows": .array(report.rows.map { line in
                .object(["household": .string(line.household.name), "staff": StaffPresenter.reference(line.member),
                         "currency": .string(line.currency.code), "due": line.due.json, "paid": line.paid.json,
                         "outstanding": line.outstanding.json, "open_months": .array(line.openMonths.map { .string($0.description) }),
                         "advances_left": line.advancesLeft.json,
                         "settled_before_homecrew": .array(line.settledMonths.map { .string($0.description) })])
            }),
            "totals": .array(report.totals.map { total in
                .object(["currency": .string(total.currency.code), "due": total.due.json, "paid": total.paid.json,
                         "outstanding": total.outstanding.json, "advances_left": total.advancesLeft.json])
            }),
        ])
    }
}
