import Foundation

/// An advisory lock on the vault (`flock` on `vault/lock`): ingest holds it shared while an
/// object is written and its row committed; garbage collection holds it exclusively, so it
/// never sees an object whose row is about to be written.
public final class VaultLock {
    private let descriptor: Int32

    public enum Mode { case shared, exclusive }

    public init(vaultDirectory: String, mode: Mode) throws {
        let path = vaultDirectory + "/lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw VaultError.posix(path, writing: true) }
        while flock(descriptor, mode == .shared ? LOCK_SH : LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw VaultError.posix(path, writing: true)
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
