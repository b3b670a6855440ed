import ArgumentParser
import HomeCrewCore

struct SetMemberRole: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set-role", abstract: "Make a member a viewer or a manager.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String
    @Argument(help: "The member's account name.") var account: String
    @Option(help: "viewer or manager.") var role: HouseholdRole

    func run() throws {
        let database = try vault.openForWriting()
        let summary = try database.householdSummary(named: name)
        let member = try database.setRole(role, of: account, in: summary.household.id)
        print("\(Terminal.sanitize(member.accountName)) is now a \(member.role.rawValue) of \"\(Terminal.sanitize(summary.household.name))\".")
    }
}
