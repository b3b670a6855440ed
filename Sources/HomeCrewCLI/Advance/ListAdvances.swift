import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ListAdvances: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List advances and loans with what is left to repay.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "Only this staff member.") var staff: String?
    @Option(help: ArgumentHelp("Repaid through this month's payroll (default: this month).", valueName: "yyyy-mm"), transform: Parse.month)
    var through: YearMonth?
    @Flag(help: "Also list the advances and loans whose payment was reversed.") var reversed = false

    func run() throws {
        let database = try vault.openForReading()
        let householdID = staff == nil ? try scope.householdID(database) : nil
        let month = through ?? YearMonth(vault.todayDate)
        let entries = try database.advanceListing(staff: staff, householdID: householdID, through: month, includingReversed: reversed)
        try Output.print(output.format, table: PaymentPresenter.advanceTable(entries, through: month),
                         json: .array(entries.map { PaymentPresenter.advanceJSON($0, through: month) }))
    }
}
