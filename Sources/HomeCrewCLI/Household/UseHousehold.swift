import ArgumentParser

struct UseHousehold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Set the household that commands use when --household is not given.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String

    func run() throws {
        let household = try vault.openForWriting().useHousehold(named: name)
        print("Commands now use \"\(Terminal.sanitize(household.name))\" when no household is named.")
    }
}
