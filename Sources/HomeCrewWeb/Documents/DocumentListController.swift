import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// The Documents page: every document within the person's reach, narrowed by `doc list`'s options
/// (one `DocumentListing`, one store query), paged; a manager changes the chosen ones together.
struct DocumentListController: Sendable {
    let app: WebApp

    /// The query fields the page keeps from one request to the next (paging, sorting, after a change).
    static let keptFields = ["household", "staff", "kind", "expiry", "added_from", "added_to", "issued_from", "issued_to", "sort"]

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        try page(request.query, context, problem: nil)
    }

    /// Link a person, set a kind or set (or clear) the expiry date of every chosen document of one household.
    @Sendable func change(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let query = Form(encoded: form["return"] ?? "")
        return try attempt({
            let household = RecordID(rawValue: try form.required("household", t("The household")))
            let chosen = try form.all("document").map { try Self.recordID($0) }
            guard !chosen.isEmpty else { throw FormProblem(description: t("Choose at least one document to change.")) }
            // The page offers one page of documents; more in one form is not a person choosing, and would hold the write lock.
            guard chosen.count <= WebLimits.pageSize else {
                throw FormProblem(description: t("At most {count} documents are changed at once (one page); nothing was changed.",
                                                 ["count": String(WebLimits.pageSize)]))
            }
            var changes = DocumentChanges()
            var staff: [String] = []
            switch form["action"] {
            case "link": staff = [try Self.recordID(form.required("staff", t("The person to link"))).rawValue]
            case "kind": changes.kind = try DocumentListing.kind(form.required("kind", t("The kind")))
            case "expires":
                changes.expiresOn = try form.optionalDate("expires")
                changes.clearExpiresOn = changes.expiresOn == nil
            default: throw FormProblem(description: t("Choose what to change: link a person, set the kind or set the expiry date."))
            }
            try app.database.changeDocuments(chosen, ofHousehold: household, changes, linking: staff, within: context.reach)
            return Redirect.to("/documents?" + Self.encoded(query))
        }, orShow: { try page(query, context, problem: $0) })
    }

    private func page(_ query: Form, _ context: WebContext, problem: String?) throws -> Response {
        let households = try app.database.householdSummaries(within: context.reach)
        let list: DocumentListSection
        do {
            list = try DocumentListSection(app: app, query: query, context: context)
        } catch {
            let (status, message) = WebError.presentation(of: error)
            guard status == .unprocessableContent else { throw error }
            return Layout.page(title: t("Documents"), session: context.session, status: status, body: """
                <h1>\(t("Documents"))</h1>\(try filters(query, households, staff: [], context))\(Layout.problem(message))
                """)
        }
        return Layout.page(title: t("Documents"), session: context.session, status: problem == nil ? .ok : .unprocessableContent, body: """
            <h1>\(t("Documents"))</h1>
            \(try filters(query, households, staff: list.staffChoices, context))
            \(Layout.problem(problem))
            \(try list.render())
            """)
    }

    private func filters(_ query: Form, _ households: [HouseholdSummary], staff: [StaffMember]?, _ context: WebContext) throws -> HTML {
        let kinds = [(value: "", label: t("any", context: "kind"))] + DocumentWords.kindOptions
        var expiries = [(value: "", label: t("any", context: "expiry")), (value: "expired", label: t("expired")),
                        (value: "30", label: t("within 30 days")), (value: "90", label: t("within 90 days")), (value: "365", label: t("within a year"))]
        if let typed = query["expiry"], !expiries.contains(where: { $0.value == typed }) {
            expiries.append((typed, t("within {days} days", ["days": typed])))
        }
        let dated = ["added_from", "added_to", "issued_from", "issued_to"].contains { query[$0] != nil }
        return """
            <form method="get" action="/documents" class="filters">
            \(Layout.select(t("Household"), name: "household", options: [(value: "", label: t("All households"))] + Fragments.householdOptions(households),
                            selected: query["household"] ?? ""))
            \(Fragments.staffChooser(t("Staff member"), name: "staff", choices: staff, first: (value: "", label: t("anyone")), selected: query["staff"] ?? ""))
            \(Layout.select(t("Kind"), name: "kind", options: kinds, selected: query["kind"] ?? ""))
            \(Layout.select(t("Expiry"), name: "expiry", options: expiries, selected: query["expiry"] ?? ""))
            \(Layout.select(t("Order"), name: "sort", options: DocumentOrder.allCases.map { ($0.rawValue, DocumentWords.order($0)) },
                            selected: query["sort"] ?? (query["expiry"] == nil ? "added" : "expires")))
            <details\(dated ? " open" as HTML : .empty)><summary>\(t("Added or issued between"))</summary>
            \(Layout.field(t("Added from"), name: "added_from", value: query["added_from"], type: "date"))
            \(Layout.field(t("Added to"), name: "added_to", value: query["added_to"], type: "date"))
            \(Layout.field(t("Issued from"), name: "issued_from", value: query["issued_from"], type: "date"))
            \(Layout.field(t("Issued to"), name: "issued_to", value: query["issued_to"], type: "date"))</details>
            <p><button type="submit">\(t("Show"))</button> <a href="/documents">\(t("Clear"))</a></p>
            </form>
            """
    }

    /// A record id as a form or query gives it: exactly an id's shape, else "not found".
    static func recordID(_ text: String) throws -> RecordID {
        guard text.count == RecordID.length, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw WebError.notFound
        }
        return RecordID(rawValue: text)
    }

    /// The kept fields of a query, encoded again (nothing else passes through to a link or a redirect).
    static func encoded(_ query: Form, replacing changes: [String: String?] = [:]) -> String {
        var pairs: [String] = []
        for name in keptFields + ["page"] {
            let value = changes.keys.contains(name) ? changes[name] ?? nil : query[name]
            if let value { pairs.append("\(name)=\(URLComponent.encode(value))") }
        }
        return pairs.joined(separator: "&")
    }
}
