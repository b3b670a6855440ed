import ArgumentParser
import HomeCrewOperations

struct ChangePassword: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd", abstract: "Set an account's password; every session of the account ends.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var password: PasswordSource
    @Argument(help: "The account's name.") var name: String

    func run() throws {
        let database = try vault.openForWriting()
        let account = try database.account(named: name)
        let ended = try AccountKeeper(database: database).changePassword(of: account.name, to: try password.read(for: account.name))
        print("Changed the password of \(Terminal.sanitize(account.name)); \(ended) session(s) ended.")
    }
}
