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
        try location.checkInternals()
        guard location.databaseExists else { throw StoreError.noSuchVault(location.directory) }
        let notAVault = StoreError.notAVault(path: location.directory, reason: "its homecrew.sqlite is not a HomeCrew vault's database")
        do {
            let isVault = try perform {
                try DatabaseQueue(path: location.databasePath, configuration: readOnlyConfiguration).read { db in
                    try db.tableExists("vault") && Int.fetchOne(db, sql: "SELECT format_version FROM vault") != nil
                }
            }
            guard isVault else { throw notAVault }
        } catch StoreError.notAVault { throw notAVault }
        return try Self.open(location, create: false)
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
