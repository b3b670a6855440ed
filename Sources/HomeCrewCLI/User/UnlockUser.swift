import ArgumentParser
import HomeCrewOperations

struct UnlockUser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Clear an account's failed sign-in counts, so that it may sign in at once from anywhere.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The account's name.") var name: String

    func run() throws {
        // The server reads the counts at every try: this works while `homecrew serve` runs.
        let database = try vault.openForWriting()
        let account = try database.account(named: name)
        let cleared = try AccountKeeper(database: database).unlock(name: account.name)
        print("Cleared \(cleared) failed sign-in count(s) of \(Terminal.sanitize(account.name)). "
              + "The counts of addresses are kept, and the name's start again at its next failure.")
    }
}
