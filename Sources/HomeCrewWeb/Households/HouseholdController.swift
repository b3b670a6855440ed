import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// A household: its fields, staff (filtered by status), documents; add, edit, make primary, remove.
struct HouseholdController: Sendable {
    let app: WebApp

    @Sendable func new(_ request: Request, _ context: WebContext) async throws -> Response {
        newPage(context, problem: nil, form: Form())
    }

    @Sendable func create(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try attempt({
            let household = Household(name: form["name"] ?? "", address: form["address"], notes: form["notes"], language: try Self.language(form))
            let added = try app.database.addHousehold(household, owner: context.session?.account)
            return Redirect.to("/households/\(added.household.id.rawValue)")
        }, orShow: { newPage(context, problem: $0, form: form) })
    }

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        let summary = try app.database.householdSummary(id: RecordID(rawValue: context.recordID("id")))
        return try page(summary, context, status: request.query["status"], query: request.query)
    }

    @Sendable func edit(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let summary = try app.database.householdSummary(id: RecordID(rawValue: context.recordID("id")))
        return try attempt({
            // Blank address or notes clear them, as "" does on the command line.
            var changes = HouseholdChanges(name: form["name"], address: form["address"] ?? "", notes: form["notes"] ?? "",
                                           leaveCarryOverCap: try form["leave_carry_over"].map(LeaveDays.init(parsing:)),
                                           settlementRules: form.has("settlement_rules") ? try SettlementPage.rulesChoice(form["settlement_rules"]) : nil)
            changes.language = try Self.language(form)
            changes.clearLanguage = form.has("language") && changes.language == nil
            let household = try app.database.editHousehold(named: summary.household.id.rawValue, changes, within: context.reach)
            return Redirect.to("/households/\(household.id.rawValue)")
        }, orShow: { try page(summary, context, status: nil, problem: $0) })
    }

    @Sendable func makePrimary(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let summary = try app.database.householdSummary(id: RecordID(rawValue: context.recordID("id")))
        _ = try app.database.makePrimary(named: summary.household.id.rawValue)
        return Redirect.to("/households/\(summary.household.id.rawValue)")
    }

    @Sendable func remove(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let summary = try app.database.householdSummary(id: RecordID(rawValue: context.recordID("id")))
        return try attempt({
            _ = try app.database.removeHousehold(named: summary.household.id.rawValue, cascade: form["cascade"] == "yes")
            return Redirect.to("/")
        }, orShow: { try page(summary, context, status: nil, problem: $0) })
    }

    private func newPage(_ context: WebContext, problem: String?, form: Form) -> Response {
        Layout.page(title: t("Add a household"), session: context.session, body: """
            <h1>\(t("Add a household"))</h1>
            \(Layout.problem(problem))
            <form method="post" action="/households">\(Layout.csrfField(context.session))
            \(Layout.field(t("Name"), name: "name", value: form["name"], required: true))
            \(Layout.textArea(t("Address", context: "postal"), name: "address", value: form["address"]))
            \(Layout.textArea(t("Notes"), name: "notes", value: form["notes"]))
            \(Self.languageSelect(selected: form["language"]))
            <p><button type="submit">\(t("Add household"))</button></p>
            </form>
            """)
    }

    /// `work` under part (60%) of the request's budget; nil when that part ran out but the request's has not.
    static func partly<T>(_ work: () throws -> T) throws -> T? {
        guard let budget = WorkBudget.current else { return try work() }
        do {
            return try WorkBudget.$current.withValue(budget.portion(0.6)) { try work() }
        } catch WorkBudgetError.exceeded where !budget.isSpent {
            return nil
        }
    }

    /// The household's page, with what a step just did (`notice`) or why it could not (`problem`).
    func page(_ summary: HouseholdSummary, _ context: WebContext, status: String? = nil, problem: String? = nil,
              notice: HTML? = nil, query: Form = Form()) throws -> Response {
        let household = summary.household, today = app.today
        let canChange = context.may(.manager, in: household.id)
        let statuses = status.flatMap(EmploymentStatus.init(rawValue:)).map { Set([$0]) } ?? Set(EmploymentStatus.allCases)
        // Each list shows one page of what the household holds: a household of 10,000 staff costs what one of 50 does.
        let pager = ListPager(path: "/households/\(household.id.rawValue)", query: query, kept: ["status", "staff_page", "owed_page", "members_page", "invitations_page", "history_page"])
        let staff = try app.database.staffPage(householdID: household.id, statuses: statuses, asOf: today, ListPager.asked(query, "staff_page"))
        // What is owed may need a person's ledger from the first month of an advance (years, for
        // data a member made so): it gets part of the budget, and the page is shown without it when it runs out.
        let owed = try Self.partly { try app.database.owedPage(.yearToDate(today), householdID: household.id, ListPager.asked(query, "owed_page")) }
        let history = try app.database.historyPage(.household(household.id), ListPager.asked(query, "history_page"))
        let documents = try app.database.latestDocuments(householdID: household.id, limit: 48)
        let marks = [summary.isPrimary ? t("primary", context: "household") : nil, summary.isActive ? t("active", context: "household") : nil].compactMap { $0 }
        let filters = ([("all", t("All"))] + EmploymentStatus.allCases.map { ($0.rawValue, Words.status($0)) }).map { value, label -> HTML in
            let href: HTML = value == "all" ? "?" : "?status=\(component: value)"
            return (status ?? "all") == value ? "<strong>\(label)</strong> " : "<a href=\"\(href)\">\(label)</a> "
        }
        return Layout.page(title: household.name, session: context.session, body: """
            <h1>\(bdi: household.name) <span class="marks">\(marks.joined(separator: t(", ", context: "list")))</span></h1>
            \(Layout.problem(problem))\(notice.map { "<p class=\"note\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
            <dl class="fields"><dt>\(t("Address", context: "postal"))</dt><dd>\(bdi: household.address ?? "—")</dd><dt>\(t("Notes"))</dt><dd>\(bdi: household.notes ?? "—")</dd>
            \(languageField(household))<dt>\(t("Leave carried over"))</dt><dd>\(carryOver(household.leaveCarryOverCap))</dd>
            <dt>\(t("Settlement rules"))</dt><dd>\(household.settlementRules == nil ? t("chosen each time") : SettlementPage.rulesName(household.settlementRules))</dd></dl>
            <h2 id="staff">\(t("Staff"))</h2>
            <p>\(t("Show:")) \(filters)</p>
            \(Fragments.staffTable(staff.rows, asOf: today))\(pager.controls(staff, parameter: "staff_page", anchor: "staff", label: t("Pages of staff"),
                                                                               items: tPlural("{count} staff member", "{count} staff members", count: staff.total)))
            \(canChange ? "<p><a href=\"/staff/new?household=\(household.id.rawValue)\">\(t("Add a staff member"))</a></p>" as HTML : .empty)
            <h2 id="owed">\(t("Owed in {year}", ["year": String(today.year)]))</h2>
            \(owed.map { Fragments.owed($0.report, partial: $0.staff.pages > 1) + pager.controls($0.staff, parameter: "owed_page", anchor: "owed", label: t("Pages of staff"),
                                                                                                  items: tPlural("{count} staff member", "{count} staff members", count: $0.staff.total)) }
                ?? "<p class=\"note\">\(t("What is owed could not be worked out within the time one page may take (a ledger of advances that runs back many years). Each person's page shows their own."))</p>")
            \(try OpeningController.section(app, household: household, context: context))
            <h2>\(t("Documents"))</h2>
            \(Fragments.documentGrid(documents, asOf: today))
            \(canChange ? "<p><a href=\"/upload?household=\(household.id.rawValue)\">\(t("Upload documents"))</a></p>" as HTML : .empty)
            <h2 id="members">\(t("Members"))</h2>
            \(try SharingSection(app: app, household: household, context: context, pager: pager).render())
            \(try BackupSection.render(app, household: household.id, context: context))
            \(canChange ? changeForms(summary, context) : .empty)
            <div id="history"><h2>\(t("History"))</h2>\(Fragments.history(history.rows, shown: history.total))\(pager.controls(history, parameter: "history_page", anchor: "history", label: t("Pages of changes"), items: tPlural("{count} change", "{count} changes", count: history.total)))</div>
            """)
    }

    /// Editing, and (for the owner) removing; making it primary is the vault user's.
    private func changeForms(_ summary: HouseholdSummary, _ context: WebContext) -> HTML {
        let household = summary.household
        let cascadeNote: HTML = summary.staffCount > 0
            ? """
              <p class="field"><label><input type="checkbox" name="cascade" value="yes"> \(tPlural("Also remove its {count} staff member and their leave, pay adjustments and salary history, and its documents", "Also remove its {count} staff members and their leave, pay adjustments and salary history, and its documents", count: summary.staffCount))</label>
              <small>\(t("Without this, a household that has staff is not removed."))</small></p>
              """ : .empty
        let primary: HTML = summary.isPrimary || !context.reach.isEverything ? .empty : """
            <form method="post" action="/households/\(household.id.rawValue)/primary">\(Layout.csrfField(context.session))
            <p><button type="submit">\(t("Make this the primary household"))</button></p></form>
            """
        let remove: HTML = !context.may(.owner, in: household.id) ? .empty : """
            <form method="post" action="/households/\(household.id.rawValue)/remove" data-confirm="\(t("Remove this household?"))">
            \(Layout.csrfField(context.session))
            <fieldset><legend>\(t("Remove this household"))</legend>\(cascadeNote)
            <p><button type="submit">\(t("Remove household"))</button></p></fieldset></form>
            """
        return """
            <h2>\(t("Change"))</h2>
            <form method="post" action="/households/\(household.id.rawValue)/edit">\(Layout.csrfField(context.session))
            \(Layout.field(t("Name"), name: "name", value: household.name, required: true))
            \(Layout.textArea(t("Address", context: "postal"), name: "address", value: household.address))
            \(Layout.textArea(t("Notes"), name: "notes", value: household.notes))
            \(Self.languageSelect(selected: household.language?.tag))
            \(Layout.field(t("Unused leave carried into the next year, at most (days)"), name: "leave_carry_over",
                           value: household.leaveCarryOverCap.description, attributes: "inputmode=\"decimal\""))
            \(Layout.select(t("Rules for final settlements"), name: "settlement_rules", options: SettlementPage.rulesOptions(none: t("chosen each time")),
                            selected: household.settlementRules ?? ""))
            <p><button type="submit">\(t("Save changes"))</button></p>
            </form>
            \(primary)\(remove)
            """
    }

    /// The language the household's papers print beside each worker's.
    private func languageField(_ household: Household) -> HTML {
        "<dt>\(t("Language of its papers"))</dt><dd>\(household.language?.label ?? t("English"))</dd>"
    }

    static func languageSelect(selected: String?) -> HTML {
        Layout.select(t("Language of its papers, beside each worker's"), name: "language",
                      options: [(value: "", label: t("English"))] + StaffPage.languageOptions, selected: selected ?? "")
    }

    /// The language a household form gives: nil for English; a tag not in the list is refused.
    static func language(_ form: Form) throws -> StaffLanguage? {
        try form["language"].flatMap { $0.isEmpty ? nil : try StaffLanguage(parsing: $0) }
    }

    /// "none: …" rather than "at most 0 days a year".
    private func carryOver(_ cap: LeaveDays) -> String {
        cap.halfDays == 0 ? t("none: annual leave not taken by the year's end lapses")
            : cap.halfDays % 2 == 0 ? tPlural("at most {count} day into the next year", "at most {count} days into the next year", count: cap.halfDays / 2, ["count": cap.description])
            : t("at most {days} days into the next year", ["days": cap.description])
    }
}
