import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations

struct AddPaymentProof: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proof",
        abstract: "Add proof to a payment already recorded: the photo of the signed receipt, a bank screenshot.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The payment's id (or a unique prefix of it).") var payment: String
    @Argument(help: ArgumentHelp("Documents (ids) or files.", valueName: "doc-or-file")) var proof: [String]

    func run() throws {
        let database = try vault.openForWriting()
        let files = proof.filter { FileManager.default.fileExists(atPath: $0) }
        let entry = try PaymentRecorder(database: database, ingestor: vault.ingestor(database))
            .addProof(proof.filter { !files.contains($0) }, files: files, toPayment: payment)
        print("Payment \(entry.payment.id.short) has \(entry.proof.count) document\(entry.proof.count == 1 ? "" : "s") of proof:")
        for document in entry.proof { print("  \(document.id.short): \(Terminal.sanitize(document.title))") }
    }
}
