import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ShowLeaveBalance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balance",
        abstract: "Leave allocation (prorated for joiners and leavers), carried-over days, leave taken and the balance.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "Only this staff member.") var staff: String?
    @Option(help: "The calendar year (default: this year).", transform: Parse.year) var year: Int?

    func run() throws {
        let database = try vault.openForReading()
        let householdID = staff == nil ? try scope.householdID(database) : nil
        let lines = try database.leaveBalances(staff: staff, householdID: householdID, year: year ?? vault.todayDate.year,
                                               asOf: vault.todayDate)
        try Output.print(output.format, table: ReportTables.leaveBalances(lines), json: .array(lines.map(LeavePresenter.balanceJSON)))
    }
}
