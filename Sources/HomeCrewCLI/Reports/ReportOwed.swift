import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ReportOwed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owed",
        abstract: "Net pay due, paid and still owed per person and currency, and advances left to repay.",
        discussion: "PERIOD: as for report payroll; the default is this year up to this month.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "The period (default: this year to date).") var period: String?

    func run() throws {
        let today = vault.todayDate
        let period = try self.period.map { try Period.parse($0, today: today) } ?? .yearToDate(today)
        let database = try vault.openForReading()
        let report = try database.owed(period, householdID: scope.householdID(database))
        if output.format == .table { print("Owed \(period.label) (\(period.range))") }
        try Output.print(output.format, table: output.format == .csv ? PaymentPresenter.owedCSV(report)
                            : PaymentPresenter.owedTable(report, showHousehold: scope.allHouseholds),
                         json: PaymentPresenter.owedJSON(report))
    }
}
