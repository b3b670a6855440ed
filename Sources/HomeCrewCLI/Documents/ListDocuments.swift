import ArgumentParser
import HomeCrewCore
import HomeCrewStore

struct ListDocuments: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List documents, newest first.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var target: HouseholdOption
    @Flag(help: "List the documents of every household.") var allHouseholds = false
    @Option(help: "Only documents linked to this staff member.") var staff: String?
    @Option(help: "Only documents of this kind.", transform: Parse.kind) var kind: DocumentKind?
    @Option(help: "Only documents expiring within this many days (expired ones included), soonest first.")
    var expiringWithin: Int?

    func validate() throws {
        if allHouseholds && target.household != nil { throw ValidationError("give either --household or --all-households, not both") }
        if let days = expiringWithin, days < 0 { throw ValidationError("--expiring-within takes a number of days, 0 or more") }
    }

    func run() throws {
        let database = try vault.openForReading()
        var filter = DocumentFilter(kind: kind)
        if let staff {
            filter.staffID = try database.findStaff(staff).member.id
        } else if !allHouseholds {
            let choice = try database.chooseHousehold(target.household)
            choice.announceIfImplicit()
            filter.householdID = choice.household.id
        }
        let today = vault.todayDate
        if let days = expiringWithin { filter.expiringWithin = (today, days) }
        let documents = try database.documentListing(filter)
        let table = output.format == .csv
            ? DocumentPresenter.csv(documents)
            : DocumentPresenter.table(documents, asOf: today, showHousehold: allHouseholds || staff != nil)
        try Output.print(output.format, table: table, json: .array(documents.map { DocumentPresenter.json($0) }))
        if output.format == .table { DocumentPresenter.unreadReasons(documents).forEach(Terminal.printNote) }
    }
}
