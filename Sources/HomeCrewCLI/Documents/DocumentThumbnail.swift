import ArgumentParser
import HomeCrewVault

struct DocumentThumbnail: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "thumbnail", abstract: "Write a document's thumbnail (PNG) to a file.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "Where to write the PNG.") var out: String
    @Flag(help: "Replace the file if it exists.") var force = false

    func run() throws {
        let details = try vault.openForReading().findDocument(id)
        guard let hash = details.object.thumbnailHash else {
            throw DocumentError.noThumbnail(details.document.id.rawValue, details.object.content.note)
        }
        try SafeFile.write(try vault.objectStore.read(hash), to: out, overwrite: force)
        print("Wrote the thumbnail of \(details.document.id) to \(out)")
    }
}
