import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault
import Hummingbird

/// Payroll (with the explanation and payslips), closing months, tenure, the due list and its calendar.
struct ReportController: Sendable {
    let app: WebApp

    @Sendable func payroll(_ request: Request, _ context: WebContext) async throws -> Response {
        let page = PayrollPage(app: app, session: context.session, query: request.query, problem: nil)
        return try await HeavyLane.shared.runPage { try page.render() }
    }

    /// The payslip PDF of one person's month: the renderer `report payroll --payslips` stores.
    @Sendable func payslip(_ request: Request, _ context: WebContext) async throws -> Response {
        let details = try app.database.findStaff(context.recordID("staff"))
        guard let monthText = context.parameters.get("month"), let month = try? YearMonth(parsing: monthText) else { throw WebError.notFound }
        // This person's month only: not the household's, which may hold thousands of people.
        let entries = try app.database.payroll(.month(month), householdID: details.household.id, staffID: details.member.id).entries
            .filter { $0.member.id == details.member.id && (!$0.line.segments.isEmpty || !$0.line.adjustments.isEmpty) }
        let currency = request.query["currency"]
        guard let entry = entries.first(where: { currency == nil || $0.line.currency.code == currency }) else { throw WebError.notFound }
        let bytes = PayslipRenderer.pdf(Payslip(household: entry.household, member: entry.member, line: entry.line))
        return Response(status: .ok, headers: [
            .contentType: "application/pdf",
            .contentDisposition: ContentDisposition.value(inline: false, fileName: Payslip.fileName(month: month, member: entry.member)),
        ], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Closing a month with pay still owed closes it and says who is owed what.
    @Sendable func closeMonth(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        var unpaid: [PayrollReport.Entry] = []
        let response = try changeMonth(context, form) { month, household in unpaid = try app.database.closeMonth(month, householdID: household).unpaid }
        guard !unpaid.isEmpty, response.status == .seeOther else { return response }
        let owed = unpaid.map { "\($0.member.legalName) \($0.outstanding)" }.joined(separator: "; ")
        let query = Form(fields: ["period": [form["month"] ?? ""], "household": [form["household"] ?? ""]])
        return try PayrollPage(app: app, session: context.session, query: query,
                               problem: t("Closed {month}, but pay is still owed: {owed}.", ["month": form["month"] ?? "", "owed": owed])).render()
    }

    @Sendable func reopenMonth(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try changeMonth(context, form) { month, household in _ = try app.database.reopenMonth(month, householdID: household) }
    }

    private func changeMonth(_ context: WebContext, _ form: Form, _ work: (YearMonth, RecordID) throws -> Void) throws -> Response {
        let household = try app.database.householdSummary(id: RecordID(rawValue: form.required("household", t("The household")))).household
        let query = Form(fields: ["period": [form["month"] ?? ""], "household": [household.id.rawValue]])
        return try attempt({
            try work(try YearMonth(parsing: form.required("month", t("The month"))), household.id)
            return Redirect.to("/reports/payroll?period=\(URLComponent.encode(form["month"] ?? ""))&household=\(household.id.rawValue)")
        }, orShow: { try PayrollPage(app: app, session: context.session, query: query, problem: $0).render() })
    }

    @Sendable func due(_ request: Request, _ context: WebContext) async throws -> Response {
        let today = app.today
        let within = try request.query["within"].map(DueList.window(days:)) ?? 60
        let items = try app.backupDueItems(context.reach) + Settling.dueItems(DueList(today: today, withinDays: within), app.database, within: context.reach)
        let feed: HTML
        // Each account has its own feed (its households); the vault's own user has the vault's (all of them).
        if let token = try app.database.calendarFeedToken(for: context.session?.account) {
            let authority = request.head.authority ?? ""
            let address: HTML = "<a href=\"webcal://\(authority)/calendar/\(token).ics\">webcal://\(authority)/calendar/\(token).ics</a>"
            feed = """
                <p>\(HTML.filled(t("Subscribe in a phone's or computer's calendar: {address} (anyone with this address sees the dates and names in it)."),
                                ["address": address]))</p>
                <form class="inline" method="post" action="/reports/due/feed">\(Layout.csrfField(context.session))<button type="submit">\(t("Make a new address"))</button></form>
                <form class="inline" method="post" action="/reports/due/feed/revoke">\(Layout.csrfField(context.session))<button type="submit">\(t("Stop the calendar feed"))</button></form>
                """
        } else {
            feed = """
                <form method="post" action="/reports/due/feed">\(Layout.csrfField(context.session))
                <p><button type="submit">\(t("Publish a calendar address"))</button> \(t("so that a phone's calendar shows these dates by itself."))</p></form>
                """
        }
        return Layout.page(title: t("Due"), session: context.session, body: """
            <h1>\(tPlural("Due in the next {count} day", "Due in the next {count} days", count: within))</h1>
            <form method="get" action="/reports/due">\(Layout.field(t("Days ahead"), name: "within", value: String(within), type: "number"))
            <p><button type="submit">\(t("Show"))</button> <a href="/reports/due.ics?within=\(within)">\(t("Download as a calendar file (.ics)"))</a></p></form>
            \(Fragments.dueTable(items, today: today, more: "\(t("Fewer days ahead show fewer; the calendar file holds them all."))"))
            <h2>\(t("Calendar feed"))</h2>\(feed)
            """)
    }

    @Sendable func dueCalendar(_ request: Request, _ context: WebContext) async throws -> Response {
        let within = try request.query["within"].map(DueList.window(days:)) ?? 60
        return try calendar(within: within, download: true, reach: context.reach)
    }

    @Sendable func renewFeed(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try app.database.setCalendarFeedToken(Secret.make(), for: context.session?.account)
        return Redirect.to("/reports/due")
    }

    @Sendable func revokeFeed(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try app.database.setCalendarFeedToken(nil, for: context.session?.account)
        return Redirect.to("/reports/due")
    }

    /// The feed a calendar subscribes to: its secret is the only key. An account's feed lists the
    /// households it belongs to as they are when the calendar asks, not when the feed was made.
    @Sendable func calendarFeed(_ request: Request, _ context: WebContext) async throws -> Response {
        guard let segment = context.parameters.get("token"), segment.hasSuffix(".ics"), segment.count == 68,
              let owner = try app.database.calendarFeedOwner(token: String(segment.dropLast(4))) else { throw WebError.notFound }
        let reach: Reach, language: String?
        switch owner {
        case .vault: (reach, language) = (.everything, nil)
        case .account(let account): (reach, language) = (try app.database.reach(of: account), account.language?.tag)
        }
        // A calendar asks with no one's browser: the feed speaks its account's language, else English.
        return try WebText.$current.withValue(WebText(language: language ?? "en")) {
            try calendar(within: 400, download: false, reach: reach)
        }
    }

    private func calendar(within: Int, download: Bool, reach: Reach) throws -> Response {
        let today = app.today
        // A subscribed feed is read by whoever holds its address (often a calendar company):
        // the vault's backups stay off it; the download, asked for while signed in, has them.
        let backups = download ? try app.backupDueItems(reach) : []
        let items = try backups + Settling.dueItems(DueList(today: today, withinDays: within), app.database, within: reach)
        let text = try ICalendar.render(items, stamp: today, name: t("HomeCrew: due"), maxBytes: WebLimits.responseBytes,
                                        wording: ReportWords.calendar(WebText.current))
        var headers: HTTPFields = [.contentType: "text/calendar; charset=utf-8"]
        if download { headers[.contentDisposition] = ContentDisposition.value(inline: false, fileName: "homecrew-due-\(today).ics") }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
