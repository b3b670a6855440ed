import HomeCrewOperations
import ArgumentParser

struct ListHouseholds: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the vault's households.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let summaries = try vault.openForReading().householdSummaries()
        let table = output.format == .csv ? HouseholdPresenter.csv(summaries) : HouseholdPresenter.table(summaries)
        try Output.print(output.format, table: table, json: .array(summaries.map(HouseholdPresenter.json)))
    }
}
