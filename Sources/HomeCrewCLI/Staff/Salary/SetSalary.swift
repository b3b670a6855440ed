import ArgumentParser
import HomeCrewCore

struct SetSalary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Add a salary that takes effect on a date (a raise, a cut, a new currency).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Argument(help: "The new monthly salary.") var amount: String
    @Option(help: "ISO 4217 code (default: the currency in force on that date).", transform: Parse.currency)
    var currency: Currency?
    @Option(help: ArgumentHelp("The first day the salary applies.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var from: CalendarDate

    func run() throws {
        let entry = try vault.openForWriting().setSalary(staff, amount: amount, currency: currency, from: from)
        print("Salary \(entry.salary) a month from \(entry.effectiveFrom).")
    }
}
