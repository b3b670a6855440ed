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
            <p><a href="\(base)/original">\(t("Open the original"))</a> · <a href="\(base)/download">\(HTML.filled(t("Download {name}"), ["name": "\(bdi: document.originalName)"]))</a></p>
            \(fields())
            <h2>\(t("Staff"))</h2>\(try staff())
            \(try suggestions())
            <h2>\(t("Text"))</h2>\(text(pages))
            \(canChange ? "<h2>\(t("Change"))</h2>\(forms())" as HTML : .empty)
            <h2>\(t("History"))</h2>\(Fragments.history(try app.database.recentHistory(.document(document.id), count: 50), shown: try app.database.historyPage(.document(document.id), PageRequest(page: 1, size: 1)).total))
            """)
    }

    /// JPEG and PNG originals shown as they are (the browser turns them upright by their EXIF
    /// orientation); PDFs and HEIC by their thumbnail, which HomeCrew drew upright.
    private func preview() -> HTML {
        let type = details.object.mediaType
        if type == .jpeg || type == .png {
            return "<p><img class=\"preview\" src=\"\(base)/original\" alt=\"\(document.title)\"></p>"
        }
        guard let thumbnail = details.object.thumbnailHash else { return "<p class=\"note\">\(t("No preview."))</p>" }
        let alt = t("First page of {title}", ["title": document.title])
        return "<p><a href=\"\(base)/original\"><img class=\"preview\" src=\"/thumbnails/\(thumbnail)\" alt=\"\(alt)\"></a></p>"
    }

    private func fields() -> HTML {
        let content = details.object.content
        let rows: [(String, String?)] = [
            (t("Kind"), Words.kind(document.kind)), (t("Household"), details.household.name), (t("Number"), document.number),
            (t("Issued"), document.issuedOn?.description),
            (t("Expires"), document.expiresOn?.description), (t("Type", context: "file type"), details.object.mediaType.shortName),
            (t("Pages"), content.pageCount.map(String.init)), (t("Read", context: "text read"), DocumentWords.status(content.status)),
            (t("Note"), content.note),
            (t("File name"), Visible.text(document.originalName)), (t("Size"), ByteCount.text(details.object.size)),
            (t("Added"), document.addedAt.formatted(.iso8601)), ("SHA-256", details.object.hash), (t("ID"), document.id.rawValue),
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
            \(Fragments.staffChooser(t("Link to"), name: "staff", choices: candidates))
            <p><button type="submit">\(t("Link"))</button></p></form>
            """
        return (linked.isEmpty ? "<p class=\"note\">\(t("Not linked to anyone."))</p>" : "<ul>\(linked)</ul>") + linkForm
    }

    /// What the document's text says about it; managers and owners may apply each fact, viewers only read them.
    /// They are read once and kept; when they must be read again (the staff changed) and that takes
    /// longer than part of the page's time, the rest of the page is shown without them.
    private func suggestions() throws -> HTML {
        let reader = DocumentSuggestions.web(database: app.database, today: app.today, people: WebLimits.staffChoices)
        guard let report = try HouseholdController.partly({ try reader.report(details) }) else {
            return "<h2>\(t("What its text says"))</h2><p class=\"note\">\(t("Its text took too long to read this time; reload the page to try again."))</p>"
        }
        guard !report.suggestions.isEmpty else { return .empty }
        let rows = report.suggestions.map { suggestion -> HTML in
            let fact = suggestion.fact
            return """
                <tr><th>\(DocumentWords.field(fact.field))</th><td>\(bdi: fact.value.description)</td>
                <td>\(ltr: fact.evidence.map(\.description).joined(separator: "; "))</td><td>\(applyCell(suggestion))</td></tr>
                """
        }
        // The evidence and the notes are the domain's English: kept left to right on any page.
        let notes = report.reading.notes.map { note -> HTML in "<li>\(ltr: note)</li>" }
        return """
            <h2>\(t("What its text says"))</h2>
            <table class="suggestions"><thead><tr><th>\(t("Fact"))</th><th>\(t("Value"))</th><th>\(t("Evidence"))</th><th>\(t("Status"))</th></tr></thead>
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
            let repairs = zone.repairs.isEmpty ? ""
                : " " + t("OCR misreadings undone: {repairs}.", ["repairs": zone.repairs.map(\.description).joined(separator: ", ")])
            let agree = t("The {format} zone at line {line} of the text; its check digits agree: {digits}.",
                          ["format": zone.format.rawValue, "line": String(zone.textLine), "digits": zone.checkDigits.joined(separator: ", ")])
            return """
                <h3>\(t("Read from the zone"))</h3>
                <pre class="page">\(zone.lines.joined(separator: "\n"))</pre>
                <p>\(agree)\(repairs)</p>
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
        case .new: return canChange ? form(t("Apply"), overwrite: false) : "<span class=\"marks\">\(t("not applied"))</span>"
        case .applied: return "<span class=\"marks\">\(t("applied"))</span>"
        case .differs(let current):
            return "<span class=\"marks\">\(t("the document has {value}", ["value": current]))</span> \(form(t("Apply (replaces it)"), overwrite: true))"
        case .notKept: return "<span class=\"marks\">\(t("shown only"))</span>"
        }
    }

    private func text(_ pages: [PageText]) -> HTML {
        guard pages.contains(where: { !$0.text.isEmpty }) else { return "<p class=\"note\">\(t("No text was read from this document."))</p>" }
        let sections = pages.map { page -> HTML in
            let ocr: HTML = page.source == .ocr ? " <span class=\"marks\">\(t("(read by OCR)"))</span>" : .empty
            return """
                <section id="page-\(page.number)"><h3>\(t("Page {number}", ["number": String(page.number)]))\(ocr)</h3>
                \(page.text.isEmpty ? "<p class=\"note\">\(t("No text on this page."))</p>" as HTML : "<pre class=\"page\">\(page.text)</pre>")</section>
                """
        }
        return HTML.join(sections)
    }

    private func forms() -> HTML {
        let kinds = DocumentWords.kindOptions
        let isPDF = details.object.mediaType == .pdf
        return """
            <details><summary>\(t("Edit"))</summary>
            <form method="post" action="\(base)/edit">\(csrf)
            \(Layout.field(t("Title"), name: "title", value: document.title, required: true))
            \(Layout.select(t("Kind"), name: "kind", options: kinds, selected: document.kind.rawValue))
            \(Layout.field(t("Number"), name: "number", value: document.number, attributes: "maxlength=\"60\" autocomplete=\"off\""))
            \(Layout.field(t("Issued on"), name: "issued", value: document.issuedOn?.description, type: "date"))
            \(Layout.field(t("Expires on"), name: "expires", value: document.expiresOn?.description, type: "date"))
            <p><button type="submit">\(t("Save changes"))</button></p></form></details>
            <details><summary>\(t("Read it again"))</summary>
            <form method="post" action="\(base)/reprocess">\(csrf)
            \(isPDF ? Layout.field(t("Password (for an encrypted PDF)"), name: "password", type: "password", attributes: "autocomplete=\"off\"") : .empty)
            <p class="field"><label><input type="checkbox" name="ocr" value="yes"> \(t("With OCR"))</label></p>
            <p><button type="submit">\(t("Reprocess"))</button></p></form></details>
            <details><summary>\(t("Remove"))</summary>
            <form method="post" action="\(base)/remove" data-confirm="\(t("Remove this document?"))">\(csrf)
            <p>\(HTML.filled(t("The file stays in the vault until {command} removes unreferenced files after their grace period."),
                            ["command": "<code>homecrew vault gc</code>"]))</p>
            <p><button type="submit">\(t("Remove document"))</button></p></form></details>
            """
    }

    private func unlinkForm(_ member: StaffMember) -> HTML {
        """
        <form class="inline" method="post" action="\(base)/unlink">\(csrf)<input type="hidden" name="staff" value="\(member.id.rawValue)">
        <button type="submit" class="link">\(t("Unlink"))</button></form>
        """
    }
}
