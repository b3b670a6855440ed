import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ShowDocument: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a document: metadata, links, pages and what could be extracted.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String

    func run() throws {
        let database = try vault.openForReading()
        let details = try database.findDocument(id)
        let pages = PageText.everyPage(try database.pages(of: details.document), pageCount: details.object.content.pageCount)
        guard output.format == .table else {
            return try Output.print(output.format, table: DocumentPresenter.csv([details]),
                                    json: DocumentPresenter.json(details, pages: pages))
        }
        let document = details.document, object = details.object, content = object.content
        let status = content.status.rawValue + (content.note.map { ": \($0)" } ?? "")
        Output.printFields([
            ("Title", document.title), ("ID", document.id.rawValue), ("Kind", document.kind.rawValue),
            ("Household", details.household.name),
            ("Staff", details.staff.isEmpty ? nil : details.staff.map(StaffPresenter.label).joined(separator: ", ")),
            ("File", document.originalName), ("Type", DocumentPresenter.summary(object)),
            ("Orientation", content.orientation.flatMap { $0 == 1 ? nil : "EXIF \($0) (applied to the thumbnail)" }),
            ("Size", "\(object.size) bytes"), ("SHA-256", object.hash),
            ("Number", document.number), ("Issued", document.issuedOn?.description), ("Expires", document.expiresOn?.description),
            ("Encrypted", content.encrypted ? "yes" : nil),
            ("PDF title", content.metadataTitle), ("PDF author", content.metadataAuthor), ("PDF created", content.metadataCreated),
            ("Extraction", status), ("Thumbnail", object.thumbnailHash == nil ? "none" : "yes"),
        ])
        if !pages.isEmpty {
            print("\nText by page:")
            var table = RecordTable(headers: ["PAGE", "SOURCE", "CHARACTERS"], rightAligned: ["PAGE", "CHARACTERS"])
            for page in pages { table.append([String(page.number), page.source.rawValue, String(page.text.count)]) }
            print(table.renderTable())
        }
    }
}
