import Foundation
import HomeCrewCore

/// Where a vault lives: `--vault DIR`, else `HOMECREW_VAULT`, else
/// `$XDG_DATA_HOME/homecrew`, else `~/.local/share/homecrew`.
public struct VaultLocation: Hashable, Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = URL(fileURLWithPath: directory).standardizedFileURL.path
    }

    public static func resolve(explicit: String?, environment: [String: String]) -> VaultLocation {
        if let explicit, !explicit.isEmpty { return VaultLocation(directory: explicit) }
        if let path = environment["HOMECREW_VAULT"], !path.isEmpty { return VaultLocation(directory: path) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return VaultLocation(directory: data + "/homecrew")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return VaultLocation(directory: home + "/.local/share/homecrew")
    }

    public var databasePath: String { directory + "/homecrew.sqlite" }

    public var databaseExists: Bool { FileManager.default.fileExists(atPath: databasePath) }

    /// Creates the vault directory (0700) and an empty database file (0600) if missing.
    /// Returns true when it created the vault.
    @discardableResult
    public func create() throws -> Bool {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let existed = manager.fileExists(atPath: directory, isDirectory: &isDirectory)
        if existed && !isDirectory.boolValue {
            throw StoreError.cannotCreateVault(path: directory, reason: "a file (not a directory) is in the way")
        }
        if !existed {
            let parent = (directory as NSString).deletingLastPathComponent
            do {
                try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw StoreError.cannotCreateVault(path: directory, reason: Self.reason(error))
            }
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                throw StoreError.cannotCreateVault(path: directory, reason: String(cString: strerror(errno)))
            }
        }
        // A new database beside a vault's objects would let `vault gc` delete every document.
        if let objects = objectsWithoutDatabase {
            throw StoreError.cannotCreateVault(path: directory, reason: "it holds \(counted(objects, "object")) but no homecrew.sqlite "
                + "(a vault that lost its database); restore it from a backup (homecrew vault restore) into a new folder")
        }
        let descriptor = open(databasePath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return true
        }
        if errno == EEXIST { return !existed }
        throw StoreError.cannotCreateVault(path: databasePath, reason: String(cString: strerror(errno)))
    }

    /// A folder that holds a vault's objects (`objects/`) or text files (`backup-text/`) but no
    /// database: a vault that lost its records. Its count of objects; nil when it has a database
    /// (or anything in its place) or neither folder.
    public var objectsWithoutDatabase: Int? {
        var info = stat()
        guard lstat(databasePath, &info) != 0, ["objects", "backup-text"].contains(where: { lstat(directory + "/" + $0, &info) == 0 }) else { return nil }
        let objects = directory + "/objects/sha256"
        let manager = FileManager.default
        return ((try? manager.contentsOfDirectory(atPath: objects)) ?? []).reduce(0) { count, folder in
            count + ((try? manager.contentsOfDirectory(atPath: objects + "/" + folder))?.count ?? 0)
        }
    }

    /// The hidden folders restores are made in, beside their target (`.homecrew-restore-PID-N`).
    public static let restoreStagingPrefix = ".homecrew-restore-"
    /// Written first into the folder a restore is made in, removed last (synced) once everything
    /// restored is checked and on disk: a folder holding it is a restore that did not complete.
    public static let incompleteRestoreMarker = "homecrew-restore-incomplete"

    /// Refuses a vault whose internals are symbolic links: a link could send the records, or
    /// the files HomeCrew deletes in `vault gc`, somewhere outside the vault. Refuses a restore's
    /// hidden folder and a restore that did not complete, too (unless `restoring`: the restore's own check).
    public func checkInternals(restoring: Bool = false) throws {
        if !restoring { try refuseIncompleteRestore() }
        let paths = ["homecrew.sqlite", "homecrew.sqlite-wal", "homecrew.sqlite-shm", "objects", "objects/sha256", "tmp", "lock"]
            .map { directory + "/" + $0 }
        for path in paths where Self.isSymbolicLink(path) { throw linkRefused(path) }
        if let link = firstLinkAmongFanOutFolders() { throw linkRefused(link) }
    }

    private func linkRefused(_ path: String) -> StoreError {
        .notAVault(path: directory, reason: "\(path) is a symbolic link; HomeCrew refuses vaults whose internals point elsewhere")
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The first of `objects/sha256/`'s 256 folders that is a link (read with the folder's entries:
    /// a `lstat` for each was a tenth of opening a vault, which every command does). An entry not
    /// said to be a folder is asked again with `lstat`: an SMB mount says "file" of a link, and a link
    /// can be mounted over a file, while nothing can be mounted over a folder but a folder.
    private func firstLinkAmongFanOutFolders() -> String? {
        var link: String?
        FolderEntries.forEach(in: directory + "/objects/sha256") { path, kind in
            if link == nil, kind == .link || (kind != .folder && Self.isSymbolicLink(path)) { link = path }
        }
        return link
    }

    /// A restore killed after restic wrote its files leaves a database and objects without their
    /// pages' text: such a folder must never be taken for a vault.
    private func refuseIncompleteRestore() throws {
        if (directory as NSString).lastPathComponent.hasPrefix(Self.restoreStagingPrefix) {
            throw StoreError.notAVault(path: directory, reason: "it is the hidden folder of a restore, which is renamed to its target only once complete")
        }
        var info = stat()
        if lstat(directory + "/" + Self.incompleteRestoreMarker, &info) == 0 {
            throw StoreError.notAVault(path: directory, reason: "a restore into it did not complete (it holds \(Self.incompleteRestoreMarker)); restore it again")
        }
    }

    private static func reason(_ error: any Error) -> String { ErrorText.sentence(for: error) }
}
