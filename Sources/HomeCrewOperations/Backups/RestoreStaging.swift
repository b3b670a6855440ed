import Foundation
import HomeCrewStore
import HomeCrewVault

/// The folder a restore is made in: a hidden one beside its target (restores from an archive and
/// from restic), or `backup-drill/` inside the vault (the drill). It holds the incomplete-restore
/// marker from the moment it is made until everything restored is checked and on disk; no command
/// opens a folder holding that marker, nor a hidden restore folder, as a vault
/// (`VaultLocation.checkInternals`). A restore is complete only once `complete` has removed it.
///
/// While its restore runs the folder also holds a lock file, locked (`flock`) by that restore: a
/// process id says nothing across containers or machines sharing the folder, a held lock does.
public enum RestoreStaging {
    static let lockName = "homecrew-restore.lock"
    /// A hidden folder without its lock file is abandoned once this old (a restore makes the lock
    /// file right after the folder; only one stopped in between, or an older HomeCrew's, lacks it).
    static let unlockedAge: TimeInterval = 600
    /// The name's ending once its restore is known to be gone (only a process holding its lock renames it so).
    static let abandonedSuffix = "-abandoned"

    /// The restore's hold on its folder: the lock is released when this goes (or the process does).
    public final class Claim: Sendable {
        let descriptor: Int32
        init(descriptor: Int32) { self.descriptor = descriptor }
        deinit { close(descriptor) }
    }

    /// `given` as an absolute path, once it may be restored into: new, or an empty directory, and
    /// not named like a restore's hidden folder (which restores remove once abandoned).
    public static func target(_ given: String) throws -> String {
        let target = URL(fileURLWithPath: given.isEmpty ? "." : given).standardizedFileURL.path
        if (target as NSString).lastPathComponent.hasPrefix(VaultLocation.restoreStagingPrefix) {
            throw BackupError.targetIsStagingName(target)
        }
        try RestoreTarget.requireEmpty(target)
        return target
    }

    /// The path of a new hidden folder beside `target` (`create` makes it), once the ones left
    /// there by restores that are gone are removed.
    public static func newPath(besides target: String) -> String {
        let parent = URL(fileURLWithPath: target).deletingLastPathComponent().path
        removeAbandoned(in: parent)
        return "\(parent == "/" ? "" : parent)/\(VaultLocation.restoreStagingPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Makes `path` (a new folder, 0700) holding its lock file, locked, and the incomplete-restore
    /// marker, all on disk before anything is restored into it. Keep the claim until the end.
    public static func create(at path: String) throws -> Claim {
        guard mkdir(path, 0o700) == 0 else { throw VaultError.posix(path, writing: true) }
        let lock = path + "/" + lockName
        let held = open(lock, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard held >= 0 else { throw VaultError.posix(lock, writing: true) }
        let claim = Claim(descriptor: held)
        guard flock(held, LOCK_EX | LOCK_NB) == 0 else { throw VaultError.posix(lock, writing: true) }
        let marker = path + "/" + VaultLocation.incompleteRestoreMarker
        let descriptor = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw VaultError.posix(marker, writing: true) }
        defer { close(descriptor) }
        let text = "A HomeCrew restore that has not completed: no homecrew command opens this folder as a vault.\n"
        try Array(text.utf8).withUnsafeBytes { try ObjectStore.writeAll(descriptor, $0, path: marker) }
        guard fsync(descriptor) == 0 else { throw VaultError.posix(marker, writing: true) }
        try ObjectStore.syncDirectory(path)
        try ObjectStore.syncDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        return claim
    }

    /// The last write of a restore, once everything in `staging` is checked: every file restored
    /// is put on disk (one `syncfs`), then the marker is removed and its removal synced.
    public static func complete(_ staging: String) throws {
        try TextMirror.syncFileSystem(of: staging)
        let marker = staging + "/" + VaultLocation.incompleteRestoreMarker
        guard unlink(marker) == 0 else { throw VaultError.posix(marker, writing: true) }
        try ObjectStore.syncDirectory(staging)
    }

    /// Renames the complete staging folder to `target` (an empty folder there is replaced), then
    /// removes its lock file, still held; a restore stopped before this leaves only the hidden folder.
    public static func moveIntoPlace(_ staging: String, target: String) throws {
        if FileManager.default.fileExists(atPath: target) { guard rmdir(target) == 0 else { throw BackupError.targetNotEmpty(target) } }
        guard rename(staging, target) == 0 else { throw VaultError.cannotWrite(path: target, reason: String(cString: strerror(errno))) }
        unlink(target + "/" + lockName)
        try? ObjectStore.syncDirectory(target)
        try? ObjectStore.syncDirectory(URL(fileURLWithPath: target).deletingLastPathComponent().path)
    }

    /// Removes this user's hidden folders whose restore is gone (killed, or the machine stopped):
    /// one whose lock file this process can lock at once, without waiting, or that has none and is
    /// old. Never a finished restore, which has been renamed. A link found there is removed as a
    /// link, never followed (`SafeFile.removeTree`); another user's entry is theirs.
    ///
    /// A folder claimed so is first renamed with `abandonedSuffix`, then removed: removing it deletes
    /// its lock file among the rest, so one stopped halfway would otherwise leave a lockless folder
    /// kept for 10 minutes; a renamed one is removed by the next restore at once.
    static func removeAbandoned(in parent: String) {
        let prefix = VaultLocation.restoreStagingPrefix
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            let path = parent + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == geteuid() else { continue }
            guard (info.st_mode & S_IFMT) == S_IFDIR, !name.hasSuffix(abandonedSuffix) else { try? SafeFile.removeTree(path); continue }
            let lock = open(path + "/" + lockName, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if lock < 0 {
                let age = Date().timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec)
                if age > unlockedAge { try? SafeFile.removeTree(path) }
                continue
            }
            defer { close(lock) }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0, rename(path, path + abandonedSuffix) == 0 else { continue }
            try? SafeFile.removeTree(path + abandonedSuffix)
        }
    }
}
