import ArgumentParser

struct TransferHousehold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfer", abstract: "Offer a household's ownership to one of its members; it moves when they accept.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String
    @Argument(help: "The member's account name.") var account: String
    @Option(help: "The address people open `homecrew serve` at.") var server = "http://127.0.0.1:8080"

    func run() throws {
        let database = try vault.openForWriting()
        let made = try database.offerOwnership(of: database.householdSummary(named: name).household.id, to: account)
        print("Offered the ownership of \"\(Terminal.sanitize(made.invitation.householdName))\" to \(Terminal.sanitize(made.invitation.forAccount ?? account)).")
        print("They accept on the household's page in `homecrew serve`, or with this link (only they can use it):")
        print(InviteMember.link(server, made.token))
    }
}
