import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

/// The start page: households, what is due in the next 60 days, the latest documents.
struct HomeController: Sendable {
    let app: WebApp

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        let today = app.today
        let households = try app.database.householdSummaries(within: context.reach)
        let due = try app.backupDueItems(context.reach) + Settling.dueItems(DueList(today: today, withinDays: 60), app.database, within: context.reach)
        let latest = try app.database.latestDocuments(within: context.reach, limit: 12)
        let rows = households.map { summary -> HTML in
            let role = context.reach.isEverything ? nil : context.reach.role(in: summary.household.id).map(Words.role)
            let marks = [summary.isPrimary ? t("primary", context: "household") : nil, summary.isActive ? t("active", context: "household") : nil, role]
                .compactMap { $0 }.joined(separator: t(", ", context: "list"))
            return """
                <tr><td><a href="/households/\(summary.household.id.rawValue)">\(bdi: summary.household.name)</a>
                <span class="marks">\(marks)</span></td><td class="num">\(summary.staffCount)</td></tr>
                """
        }
        let householdTable: HTML = households.isEmpty
            ? "<p class=\"note\">\(t("No households yet."))</p>"
            : "<table><thead><tr><th>\(t("Household"))</th><th class=\"num\">\(t("Staff"))</th></tr></thead><tbody>\(rows)</tbody></table>"
        return Layout.page(title: t("Home"), session: context.session, body: """
            <h1>\(t("Home"))</h1>
            <h2>\(t("Households"))</h2>
            \(householdTable)
            <p><a href="/households/new">\(t("Add a household"))</a></p>
            <h2>\(t("Due in the next 60 days"))</h2>
            \(Fragments.dueTable(due, today: today, more: "<a href=\"/reports/due\">\(t("See them all by date"))</a>"))
            <h2>\(t("Latest documents"))</h2>
            \(Fragments.documentGrid(latest, asOf: today))
            """)
    }
}
