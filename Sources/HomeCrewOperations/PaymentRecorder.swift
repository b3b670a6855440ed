import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// Records a payment with proof that may still be files: every check is made before a byte of
/// proof is stored, then the files are filed as the person's documents, then the payment is
/// recorded pointing at them. The command line and the web both record payments through here.
public struct PaymentRecorder: Sendable {
    let database: AppDatabase
    let ingestor: DocumentIngestor

    public init(database: AppDatabase, ingestor: DocumentIngestor) {
        self.database = database
        self.ingestor = ingestor
    }

    /// `files` are paths of proof to file first (a photo of the signed receipt, a bank screenshot).
    /// With `receipt`, a receipt to print and sign is rendered and kept with the payment.
    ///
    /// The payment, its proof and its receipt are one transaction: the files' objects are made
    /// durable first, then one write records them all, so a kill leaves either all or none (and at
    /// most unused objects for `vault gc`).
    public func record(_ request: PaymentRequest, files: [String], receipt: Bool = false, ocrLanguages: String? = nil) throws -> PaymentEntry {
        var request = request
        request.id = request.id ?? .random()
        let checked = try database.recordPayment(request, dryRun: true)
        let proof = self.request(of: checked, title: "Proof of payment \(request.paidOn) \(checked.member.legalName)",
                                 on: request.paidOn, reach: request.reach, ocrLanguages: ocrLanguages)
        var prepared = try files.map { try ingestor.prepare($0, proof) }
        if receipt {
            // Drawn from the payment the dry run made: the write below records that same payment or nothing.
            let filing = self.request(of: checked, title: "Receipt to sign \(checked.payment.paidOn) \(checked.member.legalName)",
                                      on: checked.payment.paidOn, reach: request.reach, ocrLanguages: nil)
            prepared.append(try ingestor.prepare(drawn: Self.receiptPDF(checked), named: PaymentReceipt.fileName(checked.payment, member: checked.member), filing))
        }
        defer { withExtendedLifetime(prepared) {} }
        for item in prepared {
            switch item.row {
            case .existing(let document):
                // Already the household's: linked to the person as a new file would be (a link, not the payment).
                try database.linkStaff(document.id.rawValue, to: [checked.member.id.rawValue], within: request.reach)
                request.proof.append(document.id.rawValue)
            case .new(let filing): request.filing.append(filing)
            }
        }
        return try database.recordPayment(request, expecting: checked.payment)
    }

    /// More proof for a payment already recorded: documents, or files filed first (the signed receipt's photo).
    public func addProof(_ references: [String], files: [String], toPayment payment: String, reach: Reach = .everything,
                         ocrLanguages: String? = nil) throws -> PaymentEntry {
        let entry = try database.addProof(references, toPayment: payment, within: reach)
        let filed = try file(files, of: entry, title: "Proof of payment \(entry.payment.paidOn) \(entry.member.legalName)",
                             on: entry.payment.paidOn, reach: reach, ocrLanguages: ocrLanguages)
        return try database.addProof(filed, toPayment: entry.payment.id.rawValue, within: reach)
    }

    /// The receipt of a payment as a PDF: the same bytes every time for the same payment.
    public static func receiptPDF(_ entry: PaymentEntry) -> [UInt8] {
        ReceiptRenderer.pdf(PaymentReceipt(payment: entry.payment, member: entry.member, household: entry.household,
                                           words: ReceiptRenderer.currencyWords[entry.payment.amount.currency.code]))
    }

    /// Files each path as a document of the payment's person; their ids.
    private func file(_ paths: [String], of entry: PaymentEntry, title: String, on day: CalendarDate, reach: Reach,
                      ocrLanguages: String?) throws -> [String] {
        let filing = request(of: entry, title: title, on: day, reach: reach, ocrLanguages: ocrLanguages)
        return try paths.map { try ingestor.file($0, filing) }
    }

    /// Filing as a document of the payment's person.
    private func request(of entry: PaymentEntry, title: String, on day: CalendarDate, reach: Reach, ocrLanguages: String?) -> IngestRequest {
        var filing = IngestRequest(household: entry.household, staff: [entry.member.id.rawValue], kind: .other, title: title,
                                   issuedOn: day, ocrLanguages: ocrLanguages)
        filing.reach = reach
        return filing
    }
}
