import ArgumentParser
import HomeCrewCore
import HomeCrewStore

struct EditDocument: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a document's title, kind or dates.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(help: "A new kind.", transform: Parse.kind) var kind: DocumentKind?
    @Option(help: ArgumentHelp("Date of issue.", valueName: "yyyy-mm-dd"), transform: Parse.date) var issued: CalendarDate?
    @Option(help: ArgumentHelp("Expiry date.", valueName: "yyyy-mm-dd"), transform: Parse.date) var expires: CalendarDate?
    @Flag(help: "Remove the issue date.") var clearIssued = false
    @Flag(help: "Remove the expiry date.") var clearExpires = false

    func validate() throws {
        if title == nil && kind == nil && issued == nil && expires == nil && !clearIssued && !clearExpires {
            throw ValidationError("nothing to change: give --title, --kind, --issued, --expires or a --clear flag")
        }
    }

    func run() throws {
        var changes = DocumentChanges()
        changes.title = title
        changes.kind = kind
        changes.issuedOn = issued
        changes.expiresOn = expires
        changes.clearIssuedOn = clearIssued
        changes.clearExpiresOn = clearExpires
        let document = try vault.openForWriting().editDocument(id, changes)
        print("Updated \(document.id) \"\(Terminal.sanitize(document.title))\".")
    }
}
