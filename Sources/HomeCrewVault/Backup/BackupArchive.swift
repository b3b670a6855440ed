#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HomeCrewCore

/// One file holding a vault: a snapshot of the database, every object, and a manifest of
/// their SHA-256s. It is a plain tar archive (`tar -tf` lists it):
///
///     homecrew-backup/homecrew.sqlite
///     homecrew-backup/objects/sha256/ab/abcdef…
///     homecrew-backup/MANIFEST.tsv        (last: "sha256<TAB>path" per file)
public enum BackupArchive {
    static let root = "homecrew-backup/"
    static let manifestName = root + "MANIFEST.tsv"
    static let databaseName = root + "homecrew.sqlite"

    public struct Summary: Sendable {
        public let objectCount: Int
        public let bytes: Int64
    }

    /// Writes the archive to `output` atomically: under a temporary name in the same
    /// directory, fsynced, then linked into place (an existing file is never replaced), so a
    /// failed backup leaves no file that looks complete.
    public static func write(to output: String, databaseSnapshot: String, objectHashes: [String],
                             objects: ObjectStore) throws -> Summary {
        var info = stat()
        if lstat(output, &info) == 0 { throw BackupError.outputExists(output) }
        let directory = (output as NSString).deletingLastPathComponent.isEmpty ? "." : (output as NSString).deletingLastPathComponent
        let temporary = "\(directory)/.\((output as NSString).lastPathComponent).\(getpid()).partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw VaultError.posix(output, writing: true) }
        var finished = false
        defer { if !finished { unlink(temporary) } }
        var manifest = "# HomeCrew backup: sha256<TAB>path of every file in this archive\n"
        var bytes: Int64 = 0
        do {
            defer { close(descriptor) }
            let tar = TarWriter(descriptor: descriptor, path: output)
            manifest += "\(try tar.addFile(named: databaseName, from: databaseSnapshot))\t\(databaseName)\n"
            for hash in objectHashes.sorted() {
                let name = "\(root)objects/sha256/\(hash.prefix(2))/\(hash)"
                let actual = try tar.addFile(named: name, from: objects.path(for: hash), mode: 0o400)
                guard actual == hash else { throw BackupError.damagedObject(hash) }
                manifest += "\(hash)\t\(name)\n"
                bytes += Int64(fileSize(objects.path(for: hash)))
            }
            try tar.addFile(named: manifestName, bytes: Array(manifest.utf8))
            try tar.finish()
            guard fsync(descriptor) == 0 else { throw VaultError.posix(output, writing: true) }
        }
        guard link(temporary, output) == 0 else {
            if errno == EEXIST { throw BackupError.outputExists(output) }
            throw VaultError.posix(output, writing: true)
        }
        unlink(temporary)
        finished = true
        try? ObjectStore.syncDirectory(directory)
        return Summary(objectCount: objectHashes.count, bytes: bytes)
    }

    /// Unpacks an archive into `staging` (a new directory the caller made, holding only its
    /// incomplete-restore marker), checking every file against the manifest and every object
    /// against its name. The caller checks the database, then moves `staging` into place; on
    /// any failure it removes `staging`.
    public static func unpack(_ archive: String, into staging: String) throws -> Summary {
        let input = open(archive, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw VaultError.posix(archive, writing: false) }
        defer { close(input) }
        let tar = TarReader(descriptor: input, path: archive)
        var hashes: [String: String] = [:]
        var manifest: String?
        var bytes: Int64 = 0, objectCount = 0
        do {
            while let entry = try tar.next() {
                if entry.name == manifestName {
                    manifest = String(decoding: try tar.readAll(entry, limit: 64 << 20), as: UTF8.self)
                    continue
                }
                let target = try destination(of: entry.name, in: staging)
                let output = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                guard output >= 0 else { throw VaultError.posix(target.path, writing: true) }
                let hash: String
                do {
                    defer { close(output) }
                    hash = try tar.copy(entry, to: output, outputPath: target.path)
                    guard fsync(output) == 0 else { throw VaultError.posix(target.path, writing: true) }
                }
                if let object = target.objectHash {
                    guard hash == object else { throw BackupError.damagedObject(object) }
                    chmod(target.path, 0o400)
                    objectCount += 1
                    bytes += entry.size
                }
                guard hashes.updateValue(hash, forKey: entry.name) == nil else { throw BackupError.malformed("\(entry.name) appears twice") }
            }
        } catch let failure as TarReader.Failure {
            if case .malformed(let reason) = failure { throw BackupError.malformed(reason) }
        }
        try check(hashes, against: manifest)
        return Summary(objectCount: objectCount, bytes: bytes)
    }

    /// Where an archive entry goes; anything but the database and well-named objects is refused,
    /// so a hostile archive cannot write outside the new vault.
    private static func destination(of name: String, in staging: String) throws -> (path: String, objectHash: String?) {
        if name == databaseName { return (staging + "/homecrew.sqlite", nil) }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, name.hasPrefix(root + "objects/sha256/"), parts[4].count == 64,
              parts[4].allSatisfy({ $0.isHexDigit && !$0.isUppercase }), parts[3] == parts[4].prefix(2)
        else { throw BackupError.malformed("unexpected entry \(name)") }
        let folder = "\(staging)/objects/sha256/\(parts[3])"
        for directory in [staging + "/objects", staging + "/objects/sha256", folder] where access(directory, F_OK) != 0 {
            guard mkdir(directory, 0o700) == 0 else { throw VaultError.posix(directory, writing: true) }
        }
        return ("\(folder)/\(parts[4])", String(parts[4]))
    }

    private static func check(_ hashes: [String: String], against manifest: String?) throws {
        guard let manifest else { throw BackupError.malformed("it has no manifest (an incomplete backup?)") }
        var listed: [String: String] = [:]
        for line in manifest.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { throw BackupError.malformed("a manifest line cannot be read") }
            listed[String(fields[1])] = String(fields[0])
        }
        guard listed[databaseName] != nil else { throw BackupError.malformed("it holds no database") }
        for (name, hash) in listed {
            guard let found = hashes[name] else { throw BackupError.malformed("\(name) is listed but missing") }
            guard found == hash else { throw BackupError.hashMismatch(name) }
        }
        if let extra = hashes.keys.first(where: { listed[$0] == nil }) { throw BackupError.malformed("\(extra) is not in the manifest") }
    }

    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
