import ArgumentParser
import HomeCrewCore

struct CloseMonth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Record that a month is paid; changes that would alter its payroll are then refused.")

    @OptionGroup var arguments: HouseholdMonth

    func run() throws {
        let (database, household) = try arguments.open()
        let month = arguments.month
        let closed = try database.closeMonth(month, householdID: household.id)
        print(closed ? "Closed \(month) for \(Terminal.sanitize(household.name))."
                     : "\(month) was already closed for \(Terminal.sanitize(household.name)).")
    }
}
