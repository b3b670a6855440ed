import ArgumentParser

struct MakePrimaryHousehold: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "primary", abstract: "Make a household the primary one.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's name.") var name: String

    func run() throws {
        let household = try vault.openForWriting().makePrimary(named: name)
        print("\"\(Terminal.sanitize(household.name))\" is now the primary household.")
    }
}
