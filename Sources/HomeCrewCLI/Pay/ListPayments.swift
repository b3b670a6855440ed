import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ListPayments: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List payments (and their reversals), by day.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "Only this staff member.") var staff: String?

    func run() throws {
        let database = try vault.openForReading()
        let householdID = staff == nil ? try scope.householdID(database) : nil
        let entries = try database.paymentListing(staff: staff, householdID: householdID)
        try Output.print(output.format, table: output.format == .csv ? PaymentPresenter.csv(entries) : PaymentPresenter.table(entries),
                         json: .array(entries.map(PaymentPresenter.json)))
    }
}
