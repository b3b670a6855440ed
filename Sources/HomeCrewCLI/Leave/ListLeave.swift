import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ListLeave: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List recorded leave, by date.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "Only this staff member.") var staff: String?

    func run() throws {
        let database = try vault.openForReading()
        let householdID = staff == nil ? try scope.householdID(database) : nil
        let entries = try database.leaveListing(staff: staff, householdID: householdID)
        try Output.print(output.format, table: LeavePresenter.table(entries), json: .array(entries.map(LeavePresenter.json)))
    }
}
