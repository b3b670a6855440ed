import ArgumentParser
import HomeCrewCore
import HomeCrewOperations

struct ListUsers: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let accounts = try vault.openForReading().accounts()
        var table = RecordTable(headers: ["NAME", "CREATED (UTC)", "PASSWORD CHANGED (UTC)", "OPEN SESSIONS"], rightAligned: ["OPEN SESSIONS"])
        for account in accounts {
            table.append([account.name, String(account.createdAt.prefix(16)), String(account.passwordChangedAt.prefix(16)),
                          String(account.openSessions)])
        }
        try Output.print(output.format, table: table, json: .array(accounts.map {
            .object(["id": .string($0.id.rawValue), "name": .string($0.name), "created_at": .string($0.createdAt),
                     "password_changed_at": .string($0.passwordChangedAt), "open_sessions": .int($0.openSessions)])
        }))
    }
}
