import Dispatch
import HomeCrewStore

/// Runs slow blocking work (extraction workers, hashing a large upload) on a Dispatch thread,
/// so that Swift's few cooperative threads keep serving pages meanwhile.
func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    // A Dispatch thread has no task: the audit trail's actor and the page's language are carried over by hand.
    let actor = AuditActor.current, words = WebText.current
    return try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try WebText.$current.withValue(words) { try AuditActor.$current.withValue(actor) { try work() } } })
        }
    }
}
