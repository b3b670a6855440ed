import Foundation
import GRDB
import GRDBSQLite

/// Two FTS5 auxiliary functions that do what `bm25()` did for search, cheaper.
///
/// `homecrew_rank(search_index, w1, …, w6)` is FTS5's bm25 (k1 = 1.2, b = 0.75, per-column
/// weights), except that a query of one phrase leaves out the phrase's IDF: bm25 counts the
/// pages holding the phrase by walking its whole list of pages (~7 ms for a word on 100,000
/// pages), and one constant factor cannot change the order. With several phrases the IDFs
/// weigh them against each other, so they are computed exactly as bm25 does.
///
/// A last argument bound with `RankingPass.bind` gives the pages' lengths read beforehand in
/// one pass, instead of one look-up in the index's size table per ranked page (60% of ranking
/// a word on every page), and records each ranked page's matches in the text for its snippet.
///
/// `homecrew_in_column(search_index, column)` is 1 when the row matched in that column:
/// read from the row's list of hits, where `bm25(…, 0, …, 1) != 0` ran bm25 a second time.
///
/// `homecrew_snippet` is in `SearchSnippet`.
enum SearchRanking {
    static func register(_ db: Database) {
        let api = UnsafeMutablePointer(mutating: FTS5.api(db))
        // Each connection keeps the page lengths it read last (`KeptPageLengths`), released with the function.
        let kept = Unmanaged.passRetained(KeptPageLengths()).toOpaque()
        _ = api.pointee.xCreateFunction(api, "homecrew_rank", kept, rankFunction) { pointer in
            if let pointer { Unmanaged<KeptPageLengths>.fromOpaque(pointer).release() }
        }
        _ = api.pointee.xCreateFunction(api, "homecrew_in_column", nil, inColumnFunction, nil)
        SearchSnippet.register(api)
    }
}

/// The length in tokens (all columns) of every row of the search index in a range of rowids,
/// read from FTS5's size table in one pass: at once, or once it is worth it (`deferred`).
///
/// Its state, like `RankingPass`'s, is read and written for every page ranked, by the one thread
/// stepping the query, so the runtime's exclusivity checks are left out (`@exclusivity(unchecked)`):
/// they were ~5% of a common word's search page.
final class PageLengths {
    let first: Int64
    /// The rowid of `tokens`' first length: `first`, or before it when kept lengths cover a wider range.
    @exclusivity(unchecked) private var base: Int64
    @exclusivity(unchecked) private var tokens: [Int32] = []
    /// A deferred read: the connection, the range's last rowid and how many pages have asked so far.
    @exclusivity(unchecked) private var deferred: (connection: OpaquePointer, last: Int64, asked: Int)?
    /// Reading the range costs about as much as looking this many pages' lengths up one by one.
    static let worthReading = 150.0
    static let sql = "SELECT id, sz FROM search_index_docsize WHERE id BETWEEN ? AND ?"

    init(_ db: Database, rowids range: ClosedRange<Int64>) throws {
        (first, base) = (range.lowerBound, range.lowerBound)
        // Stepped by hand: through GRDB's rows, decoding took longer than reading.
        let statement = try db.cachedStatement(sql: Self.sql)
        try statement.setArguments([range.lowerBound, range.upperBound])
        defer { sqlite3_reset(statement.sqliteStatement) }
        let code = read(statement.sqliteStatement, through: range.upperBound)
        guard code == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage) }
    }

    /// Reads nothing until the pages asked about (in rowid order, while a query ranks them) show
    /// that enough more of the range will be asked for; a rare word's pages are looked up one by one.
    init(deferred db: Database, rowids range: ClosedRange<Int64>) {
        (first, base) = (range.lowerBound, range.lowerBound)
        if let connection = db.sqliteConnection { deferred = (connection: connection, last: range.upperBound, asked: 0) }
    }

    /// Nil for a row outside the range read, which is then looked up as usual. A deferred read
    /// takes the lengths `kept` (the connection's, when given) if they cover the range, and keeps what it reads.
    func tokens(of rowid: Int64, kept: KeptPageLengths? = nil) -> Int32? {
        if deferred != nil { readIfWorthIt(asked: rowid, kept: kept) }
        let index = rowid - base
        guard index >= 0, index < tokens.count, tokens[Int(index)] >= 0 else { return nil }
        return tokens[Int(index)]
    }

    /// At the 16th, 32nd, 64th … page asked: as many more pages as asked so far, in proportion to
    /// what is left of the range, are expected. Reading runs a statement of its own on the
    /// connection, as FTS5's own length look-up does inside a ranking function.
    private func readIfWorthIt(asked rowid: Int64, kept: KeptPageLengths?) {
        guard var waiting = deferred else { return }
        waiting.asked += 1
        deferred = waiting
        guard waiting.asked >= 16, waiting.asked & (waiting.asked - 1) == 0, rowid >= first, rowid <= waiting.last else { return }
        let expected = Double(waiting.asked) * Double(waiting.last - rowid) / Double(rowid - first + 1)
        guard expected > Self.worthReading else { return }
        deferred = nil
        if let found = kept?.lengths(covering: first...waiting.last, waiting.connection) {
            (base, tokens) = (found.first, found.tokens)
            return
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(waiting.connection, Self.sql, -1, &statement, nil) == SQLITE_OK, let statement else { return }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, first)
        sqlite3_bind_int64(statement, 2, waiting.last)
        if read(statement, through: waiting.last) != SQLITE_DONE {
            tokens = []  // looked up one by one, as without
        } else {
            kept?.keep(tokens, from: first, waiting.connection)
        }
    }

    /// Steps a statement of `sql` bound to the range, recording each row's length; its last result code.
    private func read(_ step: OpaquePointer, through last: Int64) -> Int32 {
        base = first
        tokens = Array(repeating: -1, count: Int(last - first + 1))
        var code = sqlite3_step(step)
        while code == SQLITE_ROW {
            let record = UnsafeRawBufferPointer(start: sqlite3_column_blob(step, 1), count: Int(sqlite3_column_bytes(step, 1)))
            tokens[Int(sqlite3_column_int64(step, 0) - first)] = Self.sumOfVarints(record)
            code = sqlite3_step(step)
        }
        return code
    }

    /// The size record is one SQLite varint per column: 7 bits a byte, high bit set on all but the last.
    /// Without an array per page: this runs for each of the 2,000 or so pages a common word ranks.
    static func sumOfVarints(_ data: UnsafeRawBufferPointer) -> Int32 {
        var sum: Int64 = 0
        forEachVarint(data) { sum += $0 }
        return Int32(clamping: sum)
    }

    static func varints(_ data: UnsafeRawBufferPointer) -> [Int64] {
        var values: [Int64] = []
        forEachVarint(data) { values.append($0) }
        return values
    }

    private static func forEachVarint(_ data: UnsafeRawBufferPointer, _ body: (Int64) -> Void) {
        var value: Int64 = 0, length = 0
        for byte in data {
            length += 1
            if length == 9 { value = (value << 8) | Int64(byte) } else { value = (value << 7) | Int64(byte & 0x7F) }
            if byte & 0x80 == 0 || length == 9 { body(value); value = 0; length = 0 }
        }
    }
}

/// The page lengths a connection read last for a ranking, kept while its database is as it was
/// when they were read: the next search of the same pages (a common word's newest 2,000) reads
/// none of them again, where reading them was a tenth of its search page. A page's length changes
/// only with a change to the database, and SQLite's data version for the connection changes with
/// every commit, this connection's or another's (`SQLITE_FCNTL_DATA_VERSION`); the connection's
/// count of changed rows moves with its own changes. Lengths are neither kept nor used inside a
/// write transaction, whose changes a rollback would take back without moving either. One per
/// connection (the user data of `homecrew_rank`), used by the one thread stepping its query.
final class KeptPageLengths {
    private struct Kept {
        let version: UInt32
        let changes: Int64
        let first: Int64
        let tokens: [Int32]
    }
    @exclusivity(unchecked) private var kept: Kept?

    /// The kept lengths and the rowid of their first when they cover `range` and the database is as it was.
    func lengths(covering range: ClosedRange<Int64>, _ connection: OpaquePointer) -> (first: Int64, tokens: [Int32])? {
        guard let kept, range.lowerBound >= kept.first, range.upperBound < kept.first + Int64(kept.tokens.count),
              let state = Self.state(connection), state.version == kept.version, state.changes == kept.changes else { return nil }
        return (kept.first, kept.tokens)
    }

    /// Keeps lengths just read. Lengths next to those kept, as a search's next span of older pages
    /// reads them, are joined to them (so that neither span pushes the other out), within `limit`.
    func keep(_ tokens: [Int32], from first: Int64, _ connection: OpaquePointer) {
        guard let state = Self.state(connection) else { kept = nil; return }
        var (first, tokens) = (first, tokens)
        if let kept, kept.version == state.version, kept.changes == state.changes, tokens.count + kept.tokens.count <= Self.limit {
            if first + Int64(tokens.count) == kept.first {
                tokens += kept.tokens
            } else if kept.first + Int64(kept.tokens.count) == first {
                (first, tokens) = (kept.first, kept.tokens + tokens)
            }
        }
        kept = Kept(version: state.version, changes: state.changes, first: first, tokens: tokens)
    }

    /// At most this many lengths are kept (64 KB a connection): a search reads two spans, up to 8,001 pages each.
    static let limit = 16_384

    /// Nil inside a write transaction: what it changed may yet be rolled back, which moves neither number.
    private static func state(_ connection: OpaquePointer) -> (version: UInt32, changes: Int64)? {
        var version: UInt32 = 0
        guard sqlite3_txn_state(connection, "main") != SQLITE_TXN_WRITE,
              sqlite3_file_control(connection, "main", SQLITE_FCNTL_DATA_VERSION, &version) == SQLITE_OK else { return nil }
        return (version, sqlite3_total_changes64(connection))
    }
}

/// What one ranking query hands to `homecrew_rank` and gets back: the window's page lengths,
/// when read beforehand, and the matches in one column (the page text) of every page ranked,
/// recorded as the ranking reads them so that the snippets need no second pass over the index.
final class RankingPass {
    /// The lengths of the pages the query being stepped ranks, when read beforehand.
    @exclusivity(unchecked) var lengths: PageLengths?
    let column: Int32
    /// The query's statistics, computed by its first ranking query and kept for the next one
    /// (a query of several phrases walks each phrase's whole list of pages for them).
    @exclusivity(unchecked) fileprivate var statistics: QueryStatistics?
    @exclusivity(unchecked) private(set) var phraseSizes: [Int32] = []
    /// Pages in the order ranked, each with its first hit's index. FTS5 returns a query's pages by
    /// rowid, and a search ranks spans from the newest down: the pages form runs of rising rowids,
    /// each found by a binary search (should a plan ever return pages out of order, the runs are shorter).
    @exclusivity(unchecked) private var rowids: [Int64] = []
    @exclusivity(unchecked) private var runStarts: [Int] = [0]
    @exclusivity(unchecked) private var firstHits: [Int] = []
    @exclusivity(unchecked) private var hits: [SnippetHit] = []
    /// Pages whose matches in the column were more than `keptPerPage`: the rest were not kept.
    @exclusivity(unchecked) private var overflowing: Set<Int64> = []
    /// Whether the page ranked last matched in the column.
    var lastPageMatchedInColumn: Bool { (firstHits.last ?? hits.count) < hits.count }
    /// A page's matches kept, at most: a page of one word repeated holds one a token, and a word on
    /// 2,000 such pages would keep millions (12 bytes each) for the 20 snippets shown; now at most
    /// ~7 MB for the ~2,200 pages a search ranks.
    static let keptPerPage = 256

    /// SQLite compares a bound pointer's type by its characters; the string must outlive the statement.
    nonisolated(unsafe) static let pointerType = UnsafePointer(strdup("homecrew_ranking_pass")!)

    init(lengths: PageLengths? = nil, column: Int32) {
        (self.lengths, self.column) = (lengths, column)
        rowids.reserveCapacity(AppDatabase.rankingWindow)
        firstHits.reserveCapacity(AppDatabase.rankingWindow)
    }

    func startPage(_ rowid: Int64, _ api: Fts5ExtensionApi, _ fts: OpaquePointer) {
        if phraseSizes.isEmpty {
            phraseSizes = (0..<api.xPhraseCount(fts)).map { max(1, api.xPhraseSize(fts, $0)) }
        }
        if let last = rowids.last, rowid < last { runStarts.append(rowids.count) }
        rowids.append(rowid)
        firstHits.append(hits.count)
    }

    func record(phrase: Int32, column: Int32, offset: Int32) {
        // A damaged index may give any offset; a page's tokens are far fewer than these.
        guard column == self.column, Int(phrase) < phraseSizes.count, offset >= 0, offset <= Int32.max / 2 else { return }
        guard hits.count - (firstHits.last ?? 0) < Self.keptPerPage else {
            if let rowid = rowids.last { overflowing.insert(rowid) }
            return
        }
        hits.append(SnippetHit(phrase: phrase, tokens: offset..<(offset + phraseSizes[Int(phrase)])))
    }

    /// The recorded matches of a page in the column, or nil when it was not ranked or had more than were kept.
    func hits(of rowid: Int64) -> [SnippetHit]? {
        guard !overflowing.contains(rowid) else { return nil }
        for (start, end) in zip(runStarts, runStarts.dropFirst() + [rowids.count]) {
            var (low, high) = (start, end)
            while low < high {
                let middle = (low + high) / 2
                if rowids[middle] < rowid { low = middle + 1 } else { high = middle }
            }
            guard low < end, rowids[low] == rowid else { continue }
            return Array(hits[firstHits[low]..<(low + 1 < firstHits.count ? firstHits[low + 1] : hits.count)])
        }
        return nil
    }

    /// Binds this pass to the statement's parameter `index` (1-based).
    func bind(to statement: Statement, at index: Int32) {
        _ = sqlite3_bind_pointer(statement.sqliteStatement, index, Unmanaged.passUnretained(self).toOpaque(), Self.pointerType, nil)
    }
}

/// What bm25 computes once per query: the average row size and each phrase's IDF.
private final class QueryStatistics {
    let averageTokens: Double
    let inverseFrequencies: [Double]

    init(_ api: Fts5ExtensionApi, _ fts: OpaquePointer) {
        var rows: sqlite3_int64 = 0, tokens: sqlite3_int64 = 0
        _ = api.xRowCount(fts, &rows)
        _ = api.xColumnTotalSize(fts, -1, &tokens)
        let rowCount = Double(max(rows, 1))
        averageTokens = tokens > 0 ? Double(tokens) / rowCount : 1
        let phrases = Int(api.xPhraseCount(fts))
        inverseFrequencies = phrases == 1 ? [1] : (0..<phrases).map { phrase in
            var hits: sqlite3_int64 = 0
            _ = api.xQueryPhrase(fts, Int32(phrase), &hits) { _, _, counter in
                counter?.assumingMemoryBound(to: sqlite3_int64.self).pointee += 1
                return SQLITE_OK
            }
            let idf = log((rowCount - Double(hits) + 0.5) / (Double(hits) + 0.5))
            return idf > 0 ? idf : 1e-6  // bm25's floor for a phrase on more than half the rows
        }
    }

    static func of(_ api: Fts5ExtensionApi, _ fts: OpaquePointer) -> QueryStatistics {
        if let saved = api.xGetAuxdata(fts, 0) {
            return Unmanaged<QueryStatistics>.fromOpaque(saved).takeUnretainedValue()
        }
        let statistics = QueryStatistics(api, fts)
        _ = api.xSetAuxdata(fts, Unmanaged.passRetained(statistics).toOpaque()) { pointer in
            if let pointer { Unmanaged<QueryStatistics>.fromOpaque(pointer).release() }
        }
        return statistics
    }
}

private let rankFunction: fts5_extension_function = { apiPointer, fts, context, argumentCount, arguments in
    guard let api = apiPointer?.pointee, let fts else { return }
    // The pass and the kept lengths are borrowed, not retained and released, for each of the pages ranked.
    if argumentCount > 0, let bound = sqlite3_value_pointer(arguments![Int(argumentCount) - 1], RankingPass.pointerType) {
        Unmanaged<RankingPass>.fromOpaque(bound)._withUnsafeGuaranteedRef { pass in
            if let kept = api.xUserData(fts) {
                Unmanaged<KeptPageLengths>.fromOpaque(kept)._withUnsafeGuaranteedRef {
                    rankPage(api, fts, context, argumentCount, arguments, pass: pass, kept: $0)
                }
            } else {
                rankPage(api, fts, context, argumentCount, arguments, pass: pass, kept: nil)
            }
        }
    } else {
        rankPage(api, fts, context, argumentCount, arguments, pass: nil, kept: nil)
    }
}

private func rankPage(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, _ context: OpaquePointer?, _ argumentCount: Int32,
                      _ arguments: UnsafeMutablePointer<OpaquePointer?>?, pass: RankingPass?, kept: KeptPageLengths?) {
    let statistics = pass?.statistics ?? QueryStatistics.of(api, fts)
    if let pass, pass.statistics == nil { pass.statistics = statistics }
    let weights = pass == nil ? argumentCount : argumentCount - 1
    let rowid = api.xRowid(fts)
    pass?.startPage(rowid, api, fts)
    var tokens: Int32 = 0
    if let known = pass?.lengths?.tokens(of: rowid, kept: kept) { tokens = known } else { _ = api.xColumnSize(fts, -1, &tokens) }
    let k1 = 1.2, b = 0.75
    let lengthFactor = k1 * (1 - b + b * Double(tokens) / statistics.averageTokens)
    let weight = { (column: Int32) in column < weights ? sqlite3_value_double(arguments![Int(column)]) : 1 }
    var score = 0.0
    if statistics.inverseFrequencies.count == 1 {
        // One phrase, the usual query (this runs for every ranked page): its matches read from its
        // own list of places, in the order `xInst` gives them, without FTS5 first copying every
        // phrase's into one array of instances; and no array for a single frequency.
        var frequency = 0.0
        var places = Fts5PhraseIter(), column: Int32 = -1, offset: Int32 = -1
        if api.xPhraseFirst(fts, 0, &places, &column, &offset) == SQLITE_OK {
            while column >= 0 {
                frequency += weight(column)
                pass?.record(phrase: 0, column: column, offset: offset)
                api.xPhraseNext(fts, &places, &column, &offset)
            }
        }
        score = statistics.inverseFrequencies[0] * (frequency * (k1 + 1)) / (frequency + lengthFactor)
    } else {
        var instances: Int32 = 0
        _ = api.xInstCount(fts, &instances)
        var frequencies = [Double](repeating: 0, count: statistics.inverseFrequencies.count)
        for index in 0..<instances {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            guard api.xInst(fts, index, &phrase, &column, &offset) == SQLITE_OK else { continue }
            frequencies[Int(phrase)] += weight(column)
            pass?.record(phrase: phrase, column: column, offset: offset)
        }
        for (frequency, idf) in zip(frequencies, statistics.inverseFrequencies) {
            score += idf * (frequency * (k1 + 1)) / (frequency + lengthFactor)
        }
    }
    sqlite3_result_double(context, -score)
}

private let inColumnFunction: fts5_extension_function = { apiPointer, fts, context, argumentCount, arguments in
    guard let api = apiPointer?.pointee, let fts, argumentCount == 1 else { return }
    let wanted = sqlite3_value_int(arguments![0])
    var instances: Int32 = 0
    _ = api.xInstCount(fts, &instances)
    var found: Int32 = 0
    for index in 0..<instances where found == 0 {
        var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
        if api.xInst(fts, index, &phrase, &column, &offset) == SQLITE_OK, column == wanted { found = 1 }
    }
    sqlite3_result_int(context, found)
}
