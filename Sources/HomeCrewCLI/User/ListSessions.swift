import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ListSessions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List an account's open sessions, or end them all.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The account's name.") var name: String
    @Flag(help: "End every session of the account: each browser must sign in again.") var endAll = false

    func run() throws {
        if endAll {
            let ended = try vault.openForWriting().endSessions(of: name)
            return print("Ended \(ended) session(s) of \(Terminal.sanitize(name)).")
        }
        let sessions = try vault.openForReading().sessions(of: name)
        var table = RecordTable(headers: ["SESSION", "SIGNED IN (UTC)", "LAST SEEN (UTC)", "ADDRESS"])
        for session in sessions {
            table.append([session.id, String(session.createdAt.prefix(16)), String(session.lastSeenAt.prefix(16)), session.address ?? ""])
        }
        try Output.print(output.format, table: table, json: .array(sessions.map {
            .object(["session": .string($0.id), "signed_in_at": .string($0.createdAt), "last_seen_at": .string($0.lastSeenAt),
                     "address": .optional($0.address)])
        }))
    }
}
