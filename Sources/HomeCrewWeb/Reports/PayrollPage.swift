import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

/// Payroll for a month or a period: a line per person per month, totals per currency, the
/// arithmetic of each line, payslips, and closing or reopening a month.
struct PayrollPage {
    let app: WebApp
    let session: WebSession?
    let query: Form
    let problem: String?

    var reach: Reach { session?.reach ?? .nothing }

    func render() throws -> Response {
        let today = app.today
        let periodText = query["period"] ?? "this month"
        let period = try Period.parse(periodText, today: today)
        let households = try app.database.householdSummaries(within: reach)
        let householdID = try query.household(within: reach, app.database)
        let report = try app.database.payroll(period, householdID: householdID, within: reach)
        try ReportController.refuseLongPage(report.entries.count)
        let closed = try app.database.closedMonths(householdID: householdID)
        return Layout.page(title: t("Payroll {period}", ["period": period.label]), session: session, body: """
            <h1>\(t("Payroll {period}", ["period": period.label])) <span class="marks">\(ltr: period.range.description)</span></h1>
            \(Layout.problem(problem))
            <form method="get" action="/reports/payroll">
            \(Layout.field(t("Period"), name: "period", value: periodText, hint: t("2026-11, 2026-Q4, 2026, this month, last month, or 2026-11-01..2026-11-15")))
            \(Layout.select(t("Household"), name: "household", options: [(value: "", label: t("All households"))] + Fragments.householdOptions(households),
                            selected: query["household"] ?? ""))
            <p><button type="submit">\(t("Show"))</button></p></form>
            \(CSVDownload.link("/reports/payroll", [("period", periodText), ("household", householdID?.rawValue)]))
            \(lines(report))
            \(totals(report, showHouseholds: householdID == nil))
            \(explanations(report))
            \(monthForms(period, householdID: householdID, closed: closed))
            """)
    }

    private func lines(_ report: PayrollReport) -> HTML {
        guard !report.entries.isEmpty else { return "<p class=\"note\">\(t("Nobody is paid in this period."))</p>" }
        let rows = report.entries.map { entry -> HTML in
            let line = entry.line
            let payslip = "/payslips/\(entry.member.id.rawValue)/\(line.month.description)?currency=\(line.currency.code)"
            return """
                <tr><td class="num">\(line.month.description)</td><td><a href="/staff/\(entry.member.id.rawValue)">\(bdi: entry.member.displayName)</a></td>
                <td>\(bdi: entry.household.name)</td><td class="num">\(line.daysEmployed)/\(line.daysInMonth)</td>
                <td class="num">\(line.segments.map(\.monthlySalary.plainAmount).joined(separator: " → "))</td>
                <td class="num">\(line.unpaid.isEmpty ? "" : line.unpaidDays.description)</td>
                <td class="num">\(line.adjustments.isEmpty ? "" : PayrollExplanation.signed(line.adjustmentTotal.rounded()))\(line.deductions.isEmpty ? "" : " " + t("−{amount} advance", ["amount": line.deductionTotal.plainAmount]))</td>
                <td class="num"><strong>\(line.net.description)</strong></td>
                <td class="paid" data-paid="\(entry.isPaid ? "yes" : "no")">\(ReportWords.paymentSummary(entry))</td><td><a href="\(payslip)">\(t("Payslip"))</a></td></tr>
                """
        }
        return """
            <div class="scroll"><table class="payroll"><thead><tr><th>\(t("Month"))</th><th>\(t("Staff"))</th><th>\(t("Household"))</th><th>\(t("Days", context: "days employed"))</th>
            <th class="num">\(t("Salary"))</th><th class="num">\(t("Unpaid days"))</th><th class="num">\(t("Adjustments"))</th><th class="num">\(t("Net"))</th><th>\(t("Paid"))</th><th><span class="sr-only">\(t("Payslip"))</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
    }

    /// Totals per currency, and per household too when the page shows several.
    private func totals(_ report: PayrollReport, showHouseholds: Bool) -> HTML {
        guard !report.totals.isEmpty else { return .empty }
        let overall = report.totals.map { total -> HTML in "<li class=\"total\"><strong>\(total.description)</strong></li>" }
        let perHousehold = report.householdTotals
        guard showHouseholds, perHousehold.count > 1 else { return "<h2>\(t("Totals"))</h2><ul>\(overall)</ul>" }
        let rows = perHousehold.flatMap { household, totals in
            totals.map { total -> HTML in "<tr><td>\(bdi: household.name)</td><td class=\"num\">\(total.description)</td></tr>" }
        }
        return """
            <h2>\(t("Totals"))</h2><div class="scroll"><table class="totals"><thead><tr><th>\(t("Household"))</th><th class="num">\(t("Net"))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div><p>\(t("All households:"))</p><ul>\(overall)</ul>
            """
    }

    private func explanations(_ report: PayrollReport) -> HTML {
        guard !report.entries.isEmpty else { return .empty }
        let sections = report.entries.map { entry -> HTML in
            // In the page's language; the English (the command line's words) kept left to right on any page.
            let lines = PayrollExplanation.steps(entry.line).map { step -> HTML in
                WebText.current.language == "en" ? "<li>\(ltr: ReportWords.payrollStep(step))</li>" : "<li>\(ReportWords.payrollStep(step))</li>"
            }
            return "<h3>\(bdi: entry.member.legalName), \(bdi: entry.household.name), \(entry.line.month.description)</h3><ul>\(lines)</ul>"
        }
        return "<details><summary>\(t("How each line was worked out"))</summary>\(sections)</details>"
    }

    private func monthForms(_ period: Period, householdID: RecordID?, closed: [ClosedMonth]) -> HTML {
        if let householdID, !reach.allows(.manager, in: householdID) { return .empty }
        guard let householdID, period.range.months.count == 1, let month = period.range.months.first else {
            return "<p class=\"note\">\(t("Choose one household and one month to close or reopen it."))</p>"
        }
        let isClosed = closed.contains { $0.month == month && $0.householdID == householdID }
        return """
            <h2>\(isClosed ? t("{month} is closed", ["month": month.description]) : t("{month} is open", ["month": month.description]))</h2>
            <form method="post" action="/reports/payroll/\(isClosed ? "reopen" : "close")">\(Layout.csrfField(session))
            <input type="hidden" name="month" value="\(month.description)"><input type="hidden" name="household" value="\(householdID.rawValue)">
            <p><button type="submit">\(isClosed ? t("Reopen {month}", ["month": month.description]) : t("Close {month}", ["month": month.description]))</button></p></form>
            """
    }
}
