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
        let closing = try database.closeMonth(month, householdID: household.id)
        for entry in closing.unpaid {
            Terminal.printNote("warning: \(Terminal.sanitize(entry.member.legalName)) is still owed \(entry.outstanding) for \(month)"
                               + (entry.paid.isEmpty ? " (nothing paid)" : " (\(entry.paidTotal) paid)"))
        }
        print(closing.closed ? "Closed \(month) for \(Terminal.sanitize(household.name))."
                     : "\(month) was already closed for \(Terminal.sanitize(household.name)).")
    }
}
