import ArgumentParser
import HomeCrewCore

struct ShowLeaveBalance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balance",
        abstract: "Leave allocation (prorated for joiners and leavers), carried-over days, leave taken and the balance.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "Only this staff member.") var staff: String?
    @Option(help: "The calendar year (default: this year).") var year: Int?

    func validate() throws {
        if let year, !CalendarDate.supportedYears.contains(year) { throw ValidationError("--year must be 1 to 9999") }
    }

    func run() throws {
        let database = try vault.openForReading()
        let householdID = staff == nil ? try scope.householdID(database) : nil
        let lines = try database.leaveBalances(staff: staff, householdID: householdID, year: year ?? vault.todayDate.year,
                                               asOf: vault.todayDate)
        try Output.print(output.format, table: LeavePresenter.balanceTable(lines), json: .array(lines.map(LeavePresenter.balanceJSON)))
    }
}
