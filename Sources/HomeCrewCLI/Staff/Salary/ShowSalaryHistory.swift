import HomeCrewOperations
import ArgumentParser

struct ShowSalaryHistory: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List a staff member's salary entries.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String

    func run() throws {
        let details = try vault.openForReading().findStaff(staff)
        let history = details.salaryHistory
        try Output.print(output.format, table: StaffPresenter.salaryTable(history),
                         json: .array(history.entries.map(StaffPresenter.salaryJSON)))
    }
}
