import ArgumentParser

struct DissolveSharing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dissolve-sharing", abstract: "Remove every member of a household at once and withdraw its invitations; the records stay.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String

    func run() throws {
        let database = try vault.openForWriting()
        let summary = try database.householdSummary(named: name)
        let removed = try database.dissolveSharing(of: summary.household.id)
        print("\"\(Terminal.sanitize(summary.household.name))\" is no longer shared: \(removed) member\(removed == 1 ? "" : "s") removed.")
    }
}
