import HomeCrewCore
import HomeCrewOperations
import HomeCrewPaperText
import HomeCrewStore
import Hummingbird

/// Ending someone's employment with a final settlement: the preview `homecrew settle` prints
/// (every line, its arithmetic and source, what the law leaves open), then the confirmation that
/// records it and files the statement as the person's document.
struct SettlementPage: Sendable {
    let app: WebApp

    /// The shipped rule sets to choose from, the first saying what no choice means.
    static func rulesOptions(none: String) -> [(value: String, label: String)] {
        [(value: "", label: none)] + ((try? SettlementRuleBook.shipped.get().ruleSets) ?? []).map { (value: $0.id, label: $0.name) }
    }

    static func rulesName(_ id: String?) -> String {
        guard let id else { return t("chosen each time") }
        return (try? SettlementRuleBook.shipped.get().ruleSet(id).name) ?? id
    }

    /// A rule set chosen in a form: a shipped id, or "" for none.
    static func rulesChoice(_ id: String?) throws -> String {
        guard let id, !id.isEmpty else { return "" }
        return try SettlementRuleBook.shipped.get().ruleSet(id).id
    }

    /// The settlement's own fields, shared by the staff page's form and the preview's; the
    /// household's rules and the person's contract gratuity are the defaults.
    static func fields(_ member: StaffMember, _ query: Form, household: Household? = nil, form: String) -> HTML {
        let reasons = LeavingReason.allCases.map { (value: $0.rawValue, label: PaymentWords.reason($0)) }
        let rules = rulesOptions(none: household?.settlementRules.map { t("the household's: {rules}", ["rules": rulesName($0)]) } ?? t("choose the rules"))
        let contractDays = query["contract_days"] ?? (query["leaving"] == nil ? member.contractGratuityDays.map(String.init) : nil)
        return """
            \(Layout.field(t("Last day of work"), name: "leaving", value: query["leaving"] ?? member.leavingDate?.description, type: "date", required: true, form: form))
            \(Layout.select(t("Why it ends"), name: "reason", options: reasons, selected: query["reason"], form: form))
            \(Layout.field(t("Notice given on"), name: "notice", value: query["notice"], type: "date", hint: t("Empty: no notice was given"), form: form))
            \(Layout.select(t("Rules"), name: "rules", options: rules, selected: query["rules"] ?? "", form: form))
            \(Layout.field(t("Contract gratuity, days a year"), name: "contract_days", value: contractDays, type: "number",
                           hint: t("Only when the contract gives its own gratuity"), attributes: StaffPage.contractDaysBounds, form: form))
            \(StaffPage.contractTermFields(monthDays: query["contract_month_days"].flatMap { Int($0) } ?? member.contractGratuityMonthDays,
                                          minimumYears: query["contract_minimum_years"].flatMap { Int($0) } ?? member.contractGratuityMinimumYears, form: form))
            """
    }

    /// The request the fields make, checked by the same rules as the command line's options.
    static func request(_ staff: String, _ fields: Form) throws -> SettlementRequest {
        guard let reason = LeavingReason(rawValue: try fields.required("reason", t("Why it ends"))) else {
            throw FormProblem(description: t("Choose why the employment ends: {reasons}.", ["reasons": LeavingReason.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        let days = try fields["contract_days"].map { text -> Int in
            guard let days = Int(text), StaffMember.contractGratuityRange.contains(days) else { throw FormProblem(description: t("The contract's gratuity takes 1 to 365 days a year.")) }
            return days
        }
        var request = SettlementRequest(staff: staff, leaving: try fields.date("leaving", t("The last day of work")), reason: reason,
                                        noticeGiven: try fields.optionalDate("notice"), rules: fields["rules"],
                                        contractDaysPerYear: days)
        // Checked whatever they are; they count where they differ from the person's (or come with days a year).
        (request.contractMonthDays, request.contractMinimumYears) = try StaffPage.contractTerms(fields)
        return request
    }

    @Sendable func preview(_ request: Request, _ context: WebContext) async throws -> Response {
        let id = try context.recordID("id")
        let details = try app.database.findStaff(id, within: context.reach)
        return try page(details, request.query, context, problem: nil)
    }

    @Sendable func confirm(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let id = try context.recordID("id")
        let details = try app.database.findStaff(id, within: context.reach)
        return try attempt({
            let method = try PaymentMethod(parsing: form.required("method", t("How it is paid")))
            let settle = try Self.request(id, form)
            _ = try Settling.confirm(settle, .init(paidOn: try form.optionalDate("paid_on") ?? settle.leaving, method: method,
                                                   reference: form["reference"]), app.database, app.ingestor, within: context.reach)
            return Redirect.to("/staff/\(id)#payments")
        }, orShow: { try page(details, form, context, problem: $0) })
    }

    private func page(_ details: StaffDetails, _ query: Form, _ context: WebContext, problem: String?) throws -> Response {
        let member = details.member, base = "/staff/\(member.id.rawValue)"
        var body: HTML = .empty
        var problem = problem
        if query["leaving"] != nil {
            do {
                let (settlement, _, _) = try Settling.preview(try Self.request(member.id.rawValue, query), app.database, within: context.reach)
                body = Self.lines(settlement) + confirmForm(base, query, context)
            } catch {
                let (status, message) = WebError.presentation(of: error)
                guard status == .unprocessableContent else { throw error }
                problem = problem ?? message
            }
        }
        let heading = HTML.filled(t("Final settlement of {name}"), ["name": "<a href=\"\(base)\">\(bdi: member.legalName)</a>"])
        return Layout.page(title: t("Final settlement – {name}", ["name": member.legalName]), session: context.session,
                           status: problem == nil ? .ok : .unprocessableContent, body: """
            <h1>\(heading)</h1>
            \(Layout.problem(problem))
            <form method="get" action="\(base)/settlement">\(Self.fields(member, query, household: details.household, form: "preview"))
            <p><button type="submit">\(t("Work it out again"))</button></p></form>
            \(body)
            """)
    }

    static func lines(_ settlement: Settlement) -> HTML {
        // The working in the page's language as the papers word it; in English (or with no paper
        // catalog) the domain's own, and a reading quoted from the rules, kept left to right on any
        // page. The rules' names stay as written.
        let paper = WebText.current.language == "en" ? nil : try? PaperWords.of(WebText.current.language)
        let said = { (step: WorkedStep) -> HTML in
            guard let paper, PaperKey(step.kind) != nil else { return "<li>\(ltr: step.description)</li>" }
            return "<li>\(paper.step(step))</li>"
        }
        let rows = settlement.lines.map { line -> HTML in
            let work = line.working.map(said)
            return """
                <tr><td>\(PaymentWords.heading(line))</td><td class="num"><strong>\(line.amount.description)</strong></td>
                <td><ul class="changes">\(work)</ul>\(line.source.map { "<small>\(t("Source: {source}", ["source": $0]))</small>" as HTML } ?? .empty)</td></tr>
                """
        }
        let notes = settlement.noteSteps.map(said)
        return """
            <h2>\(ltr: settlement.rules.name) <span class="marks">\(t("{version}, as read on {date}; service {service}",
                ["version": settlement.rules.versionName, "date": settlement.rules.checkedOn.description, "service": ReportWords.duration(settlement.service)]))</span></h2>
            \(settlement.payBy.map { "<p class=\"due\"><strong>\(t("To be paid by {date}", ["date": $0.description]))</strong></p>" as HTML } ?? .empty)
            <div class="scroll"><table class="settlement"><thead><tr><th>\(t("Part"))</th><th class="num">\(t("Amount"))</th><th>\(t("How it was worked out"))</th></tr></thead>
            <tbody>\(rows)<tr class="total"><td>\(t("Total"))</td><td class="num"><strong>\(settlement.total.description)</strong></td>
            <td>\(settlement.total.isNegative ? t("owed by the worker") : "")</td></tr></tbody></table></div>
            <h2>\(t("What the law leaves open"))</h2><ul class="notes">\(notes)</ul>
            """
    }

    private func confirmForm(_ base: String, _ query: Form, _ context: WebContext) -> HTML {
        guard context.session != nil else { return .empty }
        let hidden = ["leaving", "reason", "notice", "rules", "contract_days", "contract_month_days", "contract_minimum_years"].compactMap { name -> HTML? in
            query[name].map { "<input type=\"hidden\" name=\"\(name)\" value=\"\($0)\">" }
        }
        let methods = PaymentWords.methodOptions
        return """
            <h2>\(t("Record it"))</h2>
            <form method="post" action="\(base)/settlement" data-confirm="\(t("Record this settlement and the last day of work?"))">\(Layout.csrfField(context.session))\(hidden)
            \(Layout.select(t("Paid by"), name: "method", options: methods, form: "confirm"))
            \(Layout.field(t("Paid on"), name: "paid_on", value: query["paid_on"] ?? query["leaving"], type: "date", form: "confirm"))
            \(Layout.field(t("Reference"), name: "reference", value: query["reference"], form: "confirm"))
            <p><button type="submit">\(t("Record the settlement"))</button></p></form>
            <p class="note">\(t("This records the last day of work and the settlement in the ledger, and files its statement with the documents. Like any payment, it is undone only by reversing its entries."))</p>
            """
    }
}
