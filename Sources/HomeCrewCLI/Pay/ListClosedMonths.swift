import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ListClosedMonths: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "closed", abstract: "List the closed months.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope

    func run() throws {
        let database = try vault.openForReading()
        let households = Dictionary(uniqueKeysWithValues: try database.householdSummaries().map { ($0.household.id, $0.household.name) })
        let months = try database.closedMonths(householdID: scope.householdID(database))
        var table = RecordTable(headers: ["MONTH", "HOUSEHOLD"])
        for closed in months { table.append([closed.month.description, households[closed.householdID] ?? "?"]) }
        try Output.print(output.format, table: table, json: .array(months.map {
            .object(["month": .string($0.month.description), "household": .string(households[$0.householdID] ?? "?")])
        }))
    }
}
