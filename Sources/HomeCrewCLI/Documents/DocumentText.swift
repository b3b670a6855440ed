import HomeCrewOperations
import ArgumentParser

struct DocumentText: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "text", abstract: "Print the text extracted from a document.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "Only this page.") var page: Int?

    func run() throws {
        let database = try vault.openForReading()
        let details = try database.findDocument(id)
        var pages = try database.pages(of: details.document)
        if let page {
            pages = pages.filter { $0.number == page }
            if pages.isEmpty {
                throw ValidationError("document \(details.document.id) has no page \(page) with text (it has \(details.object.content.pageCount ?? 0) pages)")
            }
        }
        switch output.format {
        case .json:
            print(try JSON.array(pages.map {
                .object(["page": .int($0.number), "source": .string($0.source.rawValue), "text": .string($0.text)])
            }).rendered())
        case .csv:
            var table = RecordTable(headers: ["page", "source", "text"])
            for item in pages { table.append([String(item.number), item.source.rawValue, item.text]) }
            print(table.renderCSV(), terminator: "")
        case .table:
            for item in pages {
                if pages.count > 1 { print("--- page \(item.number) ---") }
                // The text came from an untrusted file: it must not drive the terminal.
                print(Terminal.sanitize(item.text, keepNewlines: true))
            }
        }
    }
}
