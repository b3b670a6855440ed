import ArgumentParser

struct RemoveUser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an account and end its sessions (the audit trail keeps its name).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The account's name.") var name: String

    func run() throws {
        let account = try vault.openForWriting().removeAccount(named: name)
        print("Removed account \(Terminal.sanitize(account.name)).")
    }
}
