import ArgumentParser

struct RemoveMember: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-member", abstract: "Take an account out of a household; its next request there is refused.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String
    @Argument(help: "The member's account name.") var account: String

    func run() throws {
        let database = try vault.openForWriting()
        let summary = try database.householdSummary(named: name)
        let member = try database.removeMember(account, from: summary.household.id)
        print("\(Terminal.sanitize(member.accountName)) no longer belongs to \"\(Terminal.sanitize(summary.household.name))\".")
    }
}
