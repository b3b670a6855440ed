import Foundation
import GRDB
import GRDBSQLite

/// Search snippets chosen as FTS5's `snippet()` chooses them, from a page's text and its matches.
///
/// A search ranks its pages first, and the ranking records each page's matches in the text
/// (`RankingPass`), so the snippets of the pages shown are made from those and the text alone,
/// without running the query through the index a second time.
///
/// `homecrew_snippet(search_index, column, start, end, tokens)` is the same, fed by FTS5 for one
/// column (its ellipsis is always "…"); it reads the text once and only as far as the window
/// ends, where `snippet()` reads it twice, whole. Tests hold both to `snippet()`.
enum SearchSnippet {
    static func register(_ api: UnsafeMutablePointer<fts5_api>) {
        let offsets = OffsetTokenizer(api).map { Unmanaged.passRetained($0).toOpaque() }
        _ = api.pointee.xCreateFunction(api, "homecrew_snippet", offsets, snippetFunction) { pointer in
            if let pointer { Unmanaged<OffsetTokenizer>.fromOpaque(pointer).release() }
        }
    }
}

/// Snippets made outside FTS5, as `homecrew_snippet` makes them: 16 tokens, matches between
/// U+E000 and U+E001 (`SearchHit.highlightStart`, `highlightEnd`).
struct SnippetMaker {
    static let size: Int32 = 16
    static let marks = (open: Array(String(SearchHit.highlightStart).utf8), close: Array(String(SearchHit.highlightEnd).utf8))
    private let offsets: OffsetTokenizer

    init(_ db: Database) throws {
        guard let offsets = OffsetTokenizer(UnsafeMutablePointer(mutating: FTS5.api(db))) else {
            throw DatabaseError(message: "FTS5's unicode61 tokenizer is missing")
        }
        self.offsets = offsets
    }

    func snippet(of text: UnsafeRawBufferPointer, hits: [SnippetHit], columnTokens: Int32) -> String {
        let window = SnippetWindow(text: text, hits: hits, size: Self.size, columnTokens: columnTokens, tokenize: offsets.tokenize)
        return String(decoding: window.render(marks: Self.marks), as: UTF8.self)
    }
}

/// A phrase's match in a column, in tokens.
struct SnippetHit {
    let phrase: Int32
    let tokens: Range<Int32>
}

/// The search index's tokenizer without its porter stage, for finding where tokens lie: porter
/// changes a token's text but never its place, and stemming every word a snippet passes was most
/// of a snippet's cost. The arguments must be those after "porter unicode61" in the index's
/// definition (a test compares them with the schema, and snippets with FTS5's own).
final class OffsetTokenizer {
    static let arguments = ["remove_diacritics", "2", "categories", "L* N* Co M*"]
    private var module = fts5_tokenizer()
    private let instance: OpaquePointer

    init?(_ api: UnsafeMutablePointer<fts5_api>) {
        var context: UnsafeMutableRawPointer?
        var created: OpaquePointer?
        guard api.pointee.xFindTokenizer(api, "unicode61", &context, &module) == SQLITE_OK,
              let create = module.xCreate else { return nil }
        let copies = Self.arguments.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        var pointers = copies as [UnsafePointer<CChar>?]
        guard create(context, &pointers, Int32(pointers.count), &created) == SQLITE_OK, let created else { return nil }
        instance = created
    }

    deinit { module.xDelete?(instance) }

    /// Gathers the offsets of `tokens`' text (it stops the tokenizer once it has enough).
    func tokenize(_ tokens: TokenOffsets) {
        withExtendedLifetime(tokens) {
            _ = module.xTokenize?(instance, Unmanaged.passUnretained(tokens).toOpaque(), FTS5_TOKENIZE_DOCUMENT,
                                  tokens.text.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(tokens.text.count), collectTokenOffsets)
        }
    }
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
    var hits: [SnippetHit] = []
    var instances: Int32 = 0
    _ = api.xInstCount(fts, &instances)
    for index in 0..<instances {
        var phrase: Int32 = 0, hitColumn: Int32 = 0, offset: Int32 = 0
        if api.xInst(fts, index, &phrase, &hitColumn, &offset) == SQLITE_OK, hitColumn == column {
            hits.append(SnippetHit(phrase: phrase, tokens: offset..<(offset + max(1, api.xPhraseSize(fts, phrase)))))
        }
    }
    let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
    let offsets = api.xUserData(fts).map { Unmanaged<OffsetTokenizer>.fromOpaque($0).takeUnretainedValue() }
    let window = SnippetWindow(text: bytes, hits: hits, size: max(1, sqlite3_value_int(arguments[3])), columnTokens: columnTokens) { tokens in
        if let offsets {
            offsets.tokenize(tokens)
        } else {
            _ = api.xTokenize(fts, text, length, Unmanaged.passUnretained(tokens).toOpaque(), collectTokenOffsets)
        }
    }
    window.render(marks: marks).withUnsafeBufferPointer { buffer in
        sqlite3_result_text(context, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                            Int32(buffer.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }
}

/// Where a snippet lies in one column, in tokens, and which of them are matches, chosen as
/// FTS5's `snippet()` chooses: the window scoring most (1,000 for each phrase found, 1 for a
/// phrase found again), with its matches in the middle or starting a sentence (100 more, 120 at
/// the text's start). The text is read once, and only as far as `WindowChooser` needs.
struct SnippetWindow {
    let text: UnsafeRawBufferPointer
    let size: Int32
    let columnTokens: Int32
    let tokens: TokenOffsets
    var start: Int32 = 0
    /// Matched token ranges in the column, sorted, overlapping ones merged.
    var matches: [Range<Int32>] = []

    /// `hits` are the phrase matches in this column, in any order; `tokenize` runs the tokenizer
    /// over `text` for the offsets it is handed, and may stop where they say.
    init(text: UnsafeRawBufferPointer, hits: [SnippetHit], size: Int32, columnTokens: Int32, tokenize: (TokenOffsets) -> Void) {
        (self.text, self.size, self.columnTokens) = (text, size, columnTokens)
        let hits = hits.sorted { $0.tokens.lowerBound < $1.tokens.lowerBound }
        let chooser = WindowChooser(hits, size: size, columnTokens: columnTokens)
        tokens = TokenOffsets(text, through: (hits.last?.tokens.lowerBound ?? 0) + size, choosing: chooser)
        tokenize(tokens)
        chooser.finish(sentences: tokens.sentenceStarts)
        start = chooser.start
        for hit in hits {
            if let last = matches.last, hit.tokens.lowerBound < last.upperBound {
                matches[matches.count - 1] = last.lowerBound..<max(last.upperBound, hit.tokens.upperBound)
            } else {
                matches.append(hit.tokens)
            }
        }
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

/// Chooses a snippet's window hit by hit, as the tokenizer reaches each, and says when no later
/// hit can win, so that the text after it (but for the window shown) is never read: half of a
/// common word's page on average. FTS5's rule takes a later window only when it scores more. A
/// window holds no more matches than the one starting at its first match, so none starting at or
/// after hit k's sentence scores more than the best of hits k… own windows plus the sentence bonus
/// (120 only while the sentence is the text's first): once the best so far reaches that, the rest
/// cannot change the choice.
final class WindowChooser {
    let size: Int32
    private let columnTokens: Int32
    private let hits: [SnippetHit]
    /// Each hit's own window's score, and the best of those from each hit on.
    private let own: [Int]
    private let bestFrom: [Int]
    private var next = 0
    private var best = -1
    private(set) var start: Int32 = 0
    /// No hit left can change the choice.
    private(set) var isDone = false

    /// `hits` sorted by where they start.
    init(_ hits: [SnippetHit], size: Int32, columnTokens: Int32) {
        (self.hits, self.size, self.columnTokens) = (hits, size, columnTokens)
        own = hits.map { Self.score(hits, from: $0.tokens.lowerBound, size: size).score }
        var running = Int.min
        bestFrom = own.reversed().map { running = max(running, $0); return running }.reversed()
        isDone = hits.isEmpty
    }

    /// The token where the next hit to weigh starts (`Int32.max` when none is left).
    var nextOffset: Int32 { isDone || next >= hits.count ? .max : hits[next].tokens.lowerBound }

    /// Weighs the hits that start at or before `position`, the token read last; `sentences` holds
    /// every sentence start up to it.
    func reached(_ position: Int32, sentences: [Int32]) {
        while !isDone, next < hits.count, hits[next].tokens.lowerBound <= position { weigh(sentences) }
    }

    /// Weighs the hits the text ended before reaching.
    func finish(sentences: [Int32]) {
        while !isDone, next < hits.count { weigh(sentences) }
    }

    /// Weighs the next hit, as FTS5 does: the window around it, then the one from its sentence's start.
    private func weigh(_ sentences: [Int32]) {
        let weighed = next, offset = hits[weighed].tokens.lowerBound
        next += 1
        if own[weighed] > best {
            let inWindow = Self.score(hits, from: offset, size: size).hits
            if let first = inWindow.first, let last = inWindow.last {
                best = own[weighed]
                let spread = last.tokens.upperBound - first.tokens.lowerBound
                start = max(0, min(first.tokens.lowerBound - (size - spread) / 2, columnTokens - size))
            }
        }
        let sentence = sentences.last(where: { $0 <= offset })
        if columnTokens > size, let sentence, sentence < offset {
            let aligned = Self.score(hits, from: sentence, size: size).score + (sentence == 0 ? 120 : 100)
            if aligned > best { (best, start) = (aligned, sentence) }
        }
        // The hits after this one start at or after its sentence: none scores more than this.
        let bonus = columnTokens > size ? (sentence.map { $0 == 0 ? 120 : 100 } ?? 120) : 0
        if next < hits.count, best >= bestFrom[weighed] + bonus { isDone = true }
    }

    /// 1,000 for each phrase in the window from `first`, 1 for a phrase found again; and those hits.
    /// The window's first hit is found by halving: a page of one word repeated has thousands of hits.
    private static func score(_ hits: [SnippetHit], from first: Int32, size: Int32) -> (score: Int, hits: ArraySlice<SnippetHit>) {
        var (low, high) = (0, hits.count)
        while low < high {
            let middle = (low + high) / 2
            if hits[middle].tokens.lowerBound < first { low = middle + 1 } else { high = middle }
        }
        let inWindow = hits[low...].prefix { $0.tokens.lowerBound < first + size }
        var seen = Set<Int32>()
        return (inWindow.reduce(0) { $0 + (seen.insert($1.phrase).inserted ? 1000 : 1) }, inWindow)
    }
}

/// The byte ranges of a column's first tokens and which of them start a sentence (the text
/// before them ends in "." or ":" and a space, as FTS5 decides), gathered while the
/// tokenizer reads the text; the tokenizer is stopped after `limit` tokens. Written for every
/// token by the one thread tokenizing, so the runtime's exclusivity checks are left out (they
/// were a tenth of making a snippet).
final class TokenOffsets {
    let text: UnsafeRawBufferPointer
    /// Lowered to the window shown once `chooser` has chosen.
    @exclusivity(unchecked) var limit: Int32
    let chooser: WindowChooser?
    @exclusivity(unchecked) var found: [Range<Int>] = []
    @exclusivity(unchecked) var sentenceStarts: [Int32] = []

    init(_ text: UnsafeRawBufferPointer, through limit: Int32, choosing chooser: WindowChooser? = nil) {
        (self.text, self.limit, self.chooser) = (text, limit, chooser)
        found.reserveCapacity(Int(min(limit, 4096)))
    }

    func startsSentence(_ offset: Int) -> Bool {
        var index = offset - 1
        while index >= 0, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D { index -= 1 }
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
    if let chooser = offsets.chooser, position >= chooser.nextOffset {
        chooser.reached(position, sentences: offsets.sentenceStarts)
        if chooser.isDone { offsets.limit = min(offsets.limit, max(position + 1, chooser.start + chooser.size)) }
    }
    return position + 1 >= offsets.limit ? SQLITE_DONE : SQLITE_OK
}
