import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// Search: the CLI's query language and filters, the same ranking, words marked in the snippets.
struct SearchController: Sendable {
    let app: WebApp

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        try await HeavyLane.shared.runPage { try page(request.query, context) }
    }

    private func page(_ query: Form, _ context: WebContext) throws -> Response {
        var households: [HouseholdSummary]?
        var results: HTML = .empty
        var problem: String?
        if let text = query["q"] {
            do {
                (households, results) = try self.results(for: text, query, context.reach)
            } catch {
                let (status, message) = WebError.presentation(of: error)
                guard status == .unprocessableContent else { throw error }
                problem = message
            }
        }
        // Read with the results when the search ran. A search refused as more work than a page may take has
        // spent the request's budget: the list (as long as the person's reach) is read under a budget of its own.
        let budget = WorkBudget.current?.isSpent == true ? context.makeBudget(seconds: app.requestSeconds) : WorkBudget.current
        let shown = try households ?? WorkBudget.$current.withValue(budget) { try app.database.householdSummaries(within: context.reach) }
        let kinds = [(value: "", label: t("any", context: "kind"))] + DocumentWords.kindOptions
        return Layout.page(title: query["q"].map { t("{words} – Search", ["words": $0]) } ?? t("Search"), session: context.session, body: """
            <h1>\(t("Search"))</h1>
            <form method="get" action="/search" role="search">
            \(Layout.field(t("Words"), name: "q", value: query["q"], type: "search",
                           hint: t("All words must match. Also \"exact phrase\", prefix*, a OR b, -word, staff:NAME, kind:KIND, title:WORD")))
            \(Layout.select(t("Household"), name: "household", options: [(value: "", label: t("All households"))] + Fragments.householdOptions(shown),
                            selected: query["household"] ?? ""))
            \(Layout.select(t("Kind"), name: "kind", options: kinds, selected: query["kind"] ?? ""))
            <details\(query["added_from"] != nil || query["added_to"] != nil ? " open" as HTML : .empty)><summary>\(t("Added between"))</summary>
            \(Layout.field(t("From"), name: "added_from", value: query["added_from"], type: "date"))
            \(Layout.field(t("To"), name: "added_to", value: query["added_to"], type: "date"))</details>
            <p><button type="submit">\(t("Search"))</button></p>
            </form>
            \(Layout.problem(problem))
            \(results)
            """)
    }

    /// The households in reach and the results, read together (`AppDatabase.searchPage`).
    private func results(for text: String, _ query: Form, _ reach: Reach) throws -> ([HouseholdSummary], HTML) {
        let parsed = try SearchQuery.parse(text)
        var filter = SearchFilter(kind: try query["kind"].map(DocumentListing.kind),
                                  addedFrom: try query.optionalDate("added_from"), addedTo: try query.optionalDate("added_to"), limit: 20, within: reach)
        if let household = query["household"] {
            guard reach.includes(RecordID(rawValue: household)) else { throw WebError.notFound }
            filter.householdID = try app.database.householdSummary(id: RecordID(rawValue: household)).household.id
        }
        // People whose names hold the query's words, above the documents (a query with OR, an
        // exclusion or a document field asks for documents only).
        let page = try app.database.searchPage(parsed, filter, peopleNamed: parsed.nameWords, peopleLimit: WebLimits.pageSize)
        return (page.households, self.people(page.people) + documents(page.results))
    }

    private func documents(_ found: SearchResults) -> HTML {
        guard !found.hits.isEmpty else { return "<p>\(t("No document matches."))</p>" }
        let items = found.hits.map { hit -> HTML in
            let page: HTML = hit.page.map { "<a href=\"/documents/\(hit.documentID.rawValue)#page-\($0)\">\(t("page {number}", ["number": String($0)]))</a>" }
                ?? "\(t("title, staff or file name"))"
            let snippet: HTML = hit.page == nil ? .empty
                : "<br>" + HTML.highlighted(hit.snippet, start: SearchHit.highlightStart, end: SearchHit.highlightEnd)
            return """
                <li><a href="/documents/\(hit.documentID.rawValue)"><strong>\(bdi: hit.title)</strong></a>
                <span class="marks">\(Words.kind(hit.kind)) · \(bdi: hit.household)\(hit.staff.isEmpty ? "" : " · ")\(bdi: hit.staff)</span>
                · \(page)\(snippet)</li>
                """
        }
        let note: HTML = found.rankedRecentPagesOnly
            ? "<p class=\"note\">\(t("More than {count} pages match; these are the best of the most recently added. Add a word to narrow the search.", ["count": String(AppDatabase.rankingWindow)]))</p>"
            : .empty
        return "<h2>\(t("Documents"))</h2>\(note)<ol class=\"results\">\(items)</ol>"
    }

    private func people(_ found: [StaffDetails]) -> HTML {
        let today = app.today
        guard !found.isEmpty else { return .empty }
        let items = found.map { person -> HTML in
            let knownAs: HTML = person.member.knownAs.map { " (\(bdi: $0))" } ?? .empty
            return """
                <li><a href="/staff/\(person.member.id.rawValue)"><strong>\(bdi: person.member.legalName)</strong></a>\(knownAs)
                <span class="marks">\(bdi: person.household.name) · \(Words.status(person.member.status(asOf: today)))</span></li>
                """
        }
        return "<h2>\(t("People"))</h2><ul class=\"results people\">\(items)</ul>"
    }
}
