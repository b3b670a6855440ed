import Foundation
import GRDB
import HomeCrewCore

public struct SearchFilter: Sendable {
    public var householdID: RecordID?
    public var staffID: RecordID?
    public var kind: DocumentKind?
    public var addedFrom: CalendarDate?
    public var addedTo: CalendarDate?
    public var limit: Int

    public init(householdID: RecordID? = nil, staffID: RecordID? = nil, kind: DocumentKind? = nil,
                addedFrom: CalendarDate? = nil, addedTo: CalendarDate? = nil, limit: Int = 20) {
        self.householdID = householdID
        self.staffID = staffID
        self.kind = kind
        self.addedFrom = addedFrom
        self.addedTo = addedTo
        self.limit = limit
    }
}

/// One matching page of a document.
public struct SearchHit: Hashable, Sendable {
    public let documentID: RecordID
    public let title: String
    public let kind: DocumentKind
    public let household: String
    public let staff: [String]
    /// Nil when the match is in the document's title, staff, kind, household or file name only.
    public let page: Int?
    /// Page text around the match, words marked between U+E000 and U+E001.
    public let snippet: String
    public let rank: Double

    public static let highlightStart: Character = "\u{E000}"
    public static let highlightEnd: Character = "\u{E001}"
}

extension AppDatabase {
    /// Ranked matches, best first: title and staff-name matches above body matches (bm25
    /// weights), one hit per matching page; a document matched only by its title, staff,
    /// kind, household or file name gives one hit, not one per page.
    public func search(_ query: SearchQuery, _ filter: SearchFilter) throws -> [SearchHit] {
        try read { db in
            var conditions = ["search_index MATCH ?"]
            var arguments: [any DatabaseValueConvertible] = [query.fts5]
            if let household = filter.householdID { conditions.append("d.household_id = ?"); arguments.append(household) }
            if let staff = filter.staffID {
                conditions.append("d.id IN (SELECT document_id FROM document_staff WHERE staff_id = ?)")
                arguments.append(staff)
            }
            if let kind = filter.kind { conditions.append("d.kind = ?"); arguments.append(kind.rawValue) }
            if let from = filter.addedFrom { conditions.append("substr(d.added_at, 1, 10) >= ?"); arguments.append(from) }
            if let to = filter.addedTo { conditions.append("substr(d.added_at, 1, 10) <= ?"); arguments.append(to) }
            arguments.append(filter.limit * 10 + 100)
            let rows = try Self.perform {
                try Row.fetchAll(db, sql: """
                    SELECT r.document_id, r.page_number, d.title, d.kind, h.name AS household,
                           snippet(search_index, 5, char(57344), char(57345), '…', 16) AS snippet,
                           bm25(search_index, 10.0, 8.0, 2.0, 3.0, 3.0, 1.0) AS rank
                    FROM search_index
                    JOIN search_row r ON r.rowid = search_index.rowid
                    JOIN document d ON d.id = r.document_id
                    JOIN household h ON h.id = d.household_id
                    WHERE \(conditions.joined(separator: " AND "))
                    ORDER BY rank, r.document_id, r.page_number
                    LIMIT ?
                    """, arguments: StatementArguments(arguments))
            }
            return try Self.hits(from: rows, limit: filter.limit, db)
        }
    }

    private static func hits(from rows: [Row], limit: Int, _ db: Database) throws -> [SearchHit] {
        var bodyMatched = Set<String>()
        for row in rows where (row["snippet"] as String? ?? "").contains(SearchHit.highlightStart) {
            bodyMatched.insert(row["document_id"])
        }
        var seenWithoutBody = Set<String>()
        var hits: [SearchHit] = []
        var staffNames: [String: [String]] = [:]
        for row in rows {
            let id: String = row["document_id"]
            let snippet: String = row["snippet"] ?? ""
            let inBody = snippet.contains(SearchHit.highlightStart)
            // A match outside the page text repeats on every page: keep it once per document.
            if !inBody && (bodyMatched.contains(id) || !seenWithoutBody.insert(id).inserted) { continue }
            if staffNames[id] == nil {
                staffNames[id] = try String.fetchAll(db, sql: """
                    SELECT s.legal_name FROM document_staff l JOIN staff s ON s.id = l.staff_id
                    WHERE l.document_id = ? ORDER BY s.legal_name
                    """, arguments: [id])
            }
            let page: Int = row["page_number"]
            hits.append(SearchHit(
                documentID: RecordID(rawValue: id), title: row["title"],
                kind: DocumentKind(rawValue: row["kind"]) ?? .other, household: row["household"],
                staff: staffNames[id] ?? [], page: inBody && page > 0 ? page : nil,
                snippet: inBody ? SearchText.restore(snippet) : "", rank: row["rank"]))
            if hits.count == limit { break }
        }
        return hits
    }

    /// Rebuilds the search index from the documents (`vault reindex`).
    public func rebuildSearchIndex() throws -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM search_row")
            try db.execute(sql: "INSERT INTO search_row (\(Migrations.searchColumns)) SELECT \(Migrations.searchColumns) FROM search_source")
            try db.execute(sql: "INSERT INTO search_index (search_index) VALUES ('rebuild')")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM search_row") ?? 0
        }
    }
}
