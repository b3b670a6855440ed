import ArgumentParser
import HomeCrewCore

struct EndStaff: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "end", abstract: "Record a staff member's last day of work.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Option(help: ArgumentHelp("The last day of work.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var on: CalendarDate

    func run() throws {
        let details = try vault.openForWriting().endEmployment(staff, on: on)
        print("\(Terminal.sanitize(StaffPresenter.label(details.member))) leaves on \(on), after \(details.member.tenure(asOf: on)).")
    }
}
