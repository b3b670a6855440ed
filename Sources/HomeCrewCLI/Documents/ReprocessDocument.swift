import ArgumentParser
import Foundation
import HomeCrewCore

struct ReprocessDocument: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reprocess", abstract: "Read a document's file again: text, metadata and thumbnail.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "Password of an encrypted PDF (used to read it; never stored).") var password: String?
    @OptionGroup var ocr: OCROptions

    func validate() throws { try ocr.validate() }

    func run() throws {
        let database = try vault.openForWriting()
        let details = try database.findDocument(id)
        let languages = try ocr.languages(database, enabledByDefault: false)
        let content = try vault.ingestor(database).reprocess(details, password: password, ocrLanguages: languages)
        let note = content.note.map { ": \(Terminal.sanitize($0))" } ?? ""
        print("Reprocessed \(details.document.id): \(content.status.rawValue)\(note)")
    }
}

enum DocumentError: HomeCrewError {
    case noThumbnail(String, String?)
    case damaged(String)
    case cannotOpen(String)

    var category: ErrorCategory {
        switch self {
        case .noThumbnail: return .notFound
        case .damaged: return .io
        case .cannotOpen: return .cannotCreate
        }
    }

    var description: String {
        switch self {
        case let .noThumbnail(id, note): return "document \(id) has no thumbnail\(note.map { " (\($0))" } ?? "")"
        case .damaged(let hash): return "object \(hash) no longer matches its hash; run: homecrew vault verify"
        case .cannotOpen(let reason): return "cannot open the document: \(reason)"
        }
    }

    /// A file name safe to create: no directories, no leading dot, no control characters.
    static func safeName(_ name: String) -> String { FileName.safe(name, fallback: "document") }
}
