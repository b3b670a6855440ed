import Foundation
import HomeCrewStore
import HomeCrewVault

/// The folder a restore is made in: a hidden one beside its target (restores from an archive and
/// from restic), or `backup-drill/` inside the vault (the drill). It holds the incomplete-restore
/// marker from the moment it is made until everything restored is checked and on disk; no command
/// opens a folder holding that marker, nor a hidden restore folder, as a vault
/// (`VaultLocation.checkInternals`). A restore is complete only once `complete` has removed it.
public enum RestoreStaging {
    /// The path of a new hidden folder in `parent`, the target's folder (`create` makes it), once
    /// the ones left there by restores that are gone are removed.
    public static func newPath(in parent: String) -> String {
        removeAbandoned(in: parent)
        return "\(parent)/\(VaultLocation.restoreStagingPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Makes `path` (a new folder, 0700) holding the incomplete-restore marker, both on disk
    /// before anything is restored into it.
    public static func create(at path: String) throws {
        guard mkdir(path, 0o700) == 0 else { throw VaultError.posix(path, writing: true) }
        let marker = path + "/" + VaultLocation.incompleteRestoreMarker
        let descriptor = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw VaultError.posix(marker, writing: true) }
        defer { close(descriptor) }
        let text = "A HomeCrew restore that has not completed: no homecrew command opens this folder as a vault.\n"
        try Array(text.utf8).withUnsafeBytes { try ObjectStore.writeAll(descriptor, $0, path: marker) }
        guard fsync(descriptor) == 0 else { throw VaultError.posix(marker, writing: true) }
        try ObjectStore.syncDirectory(path)
        let parent = (path as NSString).deletingLastPathComponent
        try ObjectStore.syncDirectory(parent.isEmpty ? "." : parent)
    }

    /// The last write of a restore, once everything in `staging` is checked: every file restored
    /// is put on disk (one `syncfs`), then the marker is removed and its removal synced.
    public static func complete(_ staging: String) throws {
        try TextMirror.syncFileSystem(of: staging)
        let marker = staging + "/" + VaultLocation.incompleteRestoreMarker
        guard unlink(marker) == 0 else { throw VaultError.posix(marker, writing: true) }
        try ObjectStore.syncDirectory(staging)
    }

    /// Renames the complete staging folder to `target` (an empty folder there is replaced); a
    /// restore stopped before this leaves only the hidden folder.
    public static func moveIntoPlace(_ staging: String, target: String) throws {
        if FileManager.default.fileExists(atPath: target) { guard rmdir(target) == 0 else { throw BackupError.targetNotEmpty(target) } }
        guard rename(staging, target) == 0 else { throw VaultError.cannotWrite(path: target, reason: String(cString: strerror(errno))) }
        let parent = (target as NSString).deletingLastPathComponent
        try? ObjectStore.syncDirectory(parent.isEmpty ? "." : parent)
    }

    /// Removes the hidden folders of this user's restores whose process is gone (killed, or the
    /// machine stopped): never a finished restore, which has been renamed. A link found there is
    /// removed as a link, never followed (`SafeFile.removeTree`); another user's entry is theirs.
    static func removeAbandoned(in parent: String) {
        let prefix = VaultLocation.restoreStagingPrefix
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).split(separator: "-").first ?? ""), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            guard lstat(parent + "/" + name, &info) == 0, info.st_uid == geteuid() else { continue }
            try? SafeFile.removeTree(parent + "/" + name)
        }
    }
}
