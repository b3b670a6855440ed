import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ShowHistory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show who changed what, and when: the vault's audit trail, oldest first.",
        discussion: "Changes from the command line are recorded as cli:<unix user>, from the browser as web:<unix user>. A removed staff member, household or document is named by its full id.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "Only this staff member (their record, salary, leave, adjustments and document links).") var staff: String?
    @Option(help: "Only this household and everything in it.") var household: String?
    @Option(help: "Only this document and its links.") var document: String?
    @Option(help: ArgumentHelp("Only changes on or after this day (UTC).", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var since: CalendarDate?

    func validate() throws {
        if [staff, household, document].compactMap({ $0 }).count > 1 {
            throw ValidationError("give one of STAFF, --household or --document")
        }
    }

    func run() throws {
        let database = try vault.openForReading()
        let scope = try database.historyScope(staff: staff, household: household, document: document)
        let entries = try database.history(scope, since: since)
        try Output.print(output.format, table: HistoryPresenter.table(entries, complete: output.format == .csv), json: .array(entries.map(HistoryPresenter.json)))
    }
}
