import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ListDocuments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List documents, newest first (soonest expiry first with --expiring-within or --expired).")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var target: HouseholdOption
    @Flag(help: "List the documents of every household.") var allHouseholds = false
    @Option(help: "Only documents linked to this staff member.") var staff: String?
    @Option(help: "Only documents of this kind.") var kind: String?
    @Option(help: "Only documents expiring within this many days (expired ones included).") var expiringWithin: String?
    @Flag(help: "Only documents that have expired.") var expired = false
    @Option(help: ArgumentHelp("Only documents added on or after this day.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var addedFrom: CalendarDate?
    @Option(help: ArgumentHelp("Only documents added on or before this day.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var addedTo: CalendarDate?
    @Option(help: ArgumentHelp("Only documents issued on or after this day.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var issuedFrom: CalendarDate?
    @Option(help: ArgumentHelp("Only documents issued on or before this day.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var issuedTo: CalendarDate?
    @Option(help: "Order: added (newest first), issued (latest first), expires (soonest first) or title.") var sort: String?

    func validate() throws {
        if allHouseholds && target.household != nil { throw ValidationError("give either --household or --all-households, not both") }
        if expired && expiringWithin != nil { throw ValidationError("give either --expired or --expiring-within, not both") }
        _ = try listing()
    }

    /// The options as the shared listing rules read them (the Documents page reads its fields the same way).
    private func listing() throws -> DocumentListing {
        do {
            let expiry = try expired ? .expired : expiringWithin.map(ExpiryWindow.parse)
            return DocumentListing(kind: try kind.map(DocumentListing.kind), expiry: expiry,
                                   added: try DaySpan(from: addedFrom, to: addedTo, field: "added"),
                                   issued: try DaySpan(from: issuedFrom, to: issuedTo, field: "issued"),
                                   order: try sort.map(DocumentOrder.parse))
        } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let database = try vault.openForReading()
        let today = vault.todayDate
        var filter = DocumentFilter(listing: try listing(), asOf: today)
        if let staff {
            filter.staffID = try database.findStaff(staff).member.id
        } else if !allHouseholds {
            let choice = try database.chooseHousehold(target.household)
            choice.announceIfImplicit()
            filter.householdID = choice.household.id
        }
        let documents = try database.documentListing(filter)
        let table = output.format == .csv
            ? DocumentPresenter.csv(documents)
            : DocumentPresenter.table(documents, asOf: today, showHousehold: allHouseholds || staff != nil)
        try Output.print(output.format, table: table, json: .array(documents.map { DocumentPresenter.json($0) }))
        if output.format == .table { DocumentPresenter.unreadReasons(documents).forEach(Terminal.printNote) }
    }
}
