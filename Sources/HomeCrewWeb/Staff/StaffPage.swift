import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

/// The staff member's page.
struct StaffPage {
    let app: WebApp
    let details: StaffDetails
    let session: WebSession?
    let problem: String?
    /// The page's query: which page of each of its lists is shown.
    var query = Form()

    var member: StaffMember { details.member }
    var base: String { "/staff/\(member.id.rawValue)" }
    var csrf: HTML { Layout.csrfField(session) }
    /// Viewers see no forms: they can change nothing.
    var canChange: Bool { session?.reach.allows(.manager, in: details.household.id) ?? false }
    /// Every list a person's records can make long shows one page of them.
    var pager: ListPager {
        ListPager(path: base, query: query, kept: ["salary_page", "leave_page", "adjustment_page", "payment_page", "advance_page", "history_page"])
    }

    func render() throws -> Response {
        let today = app.today
        let documents = try app.database.documentListing(DocumentFilter(staffID: member.id, limit: WebLimits.pageSize + 1))
        let more: HTML = documents.count > WebLimits.pageSize
            ? "<p class=\"note\">\(t("The newest {count} are shown.", ["count": String(WebLimits.pageSize)])) <a href=\"/documents?staff=\(member.id.rawValue)\">\(t("List them all"))</a></p>"
            : .empty
        return Layout.page(title: member.legalName, session: session, body: """
            <h1>\(bdi: member.legalName)</h1>
            \(Layout.problem(problem))
            \(fields(today, settlementDue: try Settling.pendingPayBy(details, app.database)))
            <h2 id="salary">\(t("Salary history"))</h2>\(try salaryHistory())
            <h2 id="leave">\(t("Leave in {year}", ["year": String(today.year)]))</h2>\(try leave(today))
            <h2 id="adjustments">\(t("Pay adjustments"))</h2>\(try adjustments())
            <h2>\(t("Payroll, the last three months"))</h2>\(try payroll(today))
            \(try paymentSection(today))
            <h2>\(t("Documents"))</h2>\(Fragments.documentGrid(Array(documents.prefix(WebLimits.pageSize)), asOf: today))\(more)
            \(canChange ? changing() : .empty)
            <div id="history"><h2>\(t("History"))</h2>\(try history())</div>
            """)
    }

    private func history() throws -> HTML {
        let history = try app.database.historyPage(.staff(member.id), ListPager.asked(query, "history_page"))
        return Fragments.history(history.rows, shown: history.total)
            + pager.controls(history, parameter: "history_page", anchor: "history", label: t("Pages of changes"),
                             items: tPlural("{count} change", "{count} changes", count: history.total))
    }

    private func fields(_ today: CalendarDate, settlementDue: (payBy: CalendarDate, deadline: PaymentDeadline)?) -> HTML {
        let next: String? = member.status(asOf: today) == .left ? nil
            : (try? Tenure.nextAnniversary(of: member.startDate, after: today)).map {
                tPlural("{date} (in {count} day)", "{date} (in {count} days)", count: today.days(until: $0), ["date": $0.description])
            }
        let settlement = settlementDue.map { due in
            due.payBy < today ? t("to be paid by {date} ({reason}): overdue", ["date": due.payBy.description, "reason": Words.deadline(due.deadline)])
                : t("to be paid by {date} ({reason})", ["date": due.payBy.description, "reason": Words.deadline(due.deadline)])
        }
        let rows: [(String, String?)] = [
            (t("Known as"), member.knownAs), (t("Household"), details.household.name), (t("Status"), Words.status(member.status(asOf: today))),
            (t("Start"), member.startDate.description), (t("Leaving"), member.leavingDate?.description),
            (t("Final settlement"), settlement),
            (t("Tenure"), tenure(today)), (t("Next anniversary"), next),
            (t("Salary"), details.salaryHistory.current(asOf: today).map { t("{amount} a month", ["amount": $0.description]) }),
            (t("Leave", context: "allocation"), t("{days} days a year", ["days": member.annualLeave.description])), (t("Duties"), member.duties),
            (t("Language"), member.language?.label),
            (t("Contract gratuity"), member.contractGratuity.map(Self.contractGratuity)), (t("ID", context: "record"), member.id.rawValue),
        ]
        let items = rows.map { label, value -> HTML in "<dt>\(label)</dt><dd>\(value ?? "—")</dd>" }
        return "<dl class=\"fields\">\(items)</dl><p><a href=\"/households/\(details.household.id.rawValue)\">\(bdi: details.household.name)</a></p>"
    }

    /// "3 years, 2 months, 5 days" in the page's language, as the papers say it.
    private func tenure(_ today: CalendarDate) -> String {
        guard WebText.current.language != "en" else { return member.serviceSummary(asOf: today) }
        guard today >= member.startDate else {
            return tPlural("starts in {count} day", "starts in {count} days", count: today.days(until: member.startDate))
        }
        return WebText.current.duration(member.tenure(asOf: today)) ?? member.serviceSummary(asOf: today)
    }

    private func salaryHistory() throws -> HTML {
        let entries = try app.database.salaryPage(staff: member.id, ListPager.asked(query, "salary_page"))
        let rows = entries.rows.map { entry -> HTML in
            "<tr><td>\(entry.effectiveFrom.description)</td><td class=\"num\">\(entry.salary.plainAmount)</td><td>\(entry.salary.currency.code)</td></tr>"
        }
        return "<table><thead><tr><th>\(t("From", context: "date"))</th><th class=\"num\">\(t("Monthly"))</th><th>\(t("Currency"))</th></tr></thead><tbody>\(rows)</tbody></table>"
            + pager.controls(entries, parameter: "salary_page", anchor: "salary", label: t("Pages of salary changes"),
                             items: tPlural("{count} salary change", "{count} salary changes", count: entries.total))
    }

    private func leave(_ today: CalendarDate) throws -> HTML {
        let balance = try app.database.leaveBalances(staff: member.id.rawValue, householdID: nil, year: today.year, asOf: today).first?.balance
        let entries = try app.database.leavePage(staff: member.id, ListPager.asked(query, "leave_page"))
        let summary: HTML = balance.map { balance in
            let taken = LeaveType.allCases.compactMap { type in balance.taken[type].map { t("{type} {days}", ["type": Words.leave(type), "days": $0.description]) } }
                .joined(separator: t(", ", context: "list"))
            return """
                <p>\(t("Allocation {allocation} days, carried over {carried}, taken: {taken}.", ["allocation": balance.allocation.description, "carried": balance.carriedOver.description,
                                                                                                   "taken": taken.isEmpty ? t("none", context: "taken") : taken]))
                <strong\(balance.isOvershoot ? " class=\"error\"" as HTML : .empty)>\(t("Balance {days} days.", ["days": balance.balance.description]))</strong></p>
                """
        } ?? .empty
        let rows = entries.rows.map { entry -> HTML in
            """
                <tr><td>\(ltr: entry.range.description)</td><td>\(entry.days.description)</td><td>\(Words.leave(entry.type))</td><td>\(bdi: entry.note)</td>
                <td>\(canChange ? removeForm("\(base)/leave/\(entry.id.rawValue)/remove", t("Remove this leave?")) : .empty)</td></tr>
                """
        }
        let table: HTML = entries.rows.isEmpty ? "<p class=\"note\">\(t("No leave recorded."))</p>"
            : "<div class=\"scroll\"><table><thead><tr><th>\(t("Days"))</th><th>\(t("Count"))</th><th>\(t("Type"))</th><th>\(t("Note"))</th><th><span class=\"sr-only\">\(t("Remove"))</span></th></tr></thead><tbody>\(rows)</tbody></table></div>"
            + pager.controls(entries, parameter: "leave_page", anchor: "leave", label: t("Pages of leave entries"),
                             items: tPlural("{count} leave entry", "{count} leave entries", count: entries.total))
        return summary + table
    }

    private func adjustments() throws -> HTML {
        let records = try app.database.adjustmentPage(staff: member.id, ListPager.asked(query, "adjustment_page"))
        guard !records.rows.isEmpty else { return "<p class=\"note\">\(t("None."))</p>" }
        let rows = records.rows.map { value -> HTML in
            """
                <tr><td>\(value.month.description)</td><td class="num">\(value.amount.description)</td><td>\(bdi: value.reason)</td>
                <td>\(canChange ? removeForm("\(base)/adjustments/\(value.id.rawValue)/remove", t("Remove this adjustment?")) : .empty)</td></tr>
                """
        }
        return "<div class=\"scroll\"><table><thead><tr><th>\(t("Month"))</th><th class=\"num\">\(t("Amount"))</th><th>\(t("Reason"))</th><th><span class=\"sr-only\">\(t("Remove"))</span></th></tr></thead><tbody>\(rows)</tbody></table></div>"
            + pager.controls(records, parameter: "adjustment_page", anchor: "adjustments", label: t("Pages of adjustments"),
                             items: tPlural("{count} adjustment", "{count} adjustments", count: records.total))
    }

    private func payroll(_ today: CalendarDate) throws -> HTML {
        let month = YearMonth(today)
        let period = Period(range: DateRange(month.previous.previous.first, month.last), label: "the last three months")
        let entries = try app.database.payroll(period, householdID: nil, staffID: member.id).entries
        guard !entries.isEmpty else { return "<p class=\"note\">\(t("No pay in these months."))</p>" }
        let rows = entries.map { entry -> HTML in
            """
            <tr><td><a href="/reports/payroll?period=\(component: entry.line.month.description)&amp;household=\(details.household.id.rawValue)">\(entry.line.month.description)</a></td>
            <td>\(entry.line.daysEmployed)/\(entry.line.daysInMonth)</td><td class="num">\(entry.line.net.description)</td><td>\(ReportWords.paymentSummary(entry))</td>
            <td><a href="/payslips/\(member.id.rawValue)/\(entry.line.month.description)">\(t("Payslip (PDF)"))</a></td></tr>
            """
        }
        return "<div class=\"scroll\"><table><thead><tr><th>\(t("Month"))</th><th>\(t("Days"))</th><th class=\"num\">\(t("Net"))</th><th>\(t("Paid"))</th><th><span class=\"sr-only\">\(t("Payslip"))</span></th></tr></thead><tbody>\(rows)</tbody></table></div>"
    }

    private func changing() -> HTML {
        """
        <p><a href="/upload?household=\(details.household.id.rawValue)&amp;staff=\(member.id.rawValue)">\(t("Upload documents for {name}", ["name": member.displayName]))</a></p>
        <h2>\(t("Change"))</h2>\(forms())
        """
    }

    private func removeForm(_ action: String, _ question: String) -> HTML {
        """
        <form class="inline" method="post" action="\(action)" data-confirm="\(question)">\(csrf)
        <button type="submit" class="link">\(t("Remove"))</button></form>
        """
    }
}
