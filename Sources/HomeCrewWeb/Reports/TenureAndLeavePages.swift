import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

/// Tenure (as of a day, with or without leavers) and leave balances (by year), each narrowed to a
/// household and downloadable as the command line's CSV.
extension ReportController {
    /// `report tenure [--as-of DAY] [--include-left] [--household H]`.
    struct TenureQuery {
        let asOf: CalendarDate
        let includeLeft: Bool
        let householdID: RecordID?

        init(_ query: Form, app: WebApp, reach: Reach) throws {
            asOf = try query.optionalDate("as_of") ?? app.today
            includeLeft = query["left"] == "yes"
            householdID = try query.household(within: reach, app.database)
        }

        var fields: [(String, String?)] { [("as_of", asOf.description), ("left", includeLeft ? "yes" : nil), ("household", householdID?.rawValue)] }

        func lines(_ app: WebApp, _ reach: Reach) throws -> (lines: [TenureLine], households: [RecordID: String]) {
            let statuses: Set<EmploymentStatus> = includeLeft ? Set(EmploymentStatus.allCases) : [.active, .upcoming]
            let staff = try app.database.staffListing(StaffFilter(householdID: householdID, statuses: statuses, asOf: asOf, within: reach))
            let households = Dictionary(staff.map { ($0.member.id, $0.household.name) }, uniquingKeysWith: { first, _ in first })
            return (try TenureReport.lines(staff.map(\.member), asOf: asOf), households)
        }
    }

    @Sendable func tenure(_ request: Request, _ context: WebContext) async throws -> Response {
        try await HeavyLane.shared.runPage { try tenurePage(request.query, context) }
    }

    private func tenurePage(_ query: Form, _ context: WebContext) throws -> Response {
        try reportPage("tenure", title: t("Tenure"), query, context) { query in
            let chosen = try TenureQuery(query, app: app, reach: context.reach)
            let (lines, households) = try chosen.lines(app, context.reach)
            try Self.refuseLongPage(lines.count)
            let rows = lines.map { line -> HTML in
                """
                <tr><td><a href="/staff/\(line.member.id.rawValue)">\(bdi: line.member.legalName)</a></td><td>\(bdi: households[line.member.id])</td>
                <td class="num">\(line.member.startDate.description)</td><td>\(Words.status(line.member.status(asOf: chosen.asOf)))</td><td>\(ReportWords.tenure(line))</td>
                <td class="num">\(line.nextAnniversary?.description)</td><td class="num">\(line.daysUntilAnniversary.map(String.init))</td></tr>
                """
            }
            let table: HTML = lines.isEmpty ? "<p class=\"note\">\(t("Nobody is employed on {date}.", ["date": chosen.asOf.description]))</p>" : """
                <div class="scroll"><table><thead><tr><th>\(t("Name"))</th><th>\(t("Household"))</th><th>\(t("Start"))</th><th>\(t("Status"))</th><th>\(t("Tenure"))</th>
                <th>\(t("Next anniversary"))</th><th class="num">\(t("In days"))</th></tr></thead><tbody>\(rows)</tbody></table></div>
                """
            return (heading: t("Tenure on {date}", ["date": chosen.asOf.description]), fields: """
                \(Layout.field(t("As of"), name: "as_of", value: chosen.asOf.description, type: "date"))
                <p class="field"><label><input type="checkbox" name="left" value="yes"\(chosen.includeLeft ? " checked" as HTML : .empty)> \(t("Include people who have left"))</label></p>
                """, csv: CSVDownload.link("/reports/tenure", chosen.fields), body: table)
        }
    }

    @Sendable func tenureCSV(_ request: Request, _ context: WebContext) async throws -> Response {
        try await HeavyLane.shared.run {
            let chosen = try TenureQuery(request.query, app: app, reach: context.reach)
            let (lines, households) = try chosen.lines(app, context.reach)
            return CSVDownload.response(try ReportTables.tenure(lines, households: households, asOf: chosen.asOf, maxBytes: WebLimits.responseBytes),
                                        fileName: "tenure-\(chosen.asOf).csv")
        }
    }

    /// `leave balance [--year YEAR] [--household H]`.
    private func leaveLines(_ query: Form, _ context: WebContext) throws -> (year: Int, household: RecordID?, lines: [LeaveBalanceLine]) {
        let year = try query["year"].map(CalendarDate.year(parsing:)) ?? app.today.year
        let household = try query.household(within: context.reach, app.database)
        let lines = try app.database.leaveBalances(staff: nil, householdID: household, year: year, asOf: app.today, within: context.reach)
        return (year, household, lines)
    }

    @Sendable func leave(_ request: Request, _ context: WebContext) async throws -> Response {
        try await HeavyLane.shared.runPage { try leavePage(request.query, context) }
    }

    private func leavePage(_ query: Form, _ context: WebContext) throws -> Response {
        try reportPage("leave", title: t("Leave"), query, context) { query in
            let (year, household, lines) = try leaveLines(query, context)
            try Self.refuseLongPage(lines.count)
            let rows = lines.map { line -> HTML in
                let balance = line.balance
                let taken = [LeaveType.annual, .sick, .unpaid, .other].map { type -> HTML in
                    "<td class=\"num\">\((balance.taken[type] ?? LeaveDays(halfDays: 0)).description)</td>"
                }
                return """
                    <tr><td><a href="/staff/\(line.member.id.rawValue)">\(bdi: line.member.legalName)</a></td><td>\(bdi: line.household.name)</td>
                    <td class="num">\(balance.allocation.description)</td><td class="num">\(balance.carriedOver.description)</td>\(taken)
                    <td class="num\(balance.isOvershoot ? " error" : "")"><strong>\(balance.balance.description)</strong></td></tr>
                    """
            }
            let table: HTML = lines.isEmpty ? "<p class=\"note\">\(t("Nobody was employed in {year}.", ["year": String(year)]))</p>" : """
                <div class="scroll"><table><thead><tr><th>\(t("Name"))</th><th>\(t("Household"))</th><th class="num">\(t("Allocation"))</th><th class="num">\(t("Carried over"))</th>
                <th class="num">\(t("Annual", context: "leave"))</th><th class="num">\(t("Sick", context: "leave"))</th><th class="num">\(t("Unpaid", context: "leave"))</th><th class="num">\(t("Other", context: "leave"))</th><th class="num">\(t("Balance"))</th></tr></thead>
                <tbody>\(rows)</tbody></table></div>
                """
            return (heading: t("Leave in {year}", ["year": String(year)]), fields: Layout.field(t("Year"), name: "year", value: String(year), type: "number"),
                    csv: CSVDownload.link("/reports/leave", [("year", String(year)), ("household", household?.rawValue)]), body: table)
        }
    }

    @Sendable func leaveCSV(_ request: Request, _ context: WebContext) async throws -> Response {
        try await HeavyLane.shared.run {
            let (year, _, lines) = try leaveLines(request.query, context)
            return CSVDownload.response(try ReportTables.leaveBalances(lines, maxBytes: WebLimits.responseBytes), fileName: "leave-\(year).csv")
        }
    }

    @Sendable func payrollCSV(_ request: Request, _ context: WebContext) async throws -> Response {
        let period = try Period.parse(request.query["period"] ?? "this month", today: app.today)
        let household = try request.query.household(within: context.reach, app.database)
        return try await HeavyLane.shared.run {
            let report = try app.database.payroll(period, householdID: household, within: context.reach)
            return CSVDownload.response(try ReportTables.payroll(report, maxBytes: WebLimits.responseBytes),
                                        fileName: "payroll-\(period.range.start)-\(period.range.end).csv")
        }
    }

    /// A report page shows at most `WebLimits.reportRows` rows: more is refused before the page is built.
    static func refuseLongPage(_ rows: Int) throws {
        if rows > WebLimits.reportRows { throw WorkBudgetError.tooLarge(limit: WebLimits.responseBytes) }
    }

    /// A report page: its form (the report's own fields and the household), the CSV link and the
    /// table; a value the shared rules refuse is shown above the form, status 422.
    private func reportPage(_ name: String, title: String, _ query: Form, _ context: WebContext,
                            _ build: (Form) throws -> (heading: String, fields: HTML, csv: HTML, body: HTML)) throws -> Response {
        let households = try app.database.householdSummaries(within: context.reach)
        let path = "/reports/" + name
        func form(_ fields: HTML) -> HTML {
            """
            <form method="get" action="\(path)">\(fields)
            \(Layout.select(t("Household"), name: "household", options: [(value: "", label: t("All households"))] + Fragments.householdOptions(households),
                            selected: query["household"] ?? ""))
            <p><button type="submit">\(t("Show"))</button></p></form>
            """
        }
        do {
            let page = try build(query)
            return Layout.page(title: title, session: context.session, body: "<h1>\(page.heading)</h1>\(form(page.fields))\(page.csv)\(page.body)")
        } catch {
            let (status, message) = WebError.presentation(of: error)
            guard status == .unprocessableContent else { throw error }
            return Layout.page(title: title, session: context.session, status: status, body: """
                <h1>\(title)</h1>\(Layout.problem(message))\(form(.empty))<p><a href="\(path)">\(t("Start again"))</a></p>
                """)
        }
    }
}
