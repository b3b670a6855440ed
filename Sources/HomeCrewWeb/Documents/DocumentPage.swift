import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

/// The document's page.
struct DocumentPage {
    let app: WebApp
    let details: DocumentDetails
    let session: WebSession?
    let problem: String?

    var document: Document { details.document }
    var base: String { "/documents/\(document.id.rawValue)" }
    var csrf: HTML { Layout.csrfField(session) }
    /// Viewers see no forms: they can change nothing.
    var canChange: Bool { session?.reach.allows(.manager, in: details.household.id) ?? false }

    func render() throws -> Response {
        let object = details.object
        let pages = PageText.everyPage(try app.database.pages(of: details.document), pageCount: object.content.pageCount)
        return Layout.page(title: document.title, session: session, body: """
            <h1>\(bdi: document.title)</h1>
            \(Layout.problem(problem))
            \(preview())
            <p><a href="\(base)/original">Open the original</a> · <a href="\(base)/download">Download \(bdi: document.originalName)</a></p>
            \(fields())
            <h2>Staff</h2>\(try staff())
            \(try suggestions())
            <h2>Text</h2>\(text(pages))
            \(canChange ? "<h2>Change</h2>\(forms())" as HTML : .empty)
            <h2>History</h2>\(Fragments.history(try app.database.recentHistory(.document(document.id), count: 50), shown: try app.database.historyPage(.document(document.id), PageRequest(page: 1, size: 1)).total))
            """)
    }

    /// JPEG and PNG originals shown as they are (the browser turns them upright by their EXIF
    /// orientation); PDFs and HEIC by their thumbnail, which HomeCrew drew upright.
    private func preview() -> HTML {
        let type = details.object.mediaType
        if type == .jpeg || type == .png {
            return "<p><img class=\"preview\" src=\"\(base)/original\" alt=\"\(document.title)\"></p>"
        }
        guard let thumbnail = details.object.thumbnailHash else { return "<p class=\"note\">No preview.</p>" }
        return "<p><a href=\"\(base)/original\"><img class=\"preview\" src=\"/thumbnails/\(thumbnail)\" alt=\"First page of \(document.title)\"></a></p>"
    }

    private func fields() -> HTML {
        let content = details.object.content
        let rows: [(String, String?)] = [
            ("Kind", document.kind.rawValue), ("Household", details.household.name), ("Number", document.number),
            ("Issued", document.issuedOn?.description),
            ("Expires", document.expiresOn?.description), ("Type", details.object.mediaType.shortName),
            ("Pages", content.pageCount.map(String.init)), ("Read", content.status.rawValue), ("Note", content.note),
            ("File name", Visible.text(document.originalName)), ("Size", ByteCount.text(details.object.size)),
            ("Added", document.addedAt.formatted(.iso8601)), ("SHA-256", details.object.hash), ("ID", document.id.rawValue),
        ]
        let items = rows.filter { $0.1 != nil }.map { label, value -> HTML in "<dt>\(label)</dt><dd>\(value)</dd>" }
        return "<dl class=\"fields\">\(items)</dl>"
    }

    private func staff() throws -> HTML {
        let linked = details.staff.map { member -> HTML in
            """
            <li><a href="/staff/\(member.id.rawValue)">\(bdi: member.legalName)</a>
            \(canChange ? unlinkForm(member) : .empty)</li>
            """
        }
        let candidates = try app.database.staffChoices(householdID: details.household.id, within: .everything, limit: WebLimits.staffChoices)?
            .filter { candidate in !details.staff.contains { $0.id == candidate.id } }
        let linkForm: HTML = candidates?.isEmpty ?? false || !canChange ? .empty : """
            <form method="post" action="\(base)/link">\(csrf)
            \(Fragments.staffChooser("Link to", name: "staff", choices: candidates))
            <p><button type="submit">Link</button></p></form>
            """
        return (linked.isEmpty ? "<p class=\"note\">Not linked to anyone.</p>" : "<ul>\(linked)</ul>") + linkForm
    }

    /// What the document's text says about it; managers and owners may apply each fact, viewers only read them.
    /// They are read once and kept; when they must be read again (the staff changed) and that takes
    /// longer than part of the page's time, the rest of the page is shown without them.
    private func suggestions() throws -> HTML {
        let reader = DocumentSuggestions.web(database: app.database, today: app.today, people: WebLimits.staffChoices)
        guard let report = try HouseholdController.partly({ try reader.report(details) }) else {
            return "<h2>What its text says</h2><p class=\"note\">Its text took too long to read this time; reload the page to try again.</p>"
        }
        guard !report.suggestions.isEmpty else { return .empty }
        let rows = report.suggestions.map { suggestion -> HTML in
            let fact = suggestion.fact
            return """
                <tr><th>\(fact.field.rawValue)</th><td>\(bdi: fact.value.description)</td>
                <td>\(fact.evidence.map(\.description).joined(separator: "; "))</td><td>\(applyCell(suggestion))</td></tr>
                """
        }
        let notes = report.reading.notes.map { note -> HTML in "<li>\(note)</li>" }
        return """
            <h2>What its text says</h2>
            <table class="suggestions"><thead><tr><th>Fact</th><th>Value</th><th>Evidence</th><th>Status</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            \(zoneEvidence(report))
            \(notes.isEmpty ? .empty : "<ul class=\"note\">\(notes)</ul>" as HTML)
            """
    }

    /// The zone facts were read from, its lines as read and the check digits that agree: why a
    /// person deciding to apply them may trust them (no check digit covers names, which the table says).
    private func zoneEvidence(_ report: DocumentSuggestions.Report) -> HTML {
        let fromZone = report.suggestions.contains { $0.fact.evidence.contains { if case .zone = $0.source { true } else { false } } }
        guard fromZone else { return .empty }
        for case .read(let zone) in report.reading.zones {
            let repairs = zone.repairs.isEmpty ? "" : " OCR misreadings undone: \(zone.repairs.map(\.description).joined(separator: ", "))."
            return """
                <h3>Read from the zone</h3>
                <pre class="page">\(zone.lines.joined(separator: "\n"))</pre>
                <p>The \(zone.format.rawValue) zone at line \(zone.textLine) of the text; its check digits agree: \(zone.checkDigits.joined(separator: ", ")).\(repairs)</p>
                """
        }
        return .empty
    }

    private func applyCell(_ suggestion: DocumentSuggestions.Suggestion) -> HTML {
        let field = suggestion.fact.field.rawValue
        func form(_ label: String, overwrite: Bool) -> HTML {
            guard canChange else { return .empty }
            return """
                <form class="inline" method="post" action="\(base)/apply">\(csrf)<input type="hidden" name="field" value="\(field)">\(overwrite ? "<input type=\"hidden\" name=\"overwrite\" value=\"yes\">" as HTML : .empty)<button type="submit">\(label)</button></form>
                """
        }
        switch suggestion.status {
        case .new: return canChange ? form("Apply", overwrite: false) : "<span class=\"marks\">not applied</span>"
        case .applied: return "<span class=\"marks\">applied</span>"
        case .differs(let current): return "<span class=\"marks\">the document has \(current)</span> \(form("Apply (replaces it)", overwrite: true))"
        case .notKept: return "<span class=\"marks\">shown only</span>"
        }
    }

    private func text(_ pages: [PageText]) -> HTML {
        guard pages.contains(where: { !$0.text.isEmpty }) else { return "<p class=\"note\">No text was read from this document.</p>" }
        let sections = pages.map { page -> HTML in
            let ocr: HTML = page.source == .ocr ? " <span class=\"marks\">(read by OCR)</span>" : .empty
            return """
                <section id="page-\(page.number)"><h3>Page \(page.number)\(ocr)</h3>
                \(page.text.isEmpty ? "<p class=\"note\">No text on this page.</p>" as HTML : "<pre class=\"page\">\(page.text)</pre>")</section>
                """
        }
        return HTML.join(sections)
    }

    private func forms() -> HTML {
        let kinds = DocumentKind.allCases.map { (value: $0.rawValue, label: $0.rawValue) }
        let isPDF = details.object.mediaType == .pdf
        return """
            <details><summary>Edit</summary>
            <form method="post" action="\(base)/edit">\(csrf)
            \(Layout.field("Title", name: "title", value: document.title, required: true))
            \(Layout.select("Kind", name: "kind", options: kinds, selected: document.kind.rawValue))
            \(Layout.field("Number", name: "number", value: document.number, attributes: "maxlength=\"60\" autocomplete=\"off\""))
            \(Layout.field("Issued on", name: "issued", value: document.issuedOn?.description, type: "date"))
            \(Layout.field("Expires on", name: "expires", value: document.expiresOn?.description, type: "date"))
            <p><button type="submit">Save changes</button></p></form></details>
            <details><summary>Read it again</summary>
            <form method="post" action="\(base)/reprocess">\(csrf)
            \(isPDF ? Layout.field("Password (for an encrypted PDF)", name: "password", type: "password", attributes: "autocomplete=\"off\"") : .empty)
            <p class="field"><label><input type="checkbox" name="ocr" value="yes"> With OCR</label></p>
            <p><button type="submit">Reprocess</button></p></form></details>
            <details><summary>Remove</summary>
            <form method="post" action="\(base)/remove" data-confirm="Remove this document?">\(csrf)
            <p>The file stays in the vault until <code>homecrew vault gc</code> removes unreferenced files after their grace period.</p>
            <p><button type="submit">Remove document</button></p></form></details>
            """
    }

    private func unlinkForm(_ member: StaffMember) -> HTML {
        """
        <form class="inline" method="post" action="\(base)/unlink">\(csrf)<input type="hidden" name="staff" value="\(member.id.rawValue)">
        <button type="submit" class="link">Unlink</button></form>
        """
    }
}
