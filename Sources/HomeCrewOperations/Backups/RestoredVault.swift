import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// A snapshot restored by restic into a staging directory, laid out as a vault and checked:
/// the database as the manifest describes it, every object re-hashed, SQLite's own checks and
/// the audit trail. Only then may it be moved into place.
struct RestoredVault {
    var manifest: BackupManifest
    var objects: [String]
    var objectCount: Int
    var bytes: Int64
    /// The snapshot's text files that were missing or damaged (`AppDatabase.refillText`).
    var unreadableText: [String]

    static func verify(_ staging: String, snapshot: String) throws -> RestoredVault {
        // Nothing is renamed, changed or hashed through a link: a tampered snapshot's link could
        // point outside the restore, and a verified restore must hold its own files.
        try requirePlainFilesAndFolders(staging)
        let inner = staging + "/" + ResticBackups.stagingName
        let manifest = try BackupManifest.read(from: inner + "/" + ResticBackups.manifestName, snapshot: snapshot)
        let database = staging + "/homecrew.sqlite"
        guard rename(inner + "/homecrew.sqlite", database) == 0 else { throw BackupError.malformed("it holds no database") }
        chmod(database, 0o600)
        try ResticBackups.removeTree(inner)
        guard try ObjectStore.hash(fileAt: database) == manifest.databaseSHA256 else { throw BackupError.hashMismatch("homecrew.sqlite") }
        let facts = try AppDatabase.snapshotFacts(ofDatabaseAt: database, digest: RecordDigest(manifestVersion: manifest.homecrewBackup))
        guard facts.recordDigest == manifest.recordDigest else {
            throw BackupError.restoredDoesNotVerify("its records do not match the digest taken at the backup")
        }
        // Whose it is (`SnapshotOwner`) is read from the manifest: it must be the database's own.
        guard (facts.vaultID ?? "unknown") == manifest.vaultID else {
            throw BackupError.restoredDoesNotVerify("its database is vault \(facts.vaultID ?? "unknown")'s, but its manifest names vault \(manifest.vaultID)")
        }
        let copyBytes = BackupManifest.size(database)
        // From version 2 the text of pages is beside the database: put back before any upgrade reads it.
        let unreadableText = manifest.homecrewBackup >= 2 ? try refillText(database, staging: staging, manifest: manifest) : []
        let store = ObjectStore(vaultDirectory: staging)
        let files = Set(store.allHashes())
        if let missing = facts.objects.first(where: { !files.contains($0) }) {
            throw BackupError.restoredDoesNotVerify("object \(missing) is missing")
        }
        var bytes = copyBytes + TextMirror(directory: staging + "/" + ResticBackups.textName).bytes()
        for hash in files.sorted() {
            let path = store.path(for: hash)
            guard try ObjectStore.hash(fileAt: path) == hash else { throw BackupError.damagedObject(hash) }
            chmod(path, 0o400)
            if facts.objects.contains(hash) { bytes += BackupManifest.size(path) }
        }
        // It must open with this HomeCrew (an older format is upgraded) and pass its checks.
        let opened = try AppDatabase.open(VaultLocation(directory: staging), create: false, restoring: true)
        if let problem = try opened.integrityProblems().first ?? opened.auditProblems().first {
            throw BackupError.restoredDoesNotVerify(problem)
        }
        return RestoredVault(manifest: manifest, objects: facts.objects, objectCount: files.count, bytes: bytes, unreadableText: unreadableText)
    }

    /// From version 2 the database holds no page text: its objects' text files must be the
    /// ones the manifest names, each whole, and go back into it with the search rows.
    /// A text file missing or damaged does not refuse the vault (its text can be read again from
    /// the documents' files, which are checked): the names of such files.
    private static func refillText(_ database: String, staging: String, manifest: BackupManifest) throws -> [String] {
        guard let files = manifest.textFiles, let digest = manifest.textDigest else { throw BackupError.malformed("its manifest names no text files") }
        do {
            return try AppDatabase.refillText(ofDatabaseAt: database, from: TextMirror(directory: staging + "/" + ResticBackups.textName),
                                              expected: (files, digest))
        } catch { throw BackupError.restoredDoesNotVerify(ErrorText.sentence(for: error)) }
    }

    /// Every entry under `root` (not following links) is a plain file or a folder.
    static func requirePlainFilesAndFolders(_ root: String) throws {
        var info = stat()
        guard lstat(root, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw BackupError.notAPlainFile(root) }
        var folders = [root]
        while let folder = folders.popLast() {
            let opened = try FolderEntries.forEach(in: folder) { path, kind in
                switch kind {
                case .folder: folders.append(path)
                case .file: break
                case .link, .other: throw BackupError.notAPlainFile(path)
                }
            }
            guard opened else { throw BackupError.notAPlainFile(folder) }
        }
    }
}
