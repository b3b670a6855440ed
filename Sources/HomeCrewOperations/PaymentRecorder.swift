import Foundation
import HomeCrewCore
import HomeCrewStore

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
    public func record(_ request: PaymentRequest, files: [String], ocrLanguages: String? = nil) throws -> PaymentEntry {
        let checked = try database.recordPayment(request, dryRun: true)
        var request = request
        for file in files {
            var filing = IngestRequest(household: checked.household, staff: [checked.member.id.rawValue], kind: .other,
                                       title: "Proof of payment \(request.paidOn) \(checked.member.legalName)",
                                       issuedOn: request.paidOn, ocrLanguages: ocrLanguages)
            filing.reach = request.reach
            switch ingestor.ingest(file, filing) {
            case .added(let details): request.proof.append(details.document.id.rawValue)
            case .alreadyPresent(let document, _): request.proof.append(document.id.rawValue)
            case .refused(_, let error): throw error
            }
        }
        return try database.recordPayment(request)
    }
}
