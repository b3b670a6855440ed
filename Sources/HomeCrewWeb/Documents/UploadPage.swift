import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

extension UploadController {
    func page(_ context: WebContext, choices: Form, outcomes: [FileOutcome]?, problem: String?,
              status: HTTPResponse.Status = .ok) throws -> Response {
        let households = try app.database.householdSummaries(within: context.reach).filter { context.may(.manager, in: $0.household.id) }
        guard !households.isEmpty else {
            let why = Fragments.noHouseholdToChange(context.reach,
                                                    t("You can upload to households where you are a manager or the owner; ask an owner to make you a manager."))
            return Layout.page(title: t("Upload"), session: context.session, status: status, body: """
                <h1>\(t("Upload documents"))</h1>\(Layout.problem(problem))\(why)
                """)
        }
        // Only the chosen household's staff: a document links to its own household's people.
        let chosen = households.first { $0.household.id.rawValue == choices["household"] }?.household.id.rawValue
            ?? Fragments.defaultHousehold(households) ?? households[0].household.id.rawValue
        // At most `WebLimits.staffChoices` people to choose from; with more, the person's id is typed.
        let staff = try app.database.staffChoices(householdID: RecordID(rawValue: chosen), within: context.reach, limit: WebLimits.staffChoices)
        let kinds = DocumentWords.kindOptions
        let csrf = URLComponent.encode(context.session?.csrfToken ?? "")
        return Layout.page(title: t("Upload"), session: context.session, status: status, body: """
            <h1>\(t("Upload documents"))</h1>
            \(Layout.problem(problem))
            \(outcomes.map { Self.outcomeList($0, suggestions: suggestions(for: $0, context), csrf: Layout.csrfField(context.session)) } ?? .empty)
            <!-- The fields come before the files: the server files each file as soon as it has arrived. -->
            <form method="post" action="/upload?csrf=\(csrf)" enctype="multipart/form-data">
            \(Layout.select(t("Household"), name: "household", options: Fragments.householdOptions(households),
                            selected: chosen, attributes: " data-reload=\"/upload?household=\""))
            \(Fragments.staffChooser(t("Staff member"), name: "staff", choices: staff, first: (value: "", label: t("(nobody)")), selected: choices["staff"]))
            \(Layout.select(t("Kind"), name: "kind", options: kinds, selected: choices["kind"] ?? "other"))
            \(Layout.field(t("Title"), name: "title", hint: t("Used when one file is uploaded; otherwise each file keeps its name")))
            \(Layout.field(t("Issued on"), name: "issued", type: "date"))
            \(Layout.field(t("Expires on"), name: "expires", type: "date"))
            <p class="field"><label><input type="checkbox" name="ocr" value="yes" checked> \(t("Read the text of photos and scans (OCR)"))</label>
            <small>\(t("Slower: seconds for each photo."))</small></p>
            <p class="field"><label for="f-files">\(t("Files"))</label>
            <input id="f-files" name="files" type="file" multiple required accept="application/pdf,image/jpeg,image/png,image/heic,image/heif,.heic,.heif">
            <small>\(t("PDF, JPEG, PNG or HEIC, up to {size} in all. On a phone you can take a photo.", ["size": ByteCount.text(app.uploadLimit)]))</small></p>
            <p><button type="submit">\(t("Upload"))</button></p>
            </form>
            """)
    }

    static func outcomeList(_ outcomes: [FileOutcome], suggestions: [String: DocumentSuggestions.Report] = [:], csrf: HTML = .empty) -> HTML {
        let items = outcomes.map { outcome -> HTML in
            let name: HTML = outcome.documentID.map { "<a href=\"/documents/\($0)\">\(bdi: outcome.name)</a>" } ?? "\(bdi: outcome.name)"
            // The reason may name the file: its direction controls are written out there too.
            let detail: HTML = outcome.detail.map { ": \(Visible.text($0))" } ?? .empty
            let suggested = outcome.documentID.flatMap { suggestions[$0] }.map { suggestionForms($0, csrf: csrf) } ?? .empty
            return "<li class=\"outcome\" data-verdict=\"\(outcome.verdict)\">\(name) — <strong>\(verdictWords(outcome.verdict))</strong>\(detail)\(suggested)</li>"
        }
        return "<h2>\(t("What happened to each file"))</h2><ul class=\"outcomes\">\(items)</ul>"
    }

    /// A file's verdict as the page says it; the English one stays in `data-verdict` for scripts.
    static func verdictWords(_ verdict: String) -> String {
        switch verdict {
        case "added": t("added", context: "upload")
        case "stored with a warning": t("stored with a warning")
        case "already present": t("already present")
        case "refused": t("refused", context: "upload")
        default: verdict
        }
    }

    /// What the first documents of the upload say about themselves, read from the text just stored
    /// (the uploader is a manager of their household, so each fact is offered to apply). An upload
    /// has no budget (its files take as long as they take), so these reads get one of their own, a
    /// page's: past it the rest go without suggestions, which their own pages show.
    func suggestions(for outcomes: [FileOutcome], _ context: WebContext) -> [String: DocumentSuggestions.Report] {
        let reader = DocumentSuggestions.web(database: app.database, today: app.today, people: WebLimits.staffChoices)
        let budget = context.makeBudget(seconds: app.requestSeconds)
        var reports: [String: DocumentSuggestions.Report] = [:]
        for id in outcomes.compactMap(\.documentID).prefix(WebLimits.uploadSuggestions) where !budget.isSpent {
            // A document removed since it was filed, or unreadable now, only goes without suggestions:
            // the result says what became of every file all the same.
            let report = WorkBudget.$current.withValue(budget) { () -> DocumentSuggestions.Report? in
                guard let details = try? app.database.findDocument(id), context.may(.manager, in: details.household.id) else { return nil }
                return try? reader.report(details)
            }
            guard let report, !report.pending.isEmpty else { continue }
            reports[id] = report
        }
        return reports
    }

    /// The summary of what a document's text says, and one Apply form per fact still to apply.
    static func suggestionForms(_ report: DocumentSuggestions.Report, csrf: HTML) -> HTML {
        let action = "/documents/\(report.details.document.id.rawValue)/apply"
        let forms = report.pending.map { suggestion -> HTML in
            let fact = suggestion.fact
            let replaces: HTML = if case .differs(let current) = suggestion.status {
                "<input type=\"hidden\" name=\"overwrite\" value=\"yes\"> " + HTML.filled(t("(replaces {value})"), ["value": "\(bdi: current)"])
            } else { .empty }
            return """
                <form class="inline" method="post" action="\(action)">\(csrf)<input type="hidden" name="field" value="\(fact.field.rawValue)">\
                <button type="submit">\(HTML.filled(t("Apply {fact} {value}"), ["fact": "\(DocumentWords.field(fact.field))", "value": "\(bdi: fact.value.description)"]))</button>\(replaces)</form>
                """
        }
        return """
            <div class="suggested"><p>\(HTML.filled(t("Its text says: {summary}"), ["summary": "\(bdi: report.summary ?? "")"]))</p>\(forms)</div>
            """
    }
}
