import Foundation
import GRDB
import HomeCrewCore

extension AppDatabase {
    /// The tables a restic snapshot's database leaves empty: the text of objects' pages (most
    /// of a vault's database), which `TextMirror` keeps in files of their own, and the search
    /// rows made from it (with their index), which a restore makes again.
    static let tablesLeftToTheMirror: Set<String> = ["object_page", "search_row"]

    /// Writes a consistent copy of the database to `path` without the text of objects' pages,
    /// and brings `mirror` up to that text, in one read of the database (other processes may
    /// keep writing): the copy and the mirror always agree. The copy is made table by table,
    /// rowids kept, as `VACUUM INTO` would make it but for those tables' rows.
    public func snapshotWithoutText(to path: String, mirror: TextMirror) throws -> TextMirror.Summary {
        let live = writer.path
        // ATTACH of ":memory:" would attach a new, empty database: only a vault on disk is copied.
        guard !live.isEmpty, live != ":memory:", !live.hasPrefix("file::memory:") else { throw StoreError.noSuchVault(live) }
        return try Self.perform {
            var config = Configuration()
            config.foreignKeysEnabled = false
            let copy = try DatabaseQueue(path: path, configuration: config)
            return try copy.writeWithoutTransaction { db in
                // A file that is checked against its SHA-256 before any use: no journal needed.
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
                try db.execute(sql: "ATTACH DATABASE ? AS live", arguments: [live])
                defer { try? db.execute(sql: "DETACH DATABASE live") }
                var summary: TextMirror.Summary?
                try db.inTransaction(.deferred) {
                    try Self.copySchemaAndRows(db)
                    summary = try Self.bringUpToDate(mirror, db)
                    return .commit
                }
                return summary ?? TextMirror.Summary()
            }
        }
    }

    /// Tables (with their rows), then views, indexes and triggers, each in the order they were
    /// made; an index built once after its rows, and no trigger firing while rows are copied.
    private static func copySchemaAndRows(_ db: Database) throws {
        let shadows = try Set(String.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE schema = 'live' AND type = 'shadow'"))
        let entries = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM live.sqlite_master
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid
            """)
        for type in ["table", "view", "index", "trigger"] {
            for entry in entries where entry["type"] == type {
                let name: String = entry["name"]
                guard !shadows.contains(name) else { continue }
                try db.execute(sql: entry["sql"])
                if type == "table", !tablesLeftToTheMirror.contains(name) { try copyRows(of: name, db) }
            }
        }
        if try db.tableExists("sqlite_sequence", in: "live") {
            try db.execute(sql: "INSERT INTO main.sqlite_sequence SELECT name, seq FROM live.sqlite_sequence")
        }
        for pragma in ["user_version", "application_id"] {
            let value = try Int.fetchOne(db, sql: "PRAGMA live.\(pragma)") ?? 0
            try db.execute(sql: "PRAGMA main.\(pragma) = \(value)")
        }
    }

    private static func copyRows(of table: String, _ db: Database) throws {
        let kind = try Row.fetchOne(db, sql: "SELECT type, wr FROM pragma_table_list WHERE schema = 'live' AND name = ?", arguments: [table])
        guard let kind, kind["type"] == "table" else { return } // a virtual table fills itself
        let columns = try Row.fetchAll(db, sql: "SELECT name, type, pk FROM pragma_table_info(?, 'live')", arguments: [table])
        var names = columns.map { (row: Row) -> String in (row["name"] as String).quotedDatabaseIdentifier }
        // A rowid that no INTEGER PRIMARY KEY names is kept too: it orders rows (the newest documents).
        let primaryKeys = columns.filter { ($0["pk"] as Int) > 0 }
        let rowidIsAColumn = primaryKeys.count == 1 && (primaryKeys[0]["type"] as String).uppercased() == "INTEGER"
        if (kind["wr"] as Int) == 0, !rowidIsAColumn { names.insert("rowid", at: 0) }
        let list = names.joined(separator: ", "), quoted = table.quotedDatabaseIdentifier
        try db.execute(sql: "INSERT INTO main.\(quoted) (\(list)) SELECT \(list) FROM live.\(quoted)")
    }

    private static func bringUpToDate(_ mirror: TextMirror, _ db: Database) throws -> TextMirror.Summary {
        let generations = try Row.fetchAll(db, sql: "SELECT sha256, text_generation FROM live.object WHERE text_generation > 0")
            .map { TextMirror.Entry(object: $0["sha256"], generation: $0["text_generation"]) }
        let pages = try db.cachedStatement(sql: """
            SELECT page_number, text_source, text FROM live.object_page WHERE object_sha256 = ? ORDER BY page_number
            """)
        return try mirror.bringUpToDate(generations) { object in
            try Row.fetchAll(pages, arguments: [object]).map { TextMirror.Page(number: $0[0], source: $0[1], text: $0[2]) }
        }
    }

    /// Which text file each object's pages are in (`TextMirror`): objects that ever had pages.
    public func textGenerations() throws -> [TextMirror.Entry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT sha256, text_generation FROM object WHERE text_generation > 0")
                .map { TextMirror.Entry(object: $0["sha256"], generation: $0["text_generation"]) }
        }
    }

    /// Puts back, from `mirror`, the text a snapshot's database was copied without, and the
    /// search rows made from it and from the rest (`search_source`), in one transaction.
    /// Refused unless the pages are empty: it only completes a restored snapshot.
    public func refillText(from mirror: TextMirror) throws {
        try Self.perform {
            try writer.write { db in
                guard try Int.fetchOne(db, sql: "SELECT count(*) FROM object_page") == 0,
                      try Int.fetchOne(db, sql: "SELECT count(*) FROM search_row") == 0 else {
                    throw StoreError.constraint("the database already holds the text of its documents")
                }
                let generations = try Row.fetchAll(db, sql: "SELECT sha256, text_generation FROM object WHERE text_generation > 0")
                let insert = try db.cachedStatement(sql: "INSERT INTO object_page (object_sha256, page_number, text, text_source) VALUES (?, ?, ?, ?)")
                for row in generations {
                    let entry = TextMirror.Entry(object: row["sha256"], generation: row["text_generation"])
                    for page in try mirror.pages(of: entry) {
                        try insert.execute(arguments: [entry.object, page.number, page.text, page.source])
                    }
                    // Putting the pages back counted as changes: the generation is the backup's again.
                    try db.execute(sql: "UPDATE object SET text_generation = ? WHERE sha256 = ?", arguments: [entry.generation, entry.object])
                }
                try db.execute(sql: """
                    INSERT OR IGNORE INTO search_row (\(Migrations.searchColumns)) SELECT \(Migrations.searchColumns) FROM search_source
                    """)
            }
        }
    }
}
