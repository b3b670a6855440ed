import ArgumentParser

struct RemoveLeave: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a leave entry.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The leave entry's id or a unique prefix of it (see: leave list).") var id: String

    func run() throws {
        let removed = try vault.openForWriting().removeLeave(id)
        print("Removed \(removed.value.type.rawValue) leave \(removed.value.range) of \(Terminal.sanitize(removed.member.legalName)).")
    }
}
