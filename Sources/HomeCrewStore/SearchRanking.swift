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
/// A last argument bound with `PageLengths.bind` gives the pages' lengths read beforehand in
/// one pass, instead of one look-up in the index's size table per ranked page (60% of ranking
/// a word on every page).
///
/// `homecrew_in_column(search_index, column)` is 1 when the row matched in that column:
/// read from the row's list of hits, where `bm25(…, 0, …, 1) != 0` ran bm25 a second time.
///
/// `homecrew_snippet(search_index, column, start, end, tokens)` is FTS5's `snippet()` for one
/// column, without its ellipsis argument (always "…"), reading the text only as far as the window ends:
/// `snippet()` reads a page's text twice, whole, to choose a window.
enum SearchRanking {
    static func register(_ db: Database) {
        let api = UnsafeMutablePointer(mutating: FTS5.api(db))
        _ = api.pointee.xCreateFunction(api, "homecrew_rank", nil, rankFunction, nil)
        _ = api.pointee.xCreateFunction(api, "homecrew_in_column", nil, inColumnFunction, nil)
        _ = api.pointee.xCreateFunction(api, "homecrew_snippet", nil, snippetFunction, nil)
    }
}

/// The length in tokens (all columns) of every row of the search index in a range of rowids,
/// read from FTS5's size table in one pass.
final class PageLengths {
    let first: Int64
    private var tokens: [Int32]

    /// SQLite compares a bound pointer's type by its characters; the string must outlive the statement.
    nonisolated(unsafe) static let pointerType = UnsafePointer(strdup("homecrew_page_lengths")!)

    init(_ db: Database, rowids range: ClosedRange<Int64>) throws {
        first = range.lowerBound
        tokens = Array(repeating: -1, count: Int(range.upperBound - range.lowerBound + 1))
        // Stepped by hand: through GRDB's rows, decoding took longer than reading.
        let statement = try db.cachedStatement(sql: "SELECT id, sz FROM search_index_docsize WHERE id BETWEEN ? AND ?")
        try statement.setArguments([range.lowerBound, range.upperBound])
        let step = statement.sqliteStatement
        defer { sqlite3_reset(step) }
        var code = sqlite3_step(step)
        while code == SQLITE_ROW {
            let record = UnsafeRawBufferPointer(start: sqlite3_column_blob(step, 1), count: Int(sqlite3_column_bytes(step, 1)))
            tokens[Int(sqlite3_column_int64(step, 0) - first)] = Self.sumOfVarints(record)
            code = sqlite3_step(step)
        }
        guard code == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage) }
    }

    /// Nil for a row outside the range read, which is then looked up as usual.
    func tokens(of rowid: Int64) -> Int32? {
        let index = rowid - first
        guard index >= 0, index < tokens.count, tokens[Int(index)] >= 0 else { return nil }
        return tokens[Int(index)]
    }

    /// The size record is one SQLite varint per column: 7 bits a byte, high bit set on all but the last.
    static func sumOfVarints(_ data: UnsafeRawBufferPointer) -> Int32 {
        var total: Int64 = 0, value: Int64 = 0, length = 0
        for byte in data {
            length += 1
            if length == 9 { value = (value << 8) | Int64(byte) } else { value = (value << 7) | Int64(byte & 0x7F) }
            if byte & 0x80 == 0 || length == 9 { total += value; value = 0; length = 0 }
        }
        return Int32(clamping: total)
    }

    /// Binds these lengths to the statement's parameter `index` (1-based).
    func bind(to statement: Statement, at index: Int32) {
        _ = sqlite3_bind_pointer(statement.sqliteStatement, index, Unmanaged.passUnretained(self).toOpaque(), Self.pointerType, nil)
    }

    static func bound(to value: OpaquePointer?) -> PageLengths? {
        sqlite3_value_pointer(value, pointerType).map { Unmanaged<PageLengths>.fromOpaque($0).takeUnretainedValue() }
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
    let lengths = argumentCount > 0 ? PageLengths.bound(to: arguments![Int(argumentCount) - 1]) : nil
    let weights = lengths == nil ? argumentCount : argumentCount - 1
    var tokens: Int32 = 0
    if let known = lengths?.tokens(of: api.xRowid(fts)) { tokens = known } else { _ = api.xColumnSize(fts, -1, &tokens) }
    let k1 = 1.2, b = 0.75
    let lengthFactor = k1 * (1 - b + b * Double(tokens) / statistics.averageTokens)
    let weight = { (column: Int32) in column < weights ? sqlite3_value_double(arguments![Int(column)]) : 1 }
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

private let snippetFunction: fts5_extension_function = { apiPointer, fts, context, argumentCount, arguments in
    guard let api = apiPointer?.pointee, let fts, argumentCount == 4, let arguments else {
        sqlite3_result_error(context, "homecrew_snippet(table, column, open, close, tokens)", -1)
        return
    }
    let column = sqlite3_value_int(arguments[0])
    let marks = (open: Array(UnsafeRawBufferPointer(start: sqlite3_value_text(arguments[1]), count: Int(sqlite3_value_bytes(arguments[1])))),
                 close: Array(UnsafeRawBufferPointer(start: sqlite3_value_text(arguments[2]), count: Int(sqlite3_value_bytes(arguments[2])))))
    var text: UnsafePointer<CChar>?, length: Int32 = 0, columnTokens: Int32 = 0
    guard api.xColumnText(fts, column, &text, &length) == SQLITE_OK, let text,
          api.xColumnSize(fts, column, &columnTokens) == SQLITE_OK else {
        sqlite3_result_text(context, "", 0, nil)
        return
    }
    let window = SnippetWindow(api, fts, column: column, text: UnsafeRawBufferPointer(start: text, count: Int(length)),
                               size: max(1, sqlite3_value_int(arguments[3])), columnTokens: columnTokens)
    window.render(marks: marks).withUnsafeBufferPointer { buffer in
        sqlite3_result_text(context, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                            Int32(buffer.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }
}

/// Where a snippet lies in one column, in tokens, and which of them are matches, chosen as
/// FTS5's `snippet()` chooses: the window scoring most (1,000 for each phrase found, 1 for a
/// phrase found again), with its matches in the middle or starting a sentence (100 more, 120 at
/// the text's start). The text is read once, as far as the last match's window.
private struct SnippetWindow {
    let text: UnsafeRawBufferPointer
    let size: Int32
    let columnTokens: Int32
    let tokens: TokenOffsets
    var start: Int32 = 0
    /// Matched token ranges in the column, sorted, overlapping ones merged.
    var matches: [Range<Int32>] = []

    init(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, column: Int32, text: UnsafeRawBufferPointer, size: Int32, columnTokens: Int32) {
        (self.text, self.size, self.columnTokens) = (text, size, columnTokens)
        var hits: [(phrase: Int32, tokens: Range<Int32>)] = []
        var instances: Int32 = 0
        _ = api.xInstCount(fts, &instances)
        for index in 0..<instances {
            var phrase: Int32 = 0, hitColumn: Int32 = 0, offset: Int32 = 0
            if api.xInst(fts, index, &phrase, &hitColumn, &offset) == SQLITE_OK, hitColumn == column {
                hits.append((phrase, offset..<(offset + max(1, api.xPhraseSize(fts, phrase)))))
            }
        }
        hits.sort { $0.tokens.lowerBound < $1.tokens.lowerBound }
        tokens = TokenOffsets(text, through: (hits.last?.tokens.lowerBound ?? 0) + size)
        withExtendedLifetime(tokens) {
            _ = api.xTokenize(fts, text.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(text.count),
                              Unmanaged.passUnretained(tokens).toOpaque(), collectTokenOffsets)
        }
        start = Self.bestStart(hits, sentences: tokens.sentenceStarts, size: size, columnTokens: columnTokens)
        for hit in hits {
            if let last = matches.last, hit.tokens.lowerBound < last.upperBound {
                matches[matches.count - 1] = last.lowerBound..<max(last.upperBound, hit.tokens.upperBound)
            } else {
                matches.append(hit.tokens)
            }
        }
    }

    private static func bestStart(_ hits: [(phrase: Int32, tokens: Range<Int32>)], sentences: [Int32], size: Int32, columnTokens: Int32) -> Int32 {
        func score(from first: Int32) -> (score: Int, hits: ArraySlice<(phrase: Int32, tokens: Range<Int32>)>) {
            let inWindow = hits.drop { $0.tokens.lowerBound < first }.prefix { $0.tokens.lowerBound < first + size }
            var seen = Set<Int32>()
            return (inWindow.reduce(0) { $0 + (seen.insert($1.phrase).inserted ? 1000 : 1) }, inWindow)
        }
        var best = -1, start: Int32 = 0
        for hit in hits {
            let offset = hit.tokens.lowerBound
            let (centred, inWindow) = score(from: offset)
            if centred > best, let first = inWindow.first, let last = inWindow.last {
                best = centred
                let spread = last.tokens.upperBound - first.tokens.lowerBound
                start = max(0, min(first.tokens.lowerBound - (size - spread) / 2, columnTokens - size))
            }
            guard columnTokens > size, let sentence = sentences.last(where: { $0 <= offset }), sentence < offset else { continue }
            let aligned = score(from: sentence).score + (sentence == 0 ? 120 : 100)
            if aligned > best { (best, start) = (aligned, sentence) }
        }
        return start
    }

    /// The window's text with its matches marked: "…" where text is left out before or after,
    /// and the text before the first token kept when the window starts the column, as `snippet()` does.
    func render(marks: (open: [UInt8], close: [UInt8])) -> [UInt8] {
        let shown = tokens.found.dropFirst(Int(start)).prefix(Int(size))
        guard let last = shown.last else { return Array(text) }
        let ellipsis = Array("…".utf8)
        let reachesEnd = start + size >= columnTokens
        var output: [UInt8] = start > 0 ? ellipsis : []
        var cursor = start > 0 ? shown[shown.startIndex].lowerBound : 0
        for (index, token) in zip(shown.indices, shown) {
            let position = Int32(index)
            guard let match = matches.first(where: { $0.contains(position) }) else { continue }
            if position == match.lowerBound || index == shown.startIndex {
                output += text[cursor..<token.lowerBound] + marks.open
                cursor = token.lowerBound
            }
            if position == match.upperBound - 1 || index == shown.endIndex - 1 {
                output += text[cursor..<token.upperBound] + marks.close
                cursor = token.upperBound
            }
        }
        let end = reachesEnd ? text.count : last.upperBound
        if cursor < end { output += text[cursor..<end] }
        return reachesEnd ? output : output + ellipsis
    }
}

/// The byte ranges of a column's first tokens and which of them start a sentence (the text
/// before them ends in "." or ":" and a space, as FTS5 decides), gathered while the
/// tokenizer reads the text; the tokenizer is stopped after `limit` tokens.
private final class TokenOffsets {
    let text: UnsafeRawBufferPointer
    let limit: Int32
    var found: [Range<Int>] = []
    var sentenceStarts: [Int32] = []

    init(_ text: UnsafeRawBufferPointer, through limit: Int32) {
        (self.text, self.limit) = (text, limit)
        found.reserveCapacity(Int(min(limit, 4096)))
    }

    func startsSentence(_ offset: Int) -> Bool {
        var index = offset - 1
        while index >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index -= 1 }
        return index >= 0 && index != offset - 1 && (text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ":"))
    }
}

private let collectTokenOffsets: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = {
    context, flags, _, _, start, end in
    guard let context else { return SQLITE_ERROR }
    if flags & FTS5_TOKEN_COLOCATED != 0 { return SQLITE_OK }  // a synonym of the token before: same place
    let offsets = Unmanaged<TokenOffsets>.fromOpaque(context).takeUnretainedValue()
    let position = Int32(offsets.found.count)
    if position == 0 || offsets.startsSentence(Int(start)) { offsets.sentenceStarts.append(position) }
    offsets.found.append(Int(start)..<Int(end))
    return position + 1 >= offsets.limit ? SQLITE_DONE : SQLITE_OK
}
