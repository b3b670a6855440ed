import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// Where a household's payment ledger begins: the household page shows its openings, and offers
/// owners and managers to open it ("settled before HomeCrew") or to reverse an opening; the
/// same operation as `pay opening`.
struct OpeningController: Sendable {
    let app: WebApp

    @Sendable func change(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let summary = try app.database.householdSummary(id: RecordID(rawValue: context.recordID("id")))
        let household = summary.household
        return try attempt({
            if let reverse = form["reverse"] {
                _ = try app.database.reverseOpening(reverse, on: app.today, note: form["note"], householdID: household.id, within: context.reach)
            } else {
                let month = try YearMonth(parsing: form["settled_through"] ?? "")
                let staff = form["staff"].flatMap { $0.isEmpty ? nil : $0 }
                _ = try app.database.openLedger(householdID: household.id, staff: staff, settledThrough: month, today: app.today,
                                                note: form["note"], within: context.reach)
            }
            return Redirect.to("/households/\(household.id.rawValue)#owed")
        }, orShow: { try HouseholdController(app: app).page(summary, context, problem: $0) })
    }

    /// The openings that stand, and (for those who may change the household) the forms.
    static func section(_ app: WebApp, household: Household, context: WebContext) throws -> HTML {
        let canChange = context.may(.manager, in: household.id)
        let standing = try app.database.standingOpenings(householdID: household.id, within: context.reach)
        let csrf = Layout.csrfField(context.session)
        let action = "/households/\(household.id.rawValue)/opening"
        let items = standing.map { entry -> HTML in
            let reverse: HTML = !canChange ? .empty : """
                <form class="inline" method="post" action="\(action)" data-confirm="\(t("Reverse this opening? The months it covers count as owed again."))">\(csrf)
                <input type="hidden" name="reverse" value="\(entry.opening.id.rawValue)"><button type="submit" class="link">\(t("Reverse"))</button></form>
                """
            let who: HTML = entry.member.map { "\(bdi: $0.displayName)" } ?? "\(t("Everyone"))"
            return "<li>\(who): \(t("up to {month} settled before HomeCrew", ["month": entry.opening.settledThrough.description])) \(reverse)</li>"
        }
        let list: HTML = items.isEmpty
            ? "<p class=\"note\">\(t("The ledger starts when each person started: every month since counts as owed until paid."))</p>"
            : "<ul class=\"openings\">\(HTML.join(items, separator: "\n"))</ul>"
        guard canChange else { return list }
        // At most `WebLimits.staffChoices` people to choose from; with more, the person's id is typed.
        let choices = try app.database.staffChoices(householdID: household.id, within: context.reach, limit: WebLimits.staffChoices)
        return """
            \(list)
            <details id="opening"><summary>\(t("Open the ledger where HomeCrew begins"))</summary>
            <form method="post" action="\(action)">\(csrf)
            \(Layout.field(t("Everything up to and including this month was settled before HomeCrew"), name: "settled_through",
                           value: YearMonth(app.today).previous.description, type: "month", required: true, form: "opening"))
            \(Fragments.staffChooser(t("For", context: "person"), name: "staff", choices: choices, first: (value: "", label: t("everyone in the household")), form: "opening"))
            \(Layout.field(t("Note"), name: "note", form: "opening"))
            <p><button type="submit">\(t("Open the ledger"))</button></p></form></details>
            """
    }
}
