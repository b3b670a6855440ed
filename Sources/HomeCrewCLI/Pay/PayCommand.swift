import ArgumentParser
import HomeCrewCore
import HomeCrewStore

struct PayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay", abstract: "Payments made, one-off adjustments to pay, and closing months that have been paid.",
        subcommands: [RecordPayment.self, ListPayments.self, ReversePayment.self, AddPaymentProof.self, PrintReceipt.self, AdjustPay.self, ListAdjustments.self, RemoveAdjustment.self, CloseMonth.self, ReopenMonth.self,
                      ListClosedMonths.self, OpenLedger.self])
}

/// What `pay close` and `pay reopen` take: a month of one household.
struct HouseholdMonth: ParsableArguments {
    @OptionGroup var vault: VaultOptions
    @OptionGroup var target: HouseholdOption
    @Argument(help: ArgumentHelp("The month.", valueName: "yyyy-mm"), transform: Parse.month) var month: YearMonth

    /// The vault opened for writing and the household chosen (named when it was implicit).
    func open() throws -> (AppDatabase, Household) {
        let database = try vault.openForWriting()
        let choice = try database.chooseHousehold(target.household)
        choice.announceIfImplicit()
        return (database, choice.household)
    }
}
