import ArgumentParser

struct ReindexVault: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reindex", abstract: "Rebuild the full-text search index from the documents.")

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let rows = try vault.openForWriting().rebuildSearchIndex()
        print("Rebuilt the search index: \(rows) page(s).")
    }
}
