import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ListAdjustments: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "adjustments", abstract: "List pay adjustments, by month.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "Only this staff member.") var staff: String?

    func run() throws {
        let database = try vault.openForReading()
        let householdID = staff == nil ? try scope.householdID(database) : nil
        let records = try database.adjustmentListing(staff: staff, householdID: householdID)
        var table = RecordTable(headers: ["ID", "STAFF", "MONTH", "AMOUNT", "REASON"], rightAligned: ["AMOUNT"])
        for record in records {
            table.append([record.value.id.short, record.member.displayName, record.value.month.description,
                          record.value.amount.description, record.value.reason])
        }
        try Output.print(output.format, table: table, json: .array(records.map(PayrollPresenter.adjustmentJSON)))
    }
}
