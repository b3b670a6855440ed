import ArgumentParser
import HomeCrewOperations

struct AddUser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an account (at least 12 characters; the 10,000 most common passwords are refused).")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var password: PasswordSource
    @Argument(help: "The account's name: letters, digits, dots, underscores, hyphens.") var name: String

    func run() throws {
        let database = try vault.openForWriting()
        let account = try AccountKeeper(database: database).add(name: name, password: try password.read(for: name))
        print("Added account \(Terminal.sanitize(account.name)). It signs in to homecrew serve with its name and password.")
    }
}
