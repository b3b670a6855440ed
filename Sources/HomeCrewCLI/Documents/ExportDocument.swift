import ArgumentParser
import Foundation
import HomeCrewVault

struct ExportDocument: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Copy a document's original file out of the vault.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String
    @Option(help: "The file to write, or a directory to write it into under its original name.") var out: String
    @Flag(help: "Replace the file if it exists.") var force = false

    func run() throws {
        let details = try vault.openForReading().findDocument(id)
        var target = out
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), isDirectory.boolValue {
            target = (out as NSString).appendingPathComponent(DocumentError.safeName(details.document.originalName))
        }
        let bytes = try vault.objectStore.read(details.object.hash)
        guard ObjectStore.hash(bytes) == details.object.hash else { throw DocumentError.damaged(details.object.hash) }
        try SafeFile.write(bytes, to: target, overwrite: force)
        print("Exported \(details.document.id) to \(Terminal.sanitize(target))")
    }
}
