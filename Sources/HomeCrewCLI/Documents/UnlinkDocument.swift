import ArgumentParser

struct UnlinkDocument: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unlink", abstract: "Remove a document's link to a staff member.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "The staff member.") var staff: String

    func run() throws {
        let (document, member) = try vault.openForWriting().unlinkStaff(id, from: staff)
        print("Unlinked \(document.id) from \(Terminal.sanitize(StaffPresenter.label(member))).")
    }
}
