import ArgumentParser
import Foundation
import HomeCrewVault

struct OpenDocument: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open a document with the desktop's viewer (xdg-open), from a private copy.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The document's id or a unique prefix of it.") var id: String

    func run() throws {
        let details = try vault.openForReading().findDocument(id)
        // Viewers go by the file name, and objects are named by hash: open a copy with its name.
        var template = Array((NSTemporaryDirectory() + "/homecrew-open-XXXXXX").utf8CString)
        guard let directory = mkdtemp(&template) else { throw DocumentError.cannotOpen("no temporary directory") }
        let copy = String(cString: directory) + "/" + DocumentError.safeName(details.document.originalName)
        try SafeFile.write(try vault.objectStore.read(details.object.hash), to: copy, overwrite: false)
        guard let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first(where: FileManager.default.isExecutableFile) else {
            print("No xdg-open here; the document is at \(Terminal.sanitize(copy))")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [copy]
        try process.run()
        print("Opened \(Terminal.sanitize(copy))")
    }
}
