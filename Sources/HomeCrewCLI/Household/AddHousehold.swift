import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct AddHousehold: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a household.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The household's name, unique in the vault (ignoring case).") var name: String
    @Option(help: "Its postal address.") var address: String?
    @Option(help: "Anything worth remembering about it.") var notes: String?
    @Option(help: ArgumentHelp("The language its papers are written in beside each worker's, a BCP 47 tag (default: English).",
                               valueName: "tag"))
    var language: String?

    func run() throws {
        let writes = try language.map(StaffLanguage.init(parsing:))
        let database = try vault.openForWriting()
        let added = try database.addHousehold(Household(name: name, address: address, notes: notes, language: writes))
        let summary = try database.householdSummary(id: added.household.id)
        if output.format == .table {
            print("Added household \"\(Terminal.sanitize(added.household.name))\" (\(added.household.id))\(added.isPrimary ? ", the primary household" : "").")
        } else {
            try Output.print(output.format, table: HouseholdPresenter.csv([summary]), json: HouseholdPresenter.json(summary))
        }
    }
}
