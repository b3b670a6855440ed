import Foundation
import HomeCrewStore
import HomeCrewVault

/// `backup-snapshot/homecrew-backup.json`, written beside the database snapshot in every
/// restic snapshot: what a restore checks the restored vault against.
struct BackupManifest: Codable, Equatable {
    /// 2: the database without its pages' text, which `backup-text/` holds (`TextMirror`).
    /// 3: `backup-text/` files may be compressed (`homecrew-text 3`, Vault/FORMAT.md).
    static let currentVersion = 3
    var homecrewBackup: Int
    var vaultID: String
    var formatVersion: Int
    var createdAt: String
    /// SHA-256 of the database snapshot file.
    var databaseSHA256: String
    /// `AppDatabase.snapshotFacts`' digest of every record (search index and backup runs aside).
    var recordDigest: String
    var objectCount: Int
    /// Bytes of the database snapshot and of every object it names.
    var bytes: Int64
    var counts: [String: Int]
    /// From version 2: how many files `backup-text/` holds, and the digest of their names.
    var textFiles: Int?
    var textDigest: String?

    enum CodingKeys: String, CodingKey {
        case homecrewBackup = "homecrew_backup", vaultID = "vault_id", formatVersion = "format_version", createdAt = "created_at"
        case databaseSHA256 = "database_sha256", recordDigest = "record_digest", objectCount = "object_count", bytes, counts
        case textFiles = "text_files", textDigest = "text_digest"
    }

    init(facts: SnapshotFacts, database: String, objects: ObjectStore, text: TextMirror.Summary) throws {
        homecrewBackup = Self.currentVersion
        vaultID = facts.vaultID ?? "unknown"
        formatVersion = facts.formatVersion
        createdAt = ISO8601DateFormatter().string(from: Date())
        databaseSHA256 = try ObjectStore.hash(fileAt: database)
        recordDigest = facts.recordDigest
        objectCount = facts.objects.count
        bytes = Self.size(database) + facts.objects.reduce(0) { $0 + Self.size(objects.path(for: $1)) } + text.bytes
        counts = facts.counts
        textFiles = text.files
        textDigest = text.digest
    }

    /// The snapshot's tags: the vault it belongs to and what `vault backups` lists, so that a
    /// listing needs no file of any snapshot.
    var tags: [String] {
        [ResticBackups.tag, "homecrew-vault=\(vaultID)", "homecrew-format=\(formatVersion)", "homecrew-bytes=\(bytes)"]
            + counts.keys.sorted().map { "homecrew-count-\($0)=\(counts[$0] ?? 0)" }
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ResticBackups.writeFailure(path)
        }
    }

    static func read(from path: String, snapshot: String) throws -> BackupManifest {
        guard let data = FileManager.default.contents(atPath: path) else { throw BackupError.notAVaultSnapshot(snapshot) }
        guard let manifest = try? JSONDecoder().decode(BackupManifest.self, from: data), manifest.homecrewBackup >= 1 else {
            throw BackupError.malformed("its \(ResticBackups.manifestName) cannot be read")
        }
        guard manifest.homecrewBackup <= currentVersion else {
            throw BackupError.malformed("snapshot \(snapshot) was made by a newer HomeCrew (backup version \(manifest.homecrewBackup)); restore it with that version")
        }
        return manifest
    }

    static func size(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}

/// restic's `--json` output (0.14 and later).
enum ResticJSON {
    struct Backup {
        var snapshotID: String
        var dataAdded: Int64
    }

    static func backupSummary(_ data: Data) throws -> Backup {
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").reversed() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["message_type"] as? String == "summary", let id = object["snapshot_id"] as? String else { continue }
            return Backup(snapshotID: id, dataAdded: (object["data_added"] as? NSNumber)?.int64Value ?? 0)
        }
        throw BackupError.resticFailed("restic reported no snapshot")
    }

    /// `forget --prune --json` prints its JSON on one line, then prune's report as text.
    static func forgottenCount(_ data: Data) -> Int {
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("[") } ?? ""
        guard let groups = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]] else { return 0 }
        return groups.reduce(0) { $0 + (($1["remove"] as? [Any])?.count ?? 0) }
    }

    static func snapshots(_ data: Data) throws -> [SnapshotListing] {
        guard let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw BackupError.resticFailed("restic's list of snapshots cannot be read")
        }
        return list.compactMap { item in
            guard let id = item["id"] as? String, let time = (item["time"] as? String).flatMap(date) else { return nil }
            var listing = SnapshotListing(id: id, shortID: item["short_id"] as? String ?? String(id.prefix(8)), time: time,
                                          vaultID: nil, formatVersion: nil, bytes: nil, counts: [:])
            for tag in item["tags"] as? [String] ?? [] {
                let pair = tag.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                switch pair[0] {
                case "homecrew-vault": listing.vaultID = pair[1]
                case "homecrew-format": listing.formatVersion = Int(pair[1])
                case "homecrew-bytes": listing.bytes = Int64(pair[1])
                case let key where key.hasPrefix("homecrew-count-"): listing.counts[String(key.dropFirst(15))] = Int(pair[1])
                default: break
                }
            }
            return listing
        }
    }

    /// restic writes RFC 3339 times with nanoseconds, which ISO8601DateFormatter does not read.
    static func date(_ text: String) -> Date? {
        var whole = text, fraction = 0.0
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
            fraction = Double("0." + digits) ?? 0
            whole = String(text[..<dot]) + String(text[text.index(after: dot)...].dropFirst(digits.count))
        }
        return ISO8601DateFormatter().date(from: whole).map { $0.addingTimeInterval(fraction) }
    }
}

/// One backup or drill of a vault at a time (`backup.lock` in the vault, never waited for).
final class BackupLock {
    private let descriptor: Int32

    init(vault: VaultLocation) throws {
        let path = vault.directory + "/backup.lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw VaultError.posix(path, writing: true) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw BackupError.anotherBackupRunning
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
