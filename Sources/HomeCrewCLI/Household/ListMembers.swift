import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ListMembers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members", abstract: "Show who owns a household, its members by role, and its pending invitations.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The household's name.") var name: String

    func run() throws {
        let database = try vault.openForReading()
        let sharing = try database.sharing(of: database.householdSummary(named: name).household.id)
        let owner = sharing.ownerAccount ?? "cli:" + AuditActor.unixUser
        var table = RecordTable(headers: ["MEMBER", "ROLE", "SINCE (UTC)", "INVITATION", "UNTIL (UTC)"])
        table.append([owner, "owner", "", "", ""])
        for member in sharing.members { table.append([member.accountName, member.role.rawValue, String(member.since.prefix(16)), "", ""]) }
        for invitation in sharing.pendingInvitations {
            let who = invitation.forAccount.map { "(ownership offered to \($0))" } ?? "(pending)"
            table.append([who, invitation.role.rawValue, "", invitation.id.short, String(invitation.expiresAt.prefix(16))])
        }
        try Output.print(output.format, table: table, json: .object([
            "household": .string(sharing.household.name),
            "owner": .string(owner),
            "members": .array(sharing.members.map {
                .object(["account": .string($0.accountName), "role": .string($0.role.rawValue), "since": .string($0.since)])
            }),
            "pending_invitations": .array(sharing.pendingInvitations.map {
                .object(["id": .string($0.id.rawValue), "role": .string($0.role.rawValue), "for_account": $0.forAccount.map(JSON.string) ?? .null,
                         "created_by": .string($0.createdBy), "expires_at": .string($0.expiresAt)])
            }),
        ]))
    }
}
