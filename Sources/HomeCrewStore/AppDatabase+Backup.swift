import Foundation
import GRDB
import HomeCrewCore

extension AppDatabase {
    /// Writes a consistent copy of the database to `path` with `VACUUM INTO` (one read
    /// transaction: other processes may keep writing) and returns the objects that copy
    /// refers to, read from the copy itself.
    public func snapshot(to path: String) throws -> [String] {
        try Self.perform {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
            let copy = try DatabaseQueue(path: path, configuration: Self.readOnlyConfiguration)
            return try copy.read { db in try String.fetchAll(db, sql: "SELECT sha256 FROM object ORDER BY sha256") }
        }
    }

    /// Every record, for comparing two vaults: one line per row of every table, sorted.
    public func recordDigest() throws -> [String] {
        try read { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name NOT LIKE 'search_index%' ORDER BY name
                """)
            return try tables.flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map { "\(table): \($0)" }.sorted()
            }
        }
    }

    /// For a check of the vault (`vault verify`), which must never pass on nothing: a folder
    /// without a database (66), or one whose database is not a HomeCrew vault's (65), is refused
    /// where reading commands take it for an empty vault. Nothing is written before that.
    public static func openExisting(_ location: VaultLocation) throws -> AppDatabase {
        try requireVault(location)
        return try Self.open(location, create: false)
    }

    /// The vault id its backups are tagged with, read without writing anything (no migration, no
    /// journal set-up): a restore reads the live vault this way, which may be damaged or read-only.
    /// nil when there is no database there, or one too old to have an id yet.
    public static func readVaultID(_ location: VaultLocation) throws -> String? {
        var info = stat()
        guard lstat(location.databasePath, &info) == 0 else { try location.checkInternals(); return nil }
        try requireVault(location)
        return try perform {
            try DatabaseQueue(path: location.databasePath, configuration: readOnlyConfiguration).read { db in
                try db.tableExists("backup_identity") ? try String.fetchOne(db, sql: "SELECT vault_id FROM backup_identity") : nil
            }
        }
    }

    /// A vault's database is there, a plain file, and HomeCrew's (its first migration is recorded):
    /// read with a read-only connection, so another program's database is refused unchanged.
    private static func requireVault(_ location: VaultLocation) throws {
        try location.checkInternals()
        var info = stat()
        guard lstat(location.databasePath, &info) == 0 else {
            if let objects = location.objectsWithoutDatabase { throw StoreError.databaseMissing(path: location.directory, objects: objects) }
            throw StoreError.noSuchVault(location.directory)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError.notAVault(path: location.directory, reason: "\(location.databasePath) is not a plain file")
        }
        let notAVault = StoreError.notAVault(path: location.directory, reason: "its homecrew.sqlite is not a HomeCrew vault's database")
        do {
            let isVault = try perform {
                try DatabaseQueue(path: location.databasePath, configuration: readOnlyConfiguration).read { db in
                    guard try db.tableExists("vault"), try db.tableExists("grdb_migrations") else { return false }
                    return try Int.fetchOne(db, sql: "SELECT format_version FROM vault") != nil
                        && Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = ?)",
                                         arguments: [Migrations.firstIdentifier]) == true
                }
            }
            guard isVault else { throw notAVault }
        } catch StoreError.notAVault { throw notAVault }
    }

    /// The documents whose object had its pages' text and has none now: what a restore stopped
    /// before it put the text back leaves (an object's pages are only ever written whole, and
    /// deleted with it). "ID TITLE" of each, at most `limit`.
    public func documentsWithoutPageText(limit: Int = 20) throws -> [String] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT d.id, d.title FROM document d JOIN object o ON o.sha256 = d.object_sha256
                WHERE o.text_generation > 0 AND NOT EXISTS (SELECT 1 FROM object_page p WHERE p.object_sha256 = o.sha256)
                ORDER BY d.id LIMIT ?
                """, arguments: [limit]).map { "\($0["id"] as String) (\($0["title"] as String))" }
        }
    }

    static var readOnlyConfiguration: Configuration {
        var config = Configuration()
        config.readonly = true
        return config
    }
}
