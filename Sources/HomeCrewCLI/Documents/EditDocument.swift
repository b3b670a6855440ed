import ArgumentParser
import HomeCrewCore
import HomeCrewStore

struct EditDocument: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a document's title, kind, number or dates.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(help: "A new kind.", transform: Parse.kind) var kind: DocumentKind?
    @Option(help: "The number the paper carries (a passport's, a visa's).") var number: String?
    @Option(help: ArgumentHelp("Date of issue.", valueName: "yyyy-mm-dd"), transform: Parse.date) var issued: CalendarDate?
    @Option(help: ArgumentHelp("Expiry date.", valueName: "yyyy-mm-dd"), transform: Parse.date) var expires: CalendarDate?
    @Flag(help: "Remove the number.") var clearNumber = false
    @Flag(help: "Remove the issue date.") var clearIssued = false
    @Flag(help: "Remove the expiry date.") var clearExpires = false

    func validate() throws {
        if title == nil && kind == nil && number == nil && issued == nil && expires == nil && !clearNumber && !clearIssued && !clearExpires {
            throw ValidationError("nothing to change: give --title, --kind, --number, --issued, --expires or a --clear flag")
        }
        if number != nil && clearNumber { throw ValidationError("give --number or --clear-number, not both") }
        if let number, number.allSatisfy(\.isWhitespace) { throw ValidationError("--number is empty; --clear-number removes a number") }
    }

    func run() throws {
        var changes = DocumentChanges()
        changes.title = title
        changes.kind = kind
        changes.number = number
        changes.clearNumber = clearNumber
        changes.issuedOn = issued
        changes.expiresOn = expires
        changes.clearIssuedOn = clearIssued
        changes.clearExpiresOn = clearExpires
        let document = try vault.openForWriting().editDocument(id, changes)
        print("Updated \(document.id) \"\(Terminal.sanitize(document.title))\".")
    }
}
