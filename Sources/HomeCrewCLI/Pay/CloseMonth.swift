import ArgumentParser
import HomeCrewCore

struct CloseMonth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Record that a month is paid; changes that would alter its payroll are then refused.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var target: HouseholdOption
    @Argument(help: ArgumentHelp("The month.", valueName: "yyyy-mm"), transform: Parse.month) var month: YearMonth

    func run() throws {
        let database = try vault.openForWriting()
        let choice = try database.chooseHousehold(target.household)
        choice.announceIfImplicit()
        let closed = try database.closeMonth(month, householdID: choice.household.id)
        print(closed ? "Closed \(month) for \(Terminal.sanitize(choice.household.name))."
                     : "\(month) was already closed for \(Terminal.sanitize(choice.household.name)).")
    }
}
