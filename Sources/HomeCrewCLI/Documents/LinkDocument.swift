import ArgumentParser

struct LinkDocument: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "link", abstract: "Link a document to staff of its household.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "A staff member (repeatable).") var staff: [String]

    func validate() throws {
        if staff.isEmpty { throw ValidationError("name at least one --staff") }
    }

    func run() throws {
        let linked = try vault.openForWriting().linkStaff(id, to: staff)
        print(linked.isEmpty ? "Already linked; nothing changed."
              : "Linked to \(linked.map { Terminal.sanitize(StaffPresenter.label($0)) }.joined(separator: ", ")).")
    }
}
