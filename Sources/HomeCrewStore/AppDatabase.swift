import Foundation
import GRDB
import HomeCrewCore

/// The vault's database: owns the one `DatabaseWriter`, migrates it, and offers reads and
/// writes named after what they mean. Every write is one transaction: it happens whole or
/// not at all.
public final class AppDatabase: Sendable {
    let writer: any DatabaseWriter
    /// Set when opening upgraded an older vault: the format it had and where its copy is.
    public let upgrade: Upgrade?

    public struct Upgrade: Sendable {
        public let fromFormat: Int
        public let copyPath: String
    }

    /// Wraps an open connection and brings its schema up to date, refusing a vault that a
    /// newer HomeCrew wrote.
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        self.upgrade = try Self.perform {
            // The search index's triggers and the search need these on whatever connection is used.
            writer.writeWithoutTransaction { db in
                db.add(function: Self.searchTextFunction)
                SearchRanking.register(db)
            }
            return try Self.migrateIfNeeded(writer)
        }
    }

    /// Opens the vault's database. With `create`, a missing vault is created first (that
    /// is how the first write creates it); without, a missing vault reads as an empty one
    /// and nothing is written to disk.
    /// `restoring`: a restore checking the folder it restores into (see `VaultLocation.checkInternals`).
    public static func open(_ location: VaultLocation, create: Bool, restoring: Bool = false) throws -> AppDatabase {
        try location.checkInternals(restoring: restoring)
        if create {
            try location.create()
        } else if !location.databaseExists {
            return try empty()
        }
        do {
            let queue = try perform { try DatabaseQueue(path: location.databasePath, configuration: configuration) }
            return try AppDatabase(queue)
        } catch StoreError.notAVault(let path, let reason) where path == StoreError.unnamedDatabase {
            // An error about a database names which one (a restore reads two).
            throw StoreError.notAVault(path: location.databasePath, reason: reason)
        }
    }

    /// For `homecrew serve`: a pool of connections, so that pages are read in parallel, and
    /// while a write is in progress, instead of one after another. Creates a missing vault.
    public static func openForServing(_ location: VaultLocation) throws -> AppDatabase {
        try location.checkInternals()
        try location.create()
        var config = configuration
        // Searches run on the pool's reader connections, which need the ranking functions too.
        config.prepareDatabase { db in SearchRanking.register(db) }
        let pool = try perform { try DatabasePool(path: location.databasePath, configuration: config) }
        return try AppDatabase(pool)
    }

    /// A new, empty, in-memory database with the current schema (tests, missing vaults).
    public static func empty() throws -> AppDatabase {
        try AppDatabase(try DatabaseQueue(configuration: configuration))
    }

    static var configuration: Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // Another homecrew process may be writing: wait for it rather than fail.
        config.busyMode = .timeout(15)
        config.prepareDatabase { db in
            // WAL is set here rather than with `config.journalMode = .wal`: GRDB's WAL set-up
            // creates and drops a table whenever the WAL file is empty (a workaround for
            // DatabasePool readers, which a one-connection queue does not need), so every
            // command, even a failing one, would rewrite the file. It also lowers
            // `synchronous` to NORMAL after this closure has run.
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            // Durable on power loss, not only on a crash: these are records kept for years.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // The search index's triggers prepare text with it (see SearchText).
            db.add(function: searchTextFunction)
        }
        return config
    }

    static let searchTextFunction = DatabaseFunction("homecrew_search_text", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(SearchText.prepare)
    }

    /// Brings the schema up to date. Before changing an existing vault's format, a copy of
    /// its database is written next to it (`homecrew.sqlite.format-N.bak`); each migration
    /// is one transaction, so a failing one is rolled back and the vault stays readable.
    private static func migrateIfNeeded(_ writer: any DatabaseWriter) throws -> Upgrade? {
        let migrator = Migrations.migrator
        let (upToDate, found) = try writer.read { db -> (Bool, Int?) in
            // What `hasBeenSuperseded` and `hasCompletedMigrations` each read: once, for both.
            let (applied, known) = (try migrator.appliedIdentifiers(db), migrator.migrations)
            if !applied.isSubset(of: known) { throw StoreError.unknownMigrations }
            // Not `db.tableExists`: it reads the whole schema into GRDB's cache, a twentieth of a command's time.
            let hasVault = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vault' COLLATE NOCASE)") ?? false
            let found = hasVault ? try Int.fetchOne(db, sql: "SELECT format_version FROM vault") : nil
            if let found, found > Migrations.currentFormatVersion {
                throw StoreError.newerFormat(found: found, supported: Migrations.currentFormatVersion)
            }
            return (known.allSatisfy(applied.contains), found)
        }
        guard !upToDate else { return nil }
        var upgrade: Upgrade?
        if let found, let path = (writer as? DatabaseQueue)?.path, !path.isEmpty, path != ":memory:" {
            var copy = "\(path).format-\(found).bak"
            var attempt = 1
            while FileManager.default.fileExists(atPath: copy) { attempt += 1; copy = "\(path).format-\(found).\(attempt).bak" }
            try writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [copy]) }
            upgrade = Upgrade(fromFormat: found, copyPath: copy)
        }
        do {
            try migrator.migrate(writer)
        } catch {
            throw StoreError.upgradeFailed(from: found ?? 0, reason: "\(StoreError.wrap(error))", copy: upgrade?.copyPath)
        }
        return upgrade
    }

    /// Runs database work, turning GRDB's errors into ones a person can act on.
    static func perform<T>(_ work: () throws -> T) throws -> T {
        do { return try work() } catch { throw StoreError.wrap(error) }
    }

    /// A read, bounded by the current request's budget when there is one (see `WorkBudget`).
    /// Writes are not: they are small, and one cut short would only be rolled back and refused.
    func read<T>(_ work: (Database) throws -> T) throws -> T {
        let budget = WorkBudget.current
        guard let queue = writer as? DatabaseQueue else {
            // A pool's readers are opened read-only: GRDB's read needs no pragma there.
            return try Self.perform { try writer.read { db in try Self.bounded(by: budget, db) { try work(db) } } }
        }
        return try Self.perform { try queue.unsafeRead { db in try Self.readTransaction(db) { try Self.bounded(by: budget, db) { try work(db) } } } }
    }

    /// A read on the one connection of a `DatabaseQueue`, in a transaction of its own, without GRDB's
    /// `PRAGMA query_only`: that pragma expires every prepared statement of the connection, so each read
    /// between two writes made SQLite compile the writes' cached statements again, their triggers and
    /// all (`doc add`: a third of the main process's time, re-preparing inserts). Nothing is written
    /// all the same: a read that changed a row is rolled back and refused.
    static func readTransaction<T>(_ db: Database, _ work: () throws -> T) throws -> T {
        var result: T?
        try db.inTransaction(.deferred) {
            let changesBefore = db.totalChangesCount
            result = try work()
            if db.totalChangesCount != changesBefore { throw StoreError.database("a read changed the database") }
            return .commit
        }
        guard let result else { throw StoreError.database("a read changed the database") }
        return result
    }

    /// One transaction, its changes recorded in the audit trail as made by `AuditActor.current`.
    /// With `dryRun` every check runs and the transaction is rolled back.
    func write<T>(dryRun: Bool = false, _ work: (Database) throws -> T) throws -> T {
        let actor = AuditActor.current
        guard dryRun else { return try Self.perform { try writer.write { db in try Self.recordingActor(actor, db) { try work(db) } } } }
        return try Self.perform {
            try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try Self.recordingActor(actor, db) { try work(db) }
                    return .rollback
                }
                return result!
            }
        }
    }

    /// The vault's format version as recorded in the database.
    public func formatVersion() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT format_version FROM vault") ?? 0 }
    }
}

extension AppDatabase {
    /// What SQLite's own checks find wrong: `PRAGMA integrity_check` and `foreign_key_check`.
    public func integrityProblems() throws -> [String] {
        try read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            let foreignKeys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row in
                "row \(row["rowid"] as Int64? ?? 0) of \(row["table"] as String? ?? "?") points at a missing \(row["parent"] as String? ?? "?")"
            }
            return integrity + foreignKeys
        }
    }
}
