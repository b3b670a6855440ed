import ArgumentParser

struct RemoveAdjustment: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove-adjustment", abstract: "Remove a pay adjustment.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The adjustment's id or a unique prefix of it (see: pay adjustments).") var id: String

    func run() throws {
        let removed = try vault.openForWriting().removeAdjustment(id)
        print("Removed the adjustment of \(removed.value.amount) for \(removed.value.month) from \(Terminal.sanitize(removed.member.legalName)).")
    }
}
