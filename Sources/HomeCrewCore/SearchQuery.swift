/// The search query language, parsed into a tree and compiled to an SQLite FTS5 expression.
///
/// - words: all must match (`notice period`)
/// - `"exact phrases"`, `prefix*`
/// - `a OR b`, `-word` or `NOT word`, parentheses
/// - field filters: `staff:NAME`, `kind:KIND`, `household:NAME`, `title:WORD` (a quoted
///   value is a phrase: `staff:"Asha Devi"`)
///
/// Every word reaches FTS5 as a quoted string, so no user text is ever FTS5 syntax.
public indirect enum SearchQuery: Equatable, Sendable {
    case term(String, prefix: Bool, field: Field?)
    case phrase([String], field: Field?)
    case and([SearchQuery])
    case or([SearchQuery])
    case not(SearchQuery)

    public enum Field: String, CaseIterable, Sendable {
        case staff, kind, household, title
    }

    /// A query's work grows with its words, so a query has at most this many different words
    /// (a repeated word or phrase counts once) and this many characters.
    public static let maximumWords = 32
    public static let maximumLength = 1000

    public static func parse(_ text: String) throws(SearchQueryError) -> SearchQuery {
        let length = text.unicodeScalars.count
        guard length <= maximumLength else { throw .tooLong(length: length) }
        var parser = Parser(tokens: try Lexer.tokens(of: text))
        let query = try parser.parseOr().collapsingRepeats()
        if let extra = parser.peek { throw .unexpected(extra.display) }
        guard query.hasPositiveTerm else { throw .onlyExclusions }
        let words = query.wordCount
        guard words <= maximumWords else { throw .tooManyWords(words) }
        return query
    }

    /// The same query with a part repeated in one list kept once: `a* a* a*` is `a*`.
    func collapsingRepeats() -> SearchQuery {
        func distinct(_ parts: [SearchQuery]) -> [SearchQuery] {
            var kept: [SearchQuery] = []
            for part in parts.map({ $0.collapsingRepeats() }) where !kept.contains(part) { kept.append(part) }
            return kept
        }
        switch self {
        case .term, .phrase: return self
        case .not(let inner): return .not(inner.collapsingRepeats())
        case .and(let parts):
            let kept = distinct(parts)
            return kept.count == 1 ? kept[0] : .and(kept)
        case .or(let parts):
            let kept = distinct(parts)
            return kept.count == 1 ? kept[0] : .or(kept)
        }
    }

    /// The words the index is asked for, each phrase's words counted.
    var wordCount: Int {
        switch self {
        case .term: return 1
        case .phrase(let words, _): return words.count
        case .not(let inner): return inner.wordCount
        case .and(let parts), .or(let parts): return parts.reduce(0) { $0 + $1.wordCount }
        }
    }

    /// The FTS5 MATCH expression.
    public var fts5: String {
        switch self {
        case let .term(word, prefix, field):
            return Self.column(field) + Self.words(word, prefix: prefix)
        case let .phrase(words, field):
            return Self.column(field) + "(" + words.map { Self.words($0, prefix: false) }.joined(separator: " + ") + ")"
        case .and(let parts):
            // FTS5's NOT is binary: the positive parts first, then each exclusion.
            let positive = parts.filter { if case .not = $0 { return false } else { return true } }
            let negative = parts.compactMap { part -> SearchQuery? in if case .not(let inner) = part { return inner } else { return nil } }
            let base = positive.count == 1 ? positive[0].fts5 : "(" + positive.map(\.fts5).joined(separator: " AND ") + ")"
            return negative.reduce(base) { "(\($0) NOT \($1.fts5))" }
        case .or(let parts):
            return "(" + parts.map(\.fts5).joined(separator: " OR ") + ")"
        case .not(let inner):
            return "NOT " + inner.fts5
        }
    }

    /// The words a person's name is matched against: a query of plain words and phrases (or
    /// `staff:` ones) asks for people too; one with OR, exclusions or other fields asks for
    /// documents only (nil).
    public var nameWords: [String]? {
        switch self {
        case let .term(word, _, field) where field == nil || field == .staff: return [word]
        case let .phrase(words, field) where field == nil || field == .staff: return words
        case .and(let parts):
            var words: [String] = []
            for part in parts {
                guard let more = part.nameWords else { return nil }
                words += more
            }
            return words
        default: return nil
        }
    }

    var hasPositiveTerm: Bool {
        switch self {
        case .term, .phrase: return true
        case .and(let parts): return parts.contains { $0.hasPositiveTerm }
        case .or(let parts): return parts.allSatisfy { $0.hasPositiveTerm }
        case .not: return false
        }
    }

    private static func column(_ field: Field?) -> String {
        field.map { "\($0.rawValue) : " } ?? ""
    }

    /// One user word as FTS5 strings: CJK characters become a phrase of single characters.
    private static func words(_ word: String, prefix: Bool) -> String {
        let pieces = SearchText.prepareQuery(word).split(separator: " ").map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let joined = pieces.count == 1 ? pieces[0] : "(" + pieces.joined(separator: " + ") + ")"
        return prefix && pieces.count == 1 ? joined + " *" : joined
    }
}

public enum SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unclosedQuote
    case unclosedParenthesis
    case unexpected(String)
    case missingOperand(String)
    case unknownField(String)
    case onlyExclusions
    case tooManyWords(Int)
    case tooLong(length: Int)

    public var description: String {
        switch self {
        case .empty: return "the query is empty; give a word to search for"
        case .unclosedQuote: return "a quote is not closed: close the phrase with \""
        case .unclosedParenthesis: return "a parenthesis is not closed: add )"
        case .unexpected(let token): return "unexpected \(token) in the query"
        case .missingOperand(let word): return "\(word) needs a word on each side (or after NOT)"
        case .unknownField(let field):
            return "unknown field '\(field):'; use staff:, kind:, household: or title:"
        case .onlyExclusions: return "the query only excludes; give at least one word that must match"
        case .tooManyWords(let count):
            return "the query has \(count) different words; search with at most \(SearchQuery.maximumWords)"
        case .tooLong(let length):
            return "the query is \(length) characters long; search with at most \(SearchQuery.maximumLength)"
        }
    }
}

extension SearchQueryError: HomeCrewError {
    public var category: ErrorCategory { .usage }
}

// MARK: - Lexing and parsing

private enum Token: Equatable {
    case word(String, prefix: Bool, field: SearchQuery.Field?)
    case phrase([String], field: SearchQuery.Field?)
    case or, not, open, close

    var display: String {
        switch self {
        case .word(let word, _, _): return "'\(word)'"
        case .phrase(let words, _): return "\"\(words.joined(separator: " "))\""
        case .or: return "OR"
        case .not: return "NOT"
        case .open: return "("
        case .close: return ")"
        }
    }
}

private enum Lexer {
    static func tokens(of text: String) throws(SearchQueryError) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace { index = text.index(after: index); continue }
            if character == "(" { tokens.append(.open); index = text.index(after: index); continue }
            if character == ")" { tokens.append(.close); index = text.index(after: index); continue }
            if character == "-" { tokens.append(.not); index = text.index(after: index); continue }
            var field: SearchQuery.Field?
            var end = index
            while end < text.endIndex, !text[end].isWhitespace, !"()\":".contains(text[end]) { end = text.index(after: end) }
            if end < text.endIndex, text[end] == ":", end > index {
                let name = text[index..<end].lowercased()
                guard let known = SearchQuery.Field(rawValue: name) else { throw .unknownField(name) }
                field = known
                index = text.index(after: end)
                guard index < text.endIndex, !text[index].isWhitespace else { throw .missingOperand("\(name):") }
            }
            if index < text.endIndex, text[index] == "\"" {
                guard let close = text[text.index(after: index)...].firstIndex(of: "\"") else { throw .unclosedQuote }
                let words = words(in: String(text[text.index(after: index)..<close]))
                if !words.isEmpty { tokens.append(.phrase(words, field: field)) }
                index = text.index(after: close)
                continue
            }
            end = index
            while end < text.endIndex, !text[end].isWhitespace, !"()\"".contains(text[end]) { end = text.index(after: end) }
            let raw = String(text[index..<end])
            index = end
            if field == nil && raw == "OR" { tokens.append(.or); continue }
            if field == nil && raw == "NOT" { tokens.append(.not); continue }
            let prefix = raw.hasSuffix("*")
            let pieces = words(in: prefix ? String(raw.dropLast()) : raw)
            if pieces.count == 1 {
                tokens.append(.word(pieces[0], prefix: prefix, field: field))
            } else if pieces.count > 1 {
                // "e-mail" or "15/2": one written word of several index words is a phrase.
                tokens.append(.phrase(pieces, field: field))
            } else if prefix {
                throw .unexpected("'*'")
            }
        }
        guard !tokens.isEmpty else { throw .empty }
        return tokens
    }

    /// Splits on what the index treats as separators: anything but letters, digits and marks.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
                current.append(scalar)
            default:
                if !current.isEmpty { words.append(String(current)); current = String.UnicodeScalarView() }
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }
}

private struct Parser {
    let tokens: [Token]
    var position = 0

    init(tokens: [Token]) { self.tokens = tokens }

    var peek: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func parseOr() throws(SearchQueryError) -> SearchQuery {
        var parts = [try parseAnd()]
        while peek == .or {
            position += 1
            guard let next = peek, next != .close, next != .or else { throw .missingOperand("OR") }
            parts.append(try parseAnd())
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    mutating func parseAnd() throws(SearchQueryError) -> SearchQuery {
        var parts: [SearchQuery] = []
        while let token = peek, token != .or, token != .close {
            parts.append(try parseUnary())
        }
        guard !parts.isEmpty else { throw peek.map { .unexpected($0.display) } ?? .empty }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    mutating func parseUnary() throws(SearchQueryError) -> SearchQuery {
        guard let token = peek else { throw .empty }
        position += 1
        switch token {
        case .not:
            guard let next = peek, next != .close, next != .or, next != .not else { throw .missingOperand("NOT") }
            return .not(try parseUnary())
        case .open:
            let inner = try parseOr()
            guard peek == .close else { throw .unclosedParenthesis }
            position += 1
            return inner
        case let .word(word, prefix, field):
            return .term(word, prefix: prefix, field: field)
        case let .phrase(words, field):
            return .phrase(words, field: field)
        case .close, .or:
            throw .unexpected(token.display)
        }
    }
}
