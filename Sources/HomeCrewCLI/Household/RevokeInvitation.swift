import ArgumentParser

struct RevokeInvitation: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke-invitation", abstract: "Withdraw a pending invitation; its link stops working.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String
    @Argument(help: "The invitation's id (at least its first four characters), as `household members` shows it.") var invitation: String

    func run() throws {
        let database = try vault.openForWriting()
        let revoked = try database.revokeInvitation(invitation, in: database.householdSummary(named: name).household.id)
        print("Withdrew invitation \(revoked.id.short) to \"\(Terminal.sanitize(revoked.householdName))\".")
    }
}
