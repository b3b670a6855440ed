import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewVault

struct PrintReceipt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt", abstract: "Write a payment's receipt (PDF) to a file, to print and sign.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The payment's id (or a unique prefix of it).") var payment: String
    @Option(help: ArgumentHelp("Where to write it; an existing file is never replaced.", valueName: "file")) var out: String

    func run() throws {
        let entry = try vault.openForReading().payment(payment)
        try SafeFile.write(PaymentRecorder.receiptPDF(entry), to: out, overwrite: false)
        print("Wrote the receipt of payment \(entry.payment.id.short) to \(Terminal.sanitize(out)).")
    }
}
