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

    static var readOnlyConfiguration: Configuration {
        var config = Configuration()
        config.readonly = true
        return config
    }
}
