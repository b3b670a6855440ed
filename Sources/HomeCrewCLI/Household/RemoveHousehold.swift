import ArgumentParser

struct RemoveHousehold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a household (with its staff only when --cascade is given).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String
    @Flag(help: "Also remove its staff (with their salary history) and its documents.") var cascade = false
    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        let database = try vault.openForReading()
        let summary = try database.householdSummary(named: name)
        if !yes && Terminal.stdinIsTerminal {
            let staff = cascade && summary.staffCount > 0 ? " and its \(summary.staffCount) staff" : ""
            guard Terminal.confirm("Remove household \"\(summary.household.name)\"\(staff)?") else {
                Terminal.printNote("Nothing removed.")
                throw ExitCode(1)
            }
        }
        let removal = try vault.openForWriting().removeHousehold(named: name, cascade: cascade)
        let parts = [removal.staffRemoved > 0 ? "\(removal.staffRemoved) staff" : nil,
                     removal.documentsRemoved > 0 ? "\(removal.documentsRemoved) documents" : nil].compactMap { $0 }
        let staff = parts.isEmpty ? "" : " and " + parts.joined(separator: " and ")
        print("Removed household \"\(Terminal.sanitize(removal.removed.name))\"\(staff).")
        if let newPrimary = removal.newPrimary {
            print("\"\(Terminal.sanitize(newPrimary.name))\" is now the primary household.")
        }
    }
}
