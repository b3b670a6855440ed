import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct AddStaff: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a staff member.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var target: HouseholdOption
    @Option(name: .customLong("name"), help: "Full legal name.") var legalName: String
    @Option(help: "The name the person goes by.") var knownAs: String?
    @Option(help: ArgumentHelp("First day of work.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var start: CalendarDate
    @Option(help: ArgumentHelp("Last day of work.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var leaving: CalendarDate?
    @Option(parsing: .unconditional, help: "Monthly salary, for example 25000 or 1250.50.") var salary: String
    @Option(help: "ISO 4217 currency code of the salary.", transform: Parse.currency) var currency: Currency
    @Option(help: "Annual leave days, 0 to 366 in steps of 0.5 (default: 0).") var leaveDays: String?
    @Option(help: "Agreed duties.") var duties: String?
    @Option(help: ArgumentHelp("The language the person reads, a BCP 47 tag (default: none, the household's: English).",
                               valueName: "tag"))
    var language: String?

    func run() throws {
        let money = try Money(parsing: salary, currency: currency)
        let leave = try leaveDays.map(LeaveDays.init(parsing:)) ?? LeaveDays(halfDays: 0)
        let reads = try language.map(StaffLanguage.init(parsing:))
        let database = try vault.openForWriting()
        let choice = try database.chooseHousehold(target.household)
        let details = try database.addStaff(
            StaffMember(householdID: choice.household.id, legalName: legalName, knownAs: knownAs, startDate: start,
                        leavingDate: leaving, annualLeave: leave, duties: duties, language: reads),
            salary: money)
        let asOf = vault.todayDate
        switch output.format {
        case .table:
            print("Added \(Terminal.sanitize(StaffPresenter.label(details.member))) (\(details.member.id)) to \"\(Terminal.sanitize(choice.household.name))\" at \(money).")
        case .json, .csv:
            try Output.print(output.format, table: StaffPresenter.csv([details], asOf: asOf),
                             json: StaffPresenter.json(details, asOf: asOf))
        }
    }
}
