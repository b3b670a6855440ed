import Foundation
import GRDB
import HomeCrewCore

extension AppDatabase {
    /// What a restic snapshot's database leaves out: the rows of the text of objects' pages
    /// (most of a vault's database), which `TextMirror` keeps in files of their own, and all
    /// but the keys of the search rows made from it, which a restore fills in again in the
    /// same rowids (search ranks the newest rows first) and indexes again.
    static let columnsKept: [String: [String]] = ["object_page": [], "search_row": ["rowid", "document_id", "page_number"]]

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
            config.busyMode = .timeout(15)
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
                if type == "table" { try copyRows(of: name, columns: columnsKept[name], db) }
            }
        }
        if try db.tableExists("sqlite_sequence", in: "live") {
            // Rows copied into an AUTOINCREMENT table made their own entries: the live ones replace them.
            try db.execute(sql: "DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence SELECT name, seq FROM live.sqlite_sequence")
        }
        for pragma in ["user_version", "application_id"] {
            let value = try Int.fetchOne(db, sql: "PRAGMA live.\(pragma)") ?? 0
            try db.execute(sql: "PRAGMA main.\(pragma) = \(value)")
        }
    }

    /// Every row of `table` (only `kept` columns, when given), rowids kept.
    private static func copyRows(of table: String, columns kept: [String]?, _ db: Database) throws {
        let kind = try Row.fetchOne(db, sql: "SELECT type, wr FROM pragma_table_list WHERE schema = 'live' AND name = ?", arguments: [table])
        guard let kind, kind["type"] == "table" else { return } // a virtual table fills itself
        if let kept {
            guard !kept.isEmpty else { return }
            let list = kept.map(\.quotedDatabaseIdentifier).joined(separator: ", "), quoted = table.quotedDatabaseIdentifier
            return try db.execute(sql: "INSERT INTO main.\(quoted) (\(list)) SELECT \(list) FROM live.\(quoted)")
        }
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

    /// Puts back, from `mirror`, the text a snapshot's database (at `path`, not yet opened by
    /// `open`, whose upgrades expect a whole database) was copied without, fills in its search
    /// rows from `search_source` and indexes them again: one transaction, the triggers on pages
    /// and search rows set aside meanwhile (the generations and the rows' numbers are the
    /// backup's). Refused unless the pages are empty and the search rows only keys.
    /// `expected`: the number of text files and the digest of their names the manifest gives.
    /// A text file that is missing or damaged does not refuse the restore: its objects are kept
    /// without text, marked `partial` with a note saying to read them again, and its name returned.
    @discardableResult
    public static func refillText(ofDatabaseAt path: String, from mirror: TextMirror,
                                  expected: (files: Int, digest: String)) throws -> [String] {
        try perform {
            var config = Configuration()
            config.prepareDatabase { db in db.add(function: searchTextFunction) }
            let queue = try DatabaseQueue(path: path, configuration: config)
            return try queue.write { db in
                guard try Int.fetchOne(db, sql: "SELECT count(*) FROM object_page") == 0,
                      try Int.fetchOne(db, sql: "SELECT count(*) FROM search_row WHERE body IS NOT NULL") == 0 else {
                    throw StoreError.constraint("the database already holds the text of its documents")
                }
                let triggers = try Row.fetchAll(db, sql: """
                    SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('object_page', 'search_row') ORDER BY rowid
                    """)
                for trigger in triggers { try db.execute(sql: "DROP TRIGGER \((trigger["name"] as String).quotedDatabaseIdentifier)") }
                let entries = try Row.fetchAll(db, sql: "SELECT sha256, text_generation FROM object WHERE text_generation > 0")
                    .map { TextMirror.Entry(object: $0["sha256"], generation: $0["text_generation"]) }
                guard TextMirror.names(of: entries).count == expected.files, TextMirror.digest(of: entries) == expected.digest else {
                    throw StoreError.backupText("its text files are not the ones its manifest names")
                }
                let unreadable = try insertPages(entries, from: mirror, db)
                try fillSearchRows(db, objectsWithoutText: unreadable.flatMap(\.entries).map(\.object))
                for trigger in triggers { try db.execute(sql: trigger["sql"]) }
                return unreadable.map(\.file)
            }
        }
    }

    /// The pages of every whole file; the others' objects are marked, and returned with their file.
    private static func insertPages(_ entries: [TextMirror.Entry], from mirror: TextMirror,
                                    _ db: Database) throws -> [(file: String, entries: [TextMirror.Entry])] {
        let insert = try db.cachedStatement(sql: "INSERT INTO object_page (object_sha256, page_number, text, text_source) VALUES (?, ?, ?, ?)")
        let read = mirror.pages(of: entries)
        for (entry, pages) in read.pages {
            for page in pages { try insert.execute(arguments: [entry.object, page.number, page.text, page.source]) }
        }
        let mark = try db.cachedStatement(sql: """
            UPDATE object SET text_generation = 0, extraction_status = 'partial', extraction_note = ? WHERE sha256 = ?
            """)
        for (file, members) in read.unreadable {
            let note = "its text was damaged in the backup it was restored from (backup-text/\(file)); homecrew doc reprocess reads it again"
            for entry in members { try mark.execute(arguments: [note, entry.object]) }
        }
        return read.unreadable
    }

    private static func fillSearchRows(_ db: Database, objectsWithoutText: [String]) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE refill AS SELECT \(Migrations.searchColumns) FROM search_source;
            CREATE UNIQUE INDEX temp.refill_key ON refill (document_id, page_number);
            """)
        if !objectsWithoutText.isEmpty {
            // Their documents have one page without text now, not the rows of their pages.
            let documents = """
                SELECT d.id FROM document d WHERE d.object_sha256 IN (SELECT value FROM json_each(?))
                AND NOT EXISTS (SELECT 1 FROM document_extraction e WHERE e.document_id = d.id)
                """
            let list = try CachedReads.list(objectsWithoutText)
            try db.execute(sql: "DELETE FROM search_row WHERE document_id IN (\(documents))", arguments: [list])
            try db.execute(sql: """
                INSERT INTO search_row (\(Migrations.searchColumns))
                SELECT \(Migrations.searchColumns) FROM refill WHERE document_id IN (\(documents))
                """, arguments: [list])
        }
        try db.execute(sql: """
            UPDATE search_row SET (title, staff, household, kind, file_name, body) =
                (SELECT title, staff, household, kind, file_name, body FROM refill r
                 WHERE r.document_id = search_row.document_id AND r.page_number = search_row.page_number);
            """)
        let unmatched = try Int.fetchOne(db, sql: "SELECT count(*) FROM search_row WHERE body IS NULL") ?? 0
        let missing = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM refill r WHERE NOT EXISTS
                (SELECT 1 FROM search_row s WHERE s.document_id = r.document_id AND s.page_number = r.page_number)
            """) ?? 0
        guard unmatched == 0, missing == 0 else {
            throw StoreError.constraint("its search rows do not match its documents' pages (\(unmatched) without text, \(missing) missing)")
        }
        try db.execute(sql: "DROP TABLE temp.refill; INSERT INTO search_index (search_index) VALUES ('rebuild')")
    }
}
