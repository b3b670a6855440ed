import Foundation
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

/// Files each uploaded file as soon as its last byte has arrived, as many at a time as
/// `doc add` does, while the rest of the body is still coming in: an upload of many photos takes
/// about as long as filing them, not receiving them and then filing them.
final class UploadFiling: @unchecked Sendable {
    private let ingestor: DocumentIngestor
    private let queue = WorkQueue(width: ParallelWork.ingestWidth)
    private let lock = NSLock()
    private var outcomes: [Int: IngestOutcome] = [:]

    init(ingestor: DocumentIngestor) {
        self.ingestor = ingestor
    }

    /// Starts filing the file at `path` (the upload's file number `index`).
    func file(_ index: Int, path: String, _ request: IngestRequest) {
        let ingestor = self.ingestor
        // The queue's threads have no task: the audit trail's actor is carried over by hand. The
        // household is whom the extraction is for: the workers are shared fairly between households.
        let actor = AuditActor.current
        let owner = request.household.id.rawValue
        queue.add { [self] in
            let outcome = AuditActor.$current.withValue(actor) {
                ExtractionOwner.$current.withValue(owner) { ingestor.ingest(path, request) }
            }
            lock.withLock { outcomes[index] = outcome }
        }
    }

    /// Waits for every file started so far; their outcomes by file number.
    func finish() async throws -> [Int: IngestOutcome] {
        let queue = self.queue
        try await offload { queue.finish() }
        return lock.withLock { outcomes }
    }
}
