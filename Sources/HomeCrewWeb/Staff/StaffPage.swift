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
            ? "<p class=\"note\">The newest \(WebLimits.pageSize) are shown. <a href=\"/documents?staff=\(member.id.rawValue)\">List them all</a></p>"
            : .empty
        return Layout.page(title: member.legalName, session: session, body: """
            <h1>\(bdi: member.legalName)</h1>
            \(Layout.problem(problem))
            \(fields(today, settlementDue: try Settling.pendingPayBy(details, app.database)))
            <h2 id="salary">Salary history</h2>\(try salaryHistory())
            <h2 id="leave">Leave in \(today.year)</h2>\(try leave(today))
            <h2 id="adjustments">Pay adjustments</h2>\(try adjustments())
            <h2>Payroll, the last three months</h2>\(try payroll(today))
            \(try paymentSection(today))
            <h2>Documents</h2>\(Fragments.documentGrid(Array(documents.prefix(WebLimits.pageSize)), asOf: today))\(more)
            \(canChange ? changing() : .empty)
            <div id="history"><h2>History</h2>\(try history())</div>
            """)
    }

    private func history() throws -> HTML {
        let history = try app.database.historyPage(.staff(member.id), ListPager.asked(query, "history_page"))
        return Fragments.history(history.rows, shown: history.total)
            + pager.controls(history, parameter: "history_page", noun: "change", anchor: "history")
    }

    private func fields(_ today: CalendarDate, settlementDue: (payBy: CalendarDate, why: String)?) -> HTML {
        let next: String? = member.status(asOf: today) == .left ? nil
            : (try? Tenure.nextAnniversary(of: member.startDate, after: today)).map { "\($0) (in \(today.days(until: $0)) days)" }
        let rows: [(String, String?)] = [
            ("Known as", member.knownAs), ("Household", details.household.name), ("Status", member.status(asOf: today).rawValue),
            ("Start", member.startDate.description), ("Leaving", member.leavingDate?.description),
            ("Final settlement", settlementDue.map { "to be paid by \($0.payBy) (\($0.why))\($0.payBy < today ? ": overdue" : "")" }),
            ("Tenure", member.serviceSummary(asOf: today)), ("Next anniversary", next),
            ("Salary", details.salaryHistory.current(asOf: today).map { "\($0) a month" }),
            ("Leave", "\(member.annualLeave) days a year"), ("Duties", member.duties), ("Language", member.language?.label),
            ("Contract gratuity", member.contractGratuity?.reading), ("ID", member.id.rawValue),
        ]
        let items = rows.map { label, value -> HTML in "<dt>\(label)</dt><dd>\(value ?? "—")</dd>" }
        return "<dl class=\"fields\">\(items)</dl><p><a href=\"/households/\(details.household.id.rawValue)\">\(bdi: details.household.name)</a></p>"
    }

    private func salaryHistory() throws -> HTML {
        let entries = try app.database.salaryPage(staff: member.id, ListPager.asked(query, "salary_page"))
        let rows = entries.rows.map { entry -> HTML in
            "<tr><td>\(entry.effectiveFrom.description)</td><td class=\"num\">\(entry.salary.plainAmount)</td><td>\(entry.salary.currency.code)</td></tr>"
        }
        return "<table><thead><tr><th>From</th><th class=\"num\">Monthly</th><th>Currency</th></tr></thead><tbody>\(rows)</tbody></table>"
            + pager.controls(entries, parameter: "salary_page", noun: "salary change", anchor: "salary")
    }

    private func leave(_ today: CalendarDate) throws -> HTML {
        let balance = try app.database.leaveBalances(staff: member.id.rawValue, householdID: nil, year: today.year, asOf: today).first?.balance
        let entries = try app.database.leavePage(staff: member.id, ListPager.asked(query, "leave_page"))
        let summary: HTML = balance.map { balance in
            let taken = LeaveType.allCases.compactMap { type in balance.taken[type].map { "\(type.rawValue) \($0)" } }.joined(separator: ", ")
            return """
                <p>Allocation \(balance.allocation.description) days, carried over \(balance.carriedOver.description), taken: \(taken.isEmpty ? "none" : taken).
                <strong\(balance.isOvershoot ? " class=\"error\"" as HTML : .empty)>Balance \(balance.balance.description) days.</strong></p>
                """
        } ?? .empty
        let rows = entries.rows.map { entry -> HTML in
            """
                <tr><td>\(entry.range.description)</td><td>\(entry.days.description)</td><td>\(entry.type.rawValue)</td><td>\(bdi: entry.note)</td>
                <td>\(canChange ? removeForm("\(base)/leave/\(entry.id.rawValue)/remove", "Remove this leave?") : .empty)</td></tr>
                """
        }
        let table: HTML = entries.rows.isEmpty ? "<p class=\"note\">No leave recorded.</p>"
            : "<div class=\"scroll\"><table><thead><tr><th>Days</th><th>Count</th><th>Type</th><th>Note</th><th><span class=\"sr-only\">Remove</span></th></tr></thead><tbody>\(rows)</tbody></table></div>"
            + pager.controls(entries, parameter: "leave_page", noun: "leave entry", plural: "leave entries", anchor: "leave")
        return summary + table
    }

    private func adjustments() throws -> HTML {
        let records = try app.database.adjustmentPage(staff: member.id, ListPager.asked(query, "adjustment_page"))
        guard !records.rows.isEmpty else { return "<p class=\"note\">None.</p>" }
        let rows = records.rows.map { value -> HTML in
            """
                <tr><td>\(value.month.description)</td><td class="num">\(value.amount.description)</td><td>\(bdi: value.reason)</td>
                <td>\(canChange ? removeForm("\(base)/adjustments/\(value.id.rawValue)/remove", "Remove this adjustment?") : .empty)</td></tr>
                """
        }
        return "<div class=\"scroll\"><table><thead><tr><th>Month</th><th class=\"num\">Amount</th><th>Reason</th><th><span class=\"sr-only\">Remove</span></th></tr></thead><tbody>\(rows)</tbody></table></div>"
            + pager.controls(records, parameter: "adjustment_page", noun: "adjustment", anchor: "adjustments")
    }

    private func payroll(_ today: CalendarDate) throws -> HTML {
        let month = YearMonth(today)
        let period = Period(range: DateRange(month.previous.previous.first, month.last), label: "the last three months")
        let entries = try app.database.payroll(period, householdID: nil, staffID: member.id).entries
        guard !entries.isEmpty else { return "<p class=\"note\">No pay in these months.</p>" }
        let rows = entries.map { entry -> HTML in
            """
            <tr><td><a href="/reports/payroll?period=\(component: entry.line.month.description)&amp;household=\(details.household.id.rawValue)">\(entry.line.month.description)</a></td>
            <td>\(entry.line.daysEmployed)/\(entry.line.daysInMonth)</td><td class="num">\(entry.line.net.description)</td><td>\(entry.paymentSummary)</td>
            <td><a href="/payslips/\(member.id.rawValue)/\(entry.line.month.description)">Payslip (PDF)</a></td></tr>
            """
        }
        return "<div class=\"scroll\"><table><thead><tr><th>Month</th><th>Days</th><th class=\"num\">Net</th><th>Paid</th><th><span class=\"sr-only\">Payslip</span></th></tr></thead><tbody>\(rows)</tbody></table></div>"
    }

    private func changing() -> HTML {
        """
        <p><a href="/upload?household=\(details.household.id.rawValue)&amp;staff=\(member.id.rawValue)">Upload documents for \(bdi: member.displayName)</a></p>
        <h2>Change</h2>\(forms())
        """
    }

    private func removeForm(_ action: String, _ question: String) -> HTML {
        """
        <form class="inline" method="post" action="\(action)" data-confirm="\(question)">\(csrf)
        <button type="submit" class="link">Remove</button></form>
        """
    }
}
