import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// One page of the Documents list: the query read by the shared listing rules, the rows with
/// their previews, the pager, and (for a manager of the chosen household) the bulk changes.
struct DocumentListSection {
    let query: Form
    let context: WebContext
    let today: CalendarDate
    let household: RecordID?
    /// Nil when the household (or every household in reach) has too many people to list.
    let staffChoices: [StaffMember]?
    let order: DocumentOrder
    let page: Int
    let total: Int
    let documents: [DocumentDetails]

    init(app: WebApp, query: Form, context: WebContext) throws {
        self.query = query
        self.context = context
        today = app.today
        var filter = try Self.filter(query, reach: context.reach, asOf: today)
        household = filter.householdID
        if let household { _ = try app.database.householdSummary(id: household) }
        staffChoices = try app.database.staffChoices(householdID: household, within: context.reach, limit: WebLimits.staffChoices)
        if let staff = filter.staffID {
            // Someone within reach (and in the chosen household), else as if absent.
            let found = try? app.database.findStaff(staff.rawValue, within: context.reach)
            guard let found, found.member.id == staff, household.map({ $0 == found.household.id }) ?? true else { throw WebError.notFound }
        }
        order = filter.listing.order
        total = try app.database.documentCount(filter)
        let pages = max(1, (total + WebLimits.pageSize - 1) / WebLimits.pageSize)
        page = min(max(1, Int(query["page"] ?? "1") ?? 1), pages)
        filter.limit = WebLimits.pageSize
        filter.offset = (page - 1) * WebLimits.pageSize
        documents = try app.database.documentListing(filter)
    }

    /// The query's fields as `doc list` reads its options.
    static func filter(_ query: Form, reach: Reach, asOf: CalendarDate) throws -> DocumentFilter {
        let listing = DocumentListing(
            kind: try query["kind"].map(DocumentListing.kind), expiry: try query["expiry"].map(ExpiryWindow.parse),
            added: try DaySpan(from: query.optionalDate("added_from"), to: query.optionalDate("added_to"), field: "added"),
            issued: try DaySpan(from: query.optionalDate("issued_from"), to: query.optionalDate("issued_to"), field: "issued"),
            order: try query["sort"].map(DocumentOrder.parse))
        var filter = DocumentFilter(listing: listing, asOf: asOf, within: reach)
        if let household = try query["household"].map(DocumentListController.recordID) {
            guard reach.includes(household) else { throw WebError.notFound }
            filter.householdID = household
        }
        filter.staffID = try query["staff"].map(DocumentListController.recordID)
        return filter
    }

    var mayChange: Bool { household.map { context.may(.manager, in: $0) } ?? false }

    func render() throws -> HTML {
        guard !documents.isEmpty else {
            let every: HTML = "<a href=\"/documents\">\(t("Show every document"))</a>", upload: HTML = "<a href=\"/upload\">\(t("upload some"))</a>"
            return "<p class=\"note\">\(t("No document matches.")) \(HTML.filled(t("{show} or {upload}."), ["show": every, "upload": upload]))</p>"
        }
        let first = (page - 1) * WebLimits.pageSize + 1
        let shown = tPlural("{first}–{last} of {count} document", "{first}–{last} of {count} documents", count: total,
                            ["first": String(first), "last": String(first + documents.count - 1)])
        let summary: HTML = "<p class=\"note\" aria-live=\"polite\">\(shown)</p>"
        let table: HTML = """
            <div class="scroll"><table class="documents"><thead><tr>\(mayChange ? "<th scope=\"col\">\(t("Choose"))</th>" as HTML : .empty)
            <th scope="col">\(t("Preview"))</th>\(header(t("Title"), .title))<th scope="col">\(t("Kind"))</th><th scope="col">\(t("Household"))</th>
            <th scope="col">\(t("People"))</th>\(header(t("Issued"), .issued))\(header(t("Expires"), .expires))\(header(t("Added"), .added))</tr></thead>
            <tbody>\(documents.map(row))</tbody></table></div>
            """
        guard mayChange, let household else {
            let why: HTML = household == nil ? "<p class=\"note\">\(t("Choose a household above to change several of its documents at once."))</p>" : .empty
            return summary + table + pager() + why
        }
        return """
            \(summary)<form method="post" action="/documents/bulk" class="bulk">\(Layout.csrfField(context.session))
            <input type="hidden" name="household" value="\(household.rawValue)">
            <input type="hidden" name="return" value="\(DocumentListController.encoded(query))">
            \(table)\(bulkActions())</form>\(pager())
            """
    }

    private func row(_ details: DocumentDetails) -> HTML {
        let document = details.document
        let choose: HTML = mayChange
            ? "<td><input type=\"checkbox\" name=\"document\" value=\"\(document.id.rawValue)\" aria-label=\"\(t("Choose {title}", ["title": document.title]))\"></td>" : .empty
        let expired = document.expiresOn.map { $0 < today } ?? false
        let people = details.staff.map { "<a href=\"/staff/\($0.id.rawValue)\">\(bdi: $0.displayName)</a>" as HTML }
        return """
            <tr>\(choose)<td class="thumb">\(Fragments.thumbnail(details))</td>
            <td><a href="/documents/\(document.id.rawValue)">\(bdi: document.title)</a></td><td>\(Words.kind(document.kind))</td>
            <td>\(bdi: details.household.name)</td><td>\(HTML.join(people, separator: ", "))</td>
            <td class="num">\(document.issuedOn?.description)</td>
            <td class="num\(expired ? " error" : "")">\(document.expiresOn.map { expired ? t("{date} (expired)", ["date": $0.description]) : $0.description })</td>
            <td class="num">\(String(document.addedAt.ISO8601Format().prefix(10)))</td></tr>
            """
    }

    /// A column heading that sorts by its column; the current order is announced (`aria-sort`).
    private func header(_ title: String, _ column: DocumentOrder) -> HTML {
        let direction = column == .expires || column == .title ? "ascending" : "descending"
        let current: HTML = order == column ? " aria-sort=\"\(direction)\"" : .empty
        let link = "/documents?" + DocumentListController.encoded(query, replacing: ["sort": column.rawValue, "page": nil])
        return "<th scope=\"col\"\(current)><a href=\"\(link)\">\(title)</a></th>"
    }

    private func pager() -> HTML {
        let pages = max(1, (total + WebLimits.pageSize - 1) / WebLimits.pageSize)
        guard pages > 1 else { return .empty }
        func link(_ target: Int, _ label: String, _ rel: String) -> HTML {
            "<a rel=\"\(rel)\" href=\"/documents?\(DocumentListController.encoded(query, replacing: ["page": String(target)]))\">\(label)</a>"
        }
        return """
            <nav class="pager" aria-label="\(t("Pages"))"><p>\(page > 1 ? link(page - 1, t("← Previous"), "prev") : .empty)
            <span>\(t("Page {page} of {pages}", ["page": String(page), "pages": String(pages)]))</span> \(page < pages ? link(page + 1, t("Next →"), "next") : .empty)</p></nav>
            """
    }

    private func bulkActions() -> HTML {
        let kinds = DocumentWords.kindOptions
        return """
            <fieldset class="bulk-actions"><legend>\(t("Change the chosen documents"))</legend>
            \(staffChoices?.isEmpty ?? false ? HTML.empty : """
                <div class="inline-fields">\(Fragments.staffChooser(t("Person"), name: "staff", choices: staffChoices, form: "bulk"))
                <p><button type="submit" name="action" value="link">\(t("Link to this person"))</button></p></div>
                """)
            <div class="inline-fields">\(Layout.select(t("Kind"), name: "kind", options: kinds, form: "bulk"))
            <p><button type="submit" name="action" value="kind">\(t("Set this kind"))</button></p></div>
            <div class="inline-fields">\(Layout.field(t("Expires on"), name: "expires", type: "date", hint: t("Leave empty to clear the date"), form: "bulk"))
            <p><button type="submit" name="action" value="expires">\(t("Set this expiry date"))</button></p></div>
            </fieldset>
            """
    }
}
