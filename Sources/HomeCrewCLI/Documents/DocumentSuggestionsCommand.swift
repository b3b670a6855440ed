import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct DocumentSuggestionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggestions",
        abstract: "Show what a document's text says about it (kind, dates, person), read from its stored text.",
        discussion: "Without a document (or with --all): every document whose suggestions are not all applied, read from the text already stored. Nothing is read again by OCR.",
        aliases: ["suggest"])

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String?
    @Flag(help: "Every document already filed whose text gives facts not yet applied (the same as no document).")
    var all = false

    func validate() throws {
        guard !(all && id != nil) else { throw ValidationError("give a document or --all, not both") }
        guard output.format != .csv else { throw ValidationError("suggestions print as a table or as json, not csv") }
    }

    func run() throws {
        let suggestions = DocumentSuggestions(database: try vault.openForReading())
        guard let id else {
            let reports = try suggestions.pendingReports()
            if output.format == .json { return print(try JSON.array(reports.map(SuggestionJSON.report)).rendered()) }
            for report in reports {
                print("\(report.details.document.id)  \(Terminal.sanitize(report.details.document.title))")
                if let brief = SuggestionText.brief(report) { print(brief) }
            }
            print(reports.isEmpty ? "No document has suggestions left to apply." : "\(reports.count) document\(reports.count == 1 ? "" : "s") with suggestions to apply.")
            return
        }
        let report = try suggestions.report(id)
        if output.format == .json { return print(try SuggestionJSON.report(report).rendered()) }
        print("\(report.details.document.id)  \(Terminal.sanitize(report.details.document.title))")
        guard !report.suggestions.isEmpty else {
            print("  its text gives no facts")
            for note in report.reading.notes { print("  note: \(Terminal.sanitize(note))") }
            return
        }
        if let summary = report.summary { print("  \(Terminal.sanitize(summary))") }
        SuggestionText.facts(report).forEach { print($0) }
        for note in report.reading.notes { print("  note: \(Terminal.sanitize(note))") }
        if !report.pending.isEmpty { print("  apply with: homecrew doc apply \(report.details.document.id)") }
    }
}
