import ArgumentParser

struct RemoveStaff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a staff member and their salary history (to record a departure, use: staff end).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Flag(help: "Also unlink the person's documents (the documents stay with the household).") var cascade = false
    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        if !yes && Terminal.stdinIsTerminal {
            let details = try vault.openForReading().findStaff(staff)
            guard Terminal.confirm("Remove \(StaffPresenter.label(details.member)) and their salary history?") else {
                Terminal.printNote("Nothing removed.")
                throw ExitCode(1)
            }
        }
        let details = try vault.openForWriting().removeStaff(staff, cascade: cascade)
        print("Removed \(Terminal.sanitize(StaffPresenter.label(details.member))) (\(details.member.id)).")
    }
}
