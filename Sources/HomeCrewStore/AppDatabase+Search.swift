import Foundation
import GRDB
import GRDBSQLite
import HomeCrewCore

public struct SearchFilter: Sendable {
    public var householdID: RecordID?
    public var staffID: RecordID?
    public var kind: DocumentKind?
    public var addedFrom: CalendarDate?
    public var addedTo: CalendarDate?
    public var limit: Int
    /// The households the person searching may see.
    public var reach: Reach

    public init(householdID: RecordID? = nil, staffID: RecordID? = nil, kind: DocumentKind? = nil,
                addedFrom: CalendarDate? = nil, addedTo: CalendarDate? = nil, limit: Int = 20, within reach: Reach = .everything) {
        self.householdID = householdID
        self.reach = reach
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

    public static let highlightStart: Unicode.Scalar = "\u{E000}"
    public static let highlightEnd: Unicode.Scalar = "\u{E001}"
}

/// The search page's records (`AppDatabase.searchPage`).
public struct SearchPage: Sendable {
    public let households: [HouseholdSummary]
    public let people: [StaffDetails]
    public let results: SearchResults
}

/// The hits of a search, and whether ranking was limited to the most recently indexed pages.
public struct SearchResults: Sendable {
    public let hits: [SearchHit]
    /// True when more than `AppDatabase.rankingWindow` pages matched.
    public let rankedRecentPagesOnly: Bool
}

extension AppDatabase {
    /// Ranking costs about 1 µs for every matching page, so a word on all 100,000 pages of a
    /// 10,000-document vault took 0.15 s to rank (0.48 s with snippets). Pages are ranked among
    /// the most recently indexed ones that match, this many; the ranking's statistics (average
    /// page length, IDFs) still come from the whole index, so only the candidates are fewer.
    public static let rankingWindow = 2000

    /// Ranked matches, best first: title and staff-name matches above body matches (bm25
    /// weights), one hit per matching page; a document matched only by its title, staff,
    /// kind, household or file name gives one hit, not one per page.
    public func search(_ query: SearchQuery, _ filter: SearchFilter) throws -> SearchResults {
        try read { db in try Self.search(query, filter, db) }
    }

    static func search(_ query: SearchQuery, _ filter: SearchFilter, _ db: Database) throws -> SearchResults {
        let scope = try SearchScope(filter, db)
        let (candidates, pass, windowed) = try Self.perform { try Self.candidates(query, scope, limit: filter.limit * 10 + 100, db) }
        let hits = try Self.hits(from: candidates, pass: pass, query: query, limit: filter.limit, db)
        return SearchResults(hits: hits, rankedRecentPagesOnly: windowed)
    }

    /// What the web's search page shows: the households in reach (for its filter), the people
    /// whose names hold `peopleNamed` (nil: none asked for), and the documents found, from one
    /// snapshot of the vault. In one read, where three were a twentieth of a common word's page.
    public func searchPage(_ query: SearchQuery, _ filter: SearchFilter, peopleNamed words: [String]?, peopleLimit: Int) throws -> SearchPage {
        let keys = words.map(Self.nameKeys) ?? []
        return try read { db in
            SearchPage(households: try Self.summaries(of: filter.reach.households(), db),
                       people: keys.isEmpty || peopleLimit <= 0 ? []
                           : try Self.staffMatching(keys: keys, householdID: filter.householdID, within: filter.reach, limit: peopleLimit, db),
                       results: try Self.search(query, filter, db))
        }
    }

    /// The `rankingWindow` most recently indexed pages that match (all of them when fewer do),
    /// ranked, best first, `limit` at most, and whether that many matched. The pages are ranked in
    /// spans from the newest down: first the newest `rankingWindow` pages, then, while matches are
    /// missing, as many pages more as the share of pages matching so far says will hold them (a
    /// tenth more). A word on most pages is ranked with one or two spans and few pages beyond its
    /// window (a fixed first span of 2,500 ranked a sixth more pages than kept); a rare word's
    /// second span is the rest of the index. The pages are read unsorted and sorted here, where
    /// SQLite's `ORDER BY … LIMIT` kept a b-tree of the best (a tenth of a common word's search).
    /// The pass holds each page's matches in its text.
    private static func candidates(_ query: SearchQuery, _ scope: SearchScope, limit: Int,
                                   _ db: Database) throws -> ([Candidate], RankingPass, Bool) {
        let pass = RankingPass(column: Self.textColumn)
        guard let last = try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(rowid) FROM search_row")) else { return ([], pass, false) }
        var ranked: [Candidate] = []
        var (through, span) = (last, Int64(rankingWindow))
        while true {
            let from = span > through ? Int64.min : through - span + 1
            var found = try rank(query, scope, from: from, through: through, pass, db)
            let excess = ranked.count + found.count - rankingWindow
            if excess > 0 {  // the oldest of the last span fall outside the window
                if zip(found, found.dropFirst()).contains(where: { $0.rowid > $1.rowid }) { found.sort { $0.rowid < $1.rowid } }
                found.removeFirst(excess)
            }
            ranked += found
            guard ranked.count < rankingWindow, from != Int64.min else { break }
            through = from - 1
            let seen = Double(last - through), missing = Double(rankingWindow - ranked.count)
            span = ranked.isEmpty ? Int64.max : Int64(min(1e15, missing * seen / Double(ranked.count) * 1.1)) + 16
        }
        return (Candidate.best(limit, of: ranked), pass, ranked.count >= rankingWindow)
    }

    /// The pages from `from` through `through` that match, ranked, unsorted, each marked when the
    /// page text matched (a match elsewhere repeats on every page): the ranking records that as it
    /// reads the page's matches, where a second function per page read them again. The pages' lengths are read in one
    /// pass once the pages ranked show that most of the range matches (a word on nearly every
    /// page): ranking then looks up no page's length. For sparser matches the pass would read more
    /// rows than it saves; beyond a few windows' worth of rows it is never read.
    private static func rank(_ query: SearchQuery, _ scope: SearchScope, from: Int64, through: Int64, _ pass: RankingPass,
                             _ db: Database) throws -> [Candidate] {
        guard from <= through else { return [] }
        let statement = try db.cachedStatement(sql: """
            SELECT search_index.rowid, homecrew_rank(search_index, 10.0, 8.0, 2.0, 3.0, 3.0, 1.0, :pass) AS rank
            FROM search_index \(scope.joins)
            WHERE search_index MATCH ? \(scope.conditions) AND search_index.rowid BETWEEN ? AND ?
            """)
        try statement.setArguments(StatementArguments([query.fts5] + scope.arguments + [from, through]) + ["pass": DatabaseValue.null])
        pass.lengths = from >= through - Int64(4 * rankingWindow) ? PageLengths(deferred: db, rowids: from...through) : nil
        return try withExtendedLifetime(pass) {
            pass.bind(to: statement, at: sqlite3_bind_parameter_index(statement.sqliteStatement, ":pass"))
            return try Candidate.all(statement, pass, db)
        }
    }

    /// The best `limit` hits; document details and snippets are read for those only.
    private static func hits(from candidates: [Candidate], pass: RankingPass, query: SearchQuery, limit: Int, _ db: Database) throws -> [SearchHit] {
        let (chosen, places) = try choose(limit, from: candidates, db)
        let snippets = try self.snippets(of: chosen.filter(\.inBody).map(\.rowid), pass: pass, query: query, db)
        let details = try HitDetails.of(Set(chosen.compactMap { places[$0.rowid]?.document }), db)
        return chosen.compactMap { choice -> SearchHit? in
            guard let place = places[choice.rowid] else { return nil }
            let document = details[place.document]
            return SearchHit(documentID: RecordID(rawValue: place.document), title: document?.title ?? "",
                             kind: document?.kind ?? .other, household: document?.household ?? "", staff: document?.staff ?? [],
                             page: choice.inBody && place.page > 0 ? place.page : nil,
                             snippet: SearchText.restore(snippets[choice.rowid] ?? ""), rank: choice.rank)
        }
    }

    /// The first `limit` candidates, where a match outside the page text (it repeats on
    /// every page) is kept once per document, and not at all when the document's text matched.
    /// When the best `limit` all matched in the text, as for most searches, only their places are read.
    private static func choose(_ limit: Int, from candidates: [Candidate], _ db: Database) throws -> ([Candidate], [Int64: Place]) {
        if !candidates.prefix(limit).contains(where: { !$0.inBody }) {
            let chosen = Array(candidates.prefix(limit))
            let places = try Place.of(chosen.map(\.rowid), db)
            return (chosen.filter { places[$0.rowid] != nil }, places)
        }
        let places = try Place.of(candidates.map(\.rowid), db)
        let bodyMatched = Set(candidates.filter(\.inBody).compactMap { places[$0.rowid]?.document })
        var seenWithoutBody = Set<String>()
        var chosen: [Candidate] = []
        for candidate in candidates where chosen.count < limit {
            guard let place = places[candidate.rowid] else { continue }
            if !candidate.inBody && (bodyMatched.contains(place.document) || !seenWithoutBody.insert(place.document).inserted) {
                continue
            }
            chosen.append(candidate)
        }
        return (chosen, places)
    }

    /// The search index's column of page text (`body`).
    static let textColumn: Int32 = 5

    /// Snippets of the pages shown, from their text, their length in tokens (FTS5's size table)
    /// and the matches the ranking recorded: the query is not run through the index again, but for
    /// a page with more matches than the ranking kept, whose snippet FTS5 feeds (`homecrew_snippet`, the same).
    private static func snippets(of rowids: [Int64], pass: RankingPass, query: SearchQuery, _ db: Database) throws -> [Int64: String] {
        guard !rowids.isEmpty else { return [:] }
        let statement = try db.cachedStatement(sql: """
            SELECT r.rowid, r.body, d.sz FROM search_row r JOIN search_index_docsize d ON d.id = r.rowid
            WHERE r.rowid IN (\(databaseQuestionMarks(count: rowids.count)))
            """)
        try statement.setArguments(StatementArguments(rowids))
        let maker = try SnippetMaker(db)
        var snippets: [Int64: String] = [:]
        let step = statement.sqliteStatement
        defer { sqlite3_reset(step) }
        var code = sqlite3_step(step)
        while code == SQLITE_ROW {
            let rowid = sqlite3_column_int64(step, 0)
            let text = UnsafeRawBufferPointer(start: sqlite3_column_text(step, 1), count: Int(sqlite3_column_bytes(step, 1)))
            let sizes = PageLengths.varints(UnsafeRawBufferPointer(start: sqlite3_column_blob(step, 2), count: Int(sqlite3_column_bytes(step, 2))))
            if let hits = pass.hits(of: rowid), Int(textColumn) < sizes.count {
                snippets[rowid] = maker.snippet(of: text, hits: hits, columnTokens: Int32(clamping: sizes[Int(textColumn)]))
            }
            code = sqlite3_step(step)
        }
        guard code == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage) }
        let crowded = rowids.filter { snippets[$0] == nil && pass.hits(of: $0) == nil }
        if !crowded.isEmpty {
            let marks = SnippetMaker.marks
            let fed = try Row.fetchAll(db, sql: """
                SELECT rowid, homecrew_snippet(search_index, \(textColumn), ?, ?, \(SnippetMaker.size)) FROM search_index
                WHERE search_index MATCH ? AND rowid IN (\(databaseQuestionMarks(count: crowded.count)))
                """, arguments: StatementArguments([String(decoding: marks.open, as: UTF8.self), String(decoding: marks.close, as: UTF8.self),
                                                    query.fts5] + crowded.map { $0 as any DatabaseValueConvertible }))
            for row in fed { snippets[row[0]] = row[1] }
        }
        return snippets
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

/// A ranked matching page.
struct Candidate: Equatable {
    let rowid: Int64
    let rank: Double
    let inBody: Bool

    /// Best first: the lower rank, then the lower rowid (a total order: rowids are unique).
    static func isBefore(_ one: Candidate, _ other: Candidate) -> Bool {
        one.rank < other.rank || (one.rank == other.rank && one.rowid < other.rowid)
    }

    /// The first `limit` candidates in that order, as sorting them all gives: the `limit` best are
    /// moved to the front (quickselect) and only they are sorted. Sorting all 2,000 of a common
    /// word's pages to keep 300 was 6% of its search page.
    static func best(_ limit: Int, of candidates: [Candidate]) -> [Candidate] {
        var items = candidates
        guard limit > 0, limit < items.count else { return limit > 0 ? items.sorted(by: isBefore) : [] }
        let wanted = limit - 1  // where the last one kept belongs
        var (low, high) = (0, items.count - 1)
        while low < high {
            let pivot = items[low + (high - low) / 2]
            var (i, j) = (low, high)
            while i <= j {
                while i <= high && isBefore(items[i], pivot) { i += 1 }
                while j >= low && isBefore(pivot, items[j]) { j -= 1 }
                if i <= j { items.swapAt(i, j); i += 1; j -= 1 }
            }
            // Now low…j come before the pivot or are it, i…high after it or are it, and between lies the pivot.
            if wanted <= j { high = j } else if wanted >= i { low = i } else { break }
        }
        return items[..<limit].sorted(by: isBefore)
    }

    /// Every row of a statement selecting rowid and rank with `pass` bound, stepped by hand: a
    /// search reads up to 2,000, and decoding GRDB rows cost more than ranking them. Whether the
    /// text matched is the pass's record of the row just ranked.
    static func all(_ statement: Statement, _ pass: RankingPass, _ db: Database) throws -> [Candidate] {
        let step = statement.sqliteStatement
        defer { sqlite3_reset(step) }
        var found: [Candidate] = []
        found.reserveCapacity(AppDatabase.rankingWindow)
        var code = sqlite3_step(step)
        while code == SQLITE_ROW {
            found.append(Candidate(rowid: sqlite3_column_int64(step, 0), rank: sqlite3_column_double(step, 1),
                                   inBody: pass.lastPageMatchedInColumn))
            code = sqlite3_step(step)
        }
        guard code == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage) }
        return found
    }
}

/// What a hit shows of its document: title, kind, household and staff.
private struct HitDetails {
    var title = ""
    var kind = DocumentKind.other
    var household = ""
    var staff: [String] = []

    /// The details of the documents shown, in two queries whatever their number (they were two a hit).
    static func of(_ ids: Set<String>, _ db: Database) throws -> [String: HitDetails] {
        guard !ids.isEmpty else { return [:] }
        let marks = databaseQuestionMarks(count: ids.count)
        var details: [String: HitDetails] = [:]
        let documents = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT d.id, d.title, d.kind, h.name FROM document d JOIN household h ON h.id = d.household_id WHERE d.id IN (\(marks))
            """), arguments: StatementArguments(Array(ids)))
        while let row = try documents.next() {
            details[row[0]] = HitDetails(title: row[1] ?? "", kind: DocumentKind(rawValue: row[2] ?? "") ?? .other, household: row[3] ?? "")
        }
        let staff = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT l.document_id, s.legal_name FROM document_staff l JOIN staff s ON s.id = l.staff_id
            WHERE l.document_id IN (\(marks)) ORDER BY l.document_id, s.legal_name
            """), arguments: StatementArguments(Array(ids)))
        while let row = try staff.next() {
            details[row[0], default: HitDetails()].staff.append(row[1])
        }
        return details
    }
}

/// Which document and page a search row is.
private struct Place {
    let document: String
    let page: Int

    static func of(_ rowids: [Int64], _ db: Database) throws -> [Int64: Place] {
        var places: [Int64: Place] = [:]
        places.reserveCapacity(rowids.count)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT rowid, document_id, page_number FROM search_row WHERE rowid IN (\(databaseQuestionMarks(count: rowids.count)))
            """), arguments: StatementArguments(rowids))
        while let row = try rows.next() {
            places[row[0]] = Place(document: row[1], page: row[2])
        }
        return places
    }
}

/// The joins and conditions a search filter adds. A household filter is left out when the
/// vault has one household only: it would match every page and cost a join per page.
struct SearchScope {
    var joins = ""
    var conditions = ""
    var arguments: [any DatabaseValueConvertible] = []

    init(_ filter: SearchFilter, _ db: Database) throws {
        var parts: [String] = []
        if let household = filter.householdID, try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM household")) ?? 0 > 1 {
            parts.append("d.household_id = ?"); arguments.append(household)
        }
        if let visible = filter.reach.households() {
            parts.append("d.household_id IN (\(databaseQuestionMarks(count: visible.count)))"); arguments.append(contentsOf: visible as [any DatabaseValueConvertible])
            if visible.isEmpty { parts[parts.count - 1] = "0" }
        }
        if let staff = filter.staffID {
            parts.append("d.id IN (SELECT document_id FROM document_staff WHERE staff_id = ?)"); arguments.append(staff)
        }
        if let kind = filter.kind { parts.append("d.kind = ?"); arguments.append(kind.rawValue) }
        if let from = filter.addedFrom { parts.append("substr(d.added_at, 1, 10) >= ?"); arguments.append(from) }
        if let to = filter.addedTo { parts.append("substr(d.added_at, 1, 10) <= ?"); arguments.append(to) }
        guard !parts.isEmpty else { return }
        joins = "JOIN search_row r ON r.rowid = search_index.rowid JOIN document d ON d.id = r.document_id"
        conditions = "AND " + parts.joined(separator: " AND ")
    }
}
