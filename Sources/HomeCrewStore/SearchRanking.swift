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
/// `homecrew_in_column(search_index, column)` is 1 when the row matched in that column:
/// read from the row's list of hits, where `bm25(…, 0, …, 1) != 0` ran bm25 a second time.
enum SearchRanking {
    static func register(_ db: Database) {
        let api = UnsafeMutablePointer(mutating: FTS5.api(db))
        _ = api.pointee.xCreateFunction(api, "homecrew_rank", nil, rankFunction, nil)
        _ = api.pointee.xCreateFunction(api, "homecrew_in_column", nil, inColumnFunction, nil)
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
    let statistics = QueryStatistics.of(api, fts)
    var instances: Int32 = 0
    _ = api.xInstCount(fts, &instances)
    var tokens: Int32 = 0
    _ = api.xColumnSize(fts, -1, &tokens)
    let k1 = 1.2, b = 0.75
    let lengthFactor = k1 * (1 - b + b * Double(tokens) / statistics.averageTokens)
    let weight = { (column: Int32) in column < argumentCount ? sqlite3_value_double(arguments![Int(column)]) : 1 }
    var score = 0.0
    if statistics.inverseFrequencies.count == 1 {
        // One phrase, the usual query: no array for a single frequency (this runs for every ranked page).
        var frequency = 0.0
        for index in 0..<instances {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            if api.xInst(fts, index, &phrase, &column, &offset) == SQLITE_OK { frequency += weight(column) }
        }
        score = statistics.inverseFrequencies[0] * (frequency * (k1 + 1)) / (frequency + lengthFactor)
    } else {
        var frequencies = [Double](repeating: 0, count: statistics.inverseFrequencies.count)
        for index in 0..<instances {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            guard api.xInst(fts, index, &phrase, &column, &offset) == SQLITE_OK else { continue }
            frequencies[Int(phrase)] += weight(column)
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
