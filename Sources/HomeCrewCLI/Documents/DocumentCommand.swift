import ArgumentParser
import HomeCrewVault

struct DocumentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doc",
        abstract: "Keep documents: contracts, ID and visa scans, photos, payslips.",
        subcommands: [AddDocuments.self, ListDocuments.self, ShowDocument.self, DocumentText.self,
                      DocumentThumbnail.self, ExportDocument.self, OpenDocument.self, EditDocument.self,
                      LinkDocument.self, UnlinkDocument.self, RemoveDocument.self, ReprocessDocument.self,
                      DocumentSuggestionsCommand.self, ApplySuggestions.self]
    )
}
