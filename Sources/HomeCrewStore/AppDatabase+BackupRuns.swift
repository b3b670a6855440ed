import Foundation
import GRDB
import HomeCrewCore

/// A row of `backup_run` (format 13).
struct BackupRunRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "backup_run"
    var id: Int64?
    var kind: String
    var repository: String
    var startedAt: Date
    var finishedAt: Date
    var succeeded: Bool
    var snapshotId: String?
    var message: String?

    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    /// Written without credentials, however the run was changed after it was made.
    init(_ run: BackupRun) {
        kind = run.kind.rawValue
        repository = RepositoryLocation.redacted(run.repository)
        startedAt = run.startedAt
        finishedAt = run.finishedAt
        succeeded = run.succeeded
        snapshotId = run.snapshotID
        message = run.message.map(RepositoryLocation.redactedText)
    }

    var run: BackupRun? {
        guard let kind = BackupRun.Kind(rawValue: kind) else { return nil }
        return BackupRun(kind: kind, repository: repository, startedAt: startedAt, finishedAt: finishedAt,
                         succeeded: succeeded, snapshotID: snapshotId, message: message)
    }
}

extension AppDatabase {
    /// Remembers one backup or drill run (one transaction). SQLite refuses a repository that
    /// still holds credentials in its URL and a message of more than one line.
    public func recordBackupRun(_ run: BackupRun) throws {
        try write { db in try BackupRunRecord(run).insert(db) }
    }

    /// The latest backup, the latest drill and the latest backup that succeeded.
    public func backupHealth() throws -> BackupHealth {
        try read { db in
            func latest(_ kind: BackupRun.Kind, succeededOnly: Bool = false) throws -> BackupRun? {
                try BackupRunRecord.fetchOne(db, sql: """
                    SELECT * FROM backup_run WHERE kind = ? \(succeededOnly ? "AND succeeded = 1" : "")
                    ORDER BY finished_at DESC, id DESC LIMIT 1
                    """, arguments: [kind.rawValue])?.run
            }
            return BackupHealth(lastBackup: try latest(.backup), lastDrill: try latest(.drill),
                                lastSuccessfulBackup: try latest(.backup, succeededOnly: true))
        }
    }

    /// True when a backup into `repository` (its display form) has passed before. Rows written
    /// before every credential was removed are compared in their display form too.
    public func hasPassedBackup(to repository: String) throws -> Bool {
        let shown = RepositoryLocation.redacted(repository)
        return try read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT repository FROM backup_run WHERE kind = 'backup' AND succeeded = 1")
                .contains { RepositoryLocation.redacted($0) == shown }
        }
    }

    /// The id every snapshot of this vault is tagged with; a restored copy keeps it.
    public func backupVaultID() throws -> String {
        try read { db in try String.fetchOne(db, sql: "SELECT vault_id FROM backup_identity") ?? "" }
    }

    /// The live vault's record digest, as `snapshotFacts` computes it for a snapshot.
    public func backupRecordDigest(_ kind: RecordDigest = .quoted) throws -> String {
        try read { db in try Self.digest(db, kind) }
    }

    /// The live vault's record counts, as `snapshotFacts` counts them.
    public func backupCounts() throws -> [String: Int] {
        try read { db in try Self.counts(db) }
    }

    static func counts(_ db: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in SnapshotFacts.countedTables where try db.tableExists(table) {
            counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
        }
        return counts
    }

    /// What a snapshot's manifest records about a database file (a copy, opened read-only and
    /// never upgraded): its format, its record digest, record counts and the objects it names.
    public static func snapshotFacts(ofDatabaseAt path: String, digest kind: RecordDigest = .quoted) throws -> SnapshotFacts {
        try perform {
            let copy = try DatabaseQueue(path: path, configuration: readOnlyConfiguration)
            return try copy.read { db in
                let format = try Int.fetchOne(db, sql: "SELECT format_version FROM vault") ?? 0
                let vaultID = try db.tableExists("backup_identity") ? try String.fetchOne(db, sql: "SELECT vault_id FROM backup_identity") : nil
                let counts = try Self.counts(db)
                let objects = try String.fetchAll(db, sql: "SELECT sha256 FROM object ORDER BY sha256")
                return SnapshotFacts(formatVersion: format, vaultID: vaultID, recordDigest: try Self.digest(db, kind), counts: counts, objects: objects)
            }
        }
    }

    /// SHA-256 of every row of every table but the backup runs (a vault and its restored copy
    /// differ by the run that made the copy) and the text read from documents (the search
    /// index, its rows and `object_page`: derived from the objects, and most of the database,
    /// so leaving them out keeps a backup of an unchanged vault quick; a restore checks the
    /// whole database file against its SHA-256 anyway).
    static func digest(_ db: Database, _ kind: RecordDigest) throws -> String {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            AND name NOT LIKE 'search_index%' AND name NOT IN ('backup_run', 'search_row', 'object_page') ORDER BY name
            """)
        var lines: [String] = []
        for table in tables {
            let quoted = table.quotedDatabaseIdentifier
            switch kind {
            case .described:
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \(quoted)").map { "\(table): \($0)" }.sorted()
            case .quoted:
                // Each row as SQLite's own quote() writes its values, sorted by SQLite: the same
                // digest for the same rows, made in C rather than by describing every value in Swift.
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                let line = columns.map { "quote(\($0.quotedDatabaseIdentifier))" }.joined(separator: " || ',' || ")
                lines.append(table)
                lines += try String.fetchAll(db, sql: "SELECT \(line) AS line FROM \(quoted) ORDER BY line")
            }
        }
        return Secret.sha256(lines.joined(separator: "\n"))
    }
}

/// How a snapshot's manifest digests its records: `described` (manifest 1) with GRDB's
/// description of each row, `quoted` (manifest 2) with SQLite's quote() of each value.
public enum RecordDigest: Sendable {
    case described, quoted

    public init(manifestVersion: Int) {
        self = manifestVersion >= 2 ? .quoted : .described
    }
}

/// See `AppDatabase.snapshotFacts(ofDatabaseAt:)`.
public struct SnapshotFacts: Sendable, Equatable {
    public static let countedTables = ["household", "staff", "document", "object", "payment", "advance", "leave", "audit_entry"]
    public var formatVersion: Int
    public var vaultID: String?
    public var recordDigest: String
    public var counts: [String: Int]
    public var objects: [String]
}
