import ArgumentParser
import HomeCrewCore
import HomeCrewStore

struct InviteMember: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Make a single-use invitation link to a household, for a role.",
        discussion: "The link is printed once and only its SHA-256 is kept. The invitee opens it in `homecrew serve`, signs in or makes an account, and accepts.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String
    @Option(help: "viewer (reads everything, changes nothing) or manager (changes records, documents, leave and payroll).")
    var role: HouseholdRole
    @Option(help: "Days the link stays valid, 1 to 30.") var days = 7
    @Option(help: "The address people open `homecrew serve` at.") var server = "http://127.0.0.1:8080"

    func validate() throws {
        guard AppDatabase.invitationDays.contains(days) else { throw ValidationError(SharingProblem.badExpiry(days).description) }
        guard server.hasPrefix("http://") || server.hasPrefix("https://") else { throw ValidationError("--server must start with http:// or https://") }
    }

    func run() throws {
        let database = try vault.openForWriting()
        let made = try database.invite(to: database.householdSummary(named: name).household.id, role: role, days: days)
        print("Invitation \(made.invitation.id.short) to \"\(Terminal.sanitize(made.invitation.householdName))\" as \(role.rawValue), until \(made.invitation.expiresAt.prefix(16)) UTC.")
        print("Send this link (it is shown once and works once):")
        print(Self.link(server, made.token))
    }

    static func link(_ server: String, _ token: String) -> String {
        (server.hasSuffix("/") ? String(server.dropLast()) : server) + "/invitations/" + token
    }
}
