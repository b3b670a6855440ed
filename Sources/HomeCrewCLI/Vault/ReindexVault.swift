import ArgumentParser

struct ReindexVault: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reindex", abstract: "Rebuild the full-text search index from the documents, and the payments that stand from the ledger.")

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let database = try vault.openForWriting()
        let rows = try database.rebuildSearchIndex()
        print("Rebuilt the search index: \(rows) page(s).")
        print("Rebuilt the payments that stand: \(try database.rebuildStandingPayments()) payment(s).")
    }
}
