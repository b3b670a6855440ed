import ArgumentParser

struct RemoveDocument: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a document and its links (its file goes at the next `vault gc`).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String

    func run() throws {
        let document = try vault.openForWriting().removeDocument(id)
        print("Removed \(document.id) \"\(Terminal.sanitize(document.title))\". Its file is deleted by the next `homecrew vault gc` after the grace period.")
    }
}
