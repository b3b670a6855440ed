/// A message's key in a catalog: gettext's msgctxt (nil when the entry has none) and msgid.
public struct POKey: Hashable, Sendable, CustomStringConvertible {
    public let context: String?
    public let id: String

    public init(context: String?, id: String) {
        self.context = context
        self.id = id
    }

    public var description: String { context.map { "\($0) | \(id)" } ?? id }
}

/// One translatable entry of a PO file.
public struct POEntry: Hashable, Sendable {
    public let key: POKey
    /// msgid_plural: the English plural, when the entry has plural forms.
    public let plural: String?
    /// msgstr, or msgstr[0], msgstr[1], … in order.
    public let translations: [String]
    /// `#, fuzzy`: a translation a tool guessed and no person has checked; it counts as untranslated.
    public let fuzzy: Bool

    /// Has a checked, non-empty translation for every form.
    public var isTranslated: Bool { !fuzzy && !translations.isEmpty && translations.allSatisfy { !$0.isEmpty } }
}

public struct POError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// A gettext PO file as translators' tools (Poedit, Weblate, Lokalize) write it: the header's
/// fields and the entries by key. Obsolete entries (`#~`) are left out, as gettext leaves them out.
public struct POCatalog: Sendable {
    public let header: [String: String]
    public let entries: [POKey: POEntry]
    /// The keys in the order the file lists them.
    public let order: [POKey]

    /// The header's `Plural-Forms`, or English's rule when the file has none.
    public func pluralRule() throws(PluralRuleError) -> PluralRule {
        try PluralRule(header: header["Plural-Forms"] ?? "nplurals=2; plural=(n != 1);")
    }

    public init(parsing text: String) throws(POError) {
        var parser = POParser()
        // "\r\n" is one Character in Swift: a Windows line ending is split on as a whole.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            try parser.read(String(line.hasSuffix("\r") ? line.dropLast() : line), number: index + 1)
        }
        try parser.finishEntry()
        var header: [String: String] = [:]
        if let entry = parser.entries[POKey(context: nil, id: "")] {
            for field in (entry.translations.first ?? "").split(separator: "\n") {
                guard let colon = field.firstIndex(of: ":") else { continue }
                header[String(field[..<colon]).trimmed] = String(field[field.index(after: colon)...]).trimmed
            }
        }
        self.header = header
        entries = parser.entries.filter { !$0.key.id.isEmpty }
        order = parser.order.filter { !$0.id.isEmpty }
    }
}

/// Reads a PO file line by line into entries.
private struct POParser {
    enum Field: Equatable { case context, id, plural, translation(Int) }

    var entries: [POKey: POEntry] = [:]
    var order: [POKey] = []
    // The entry being read.
    var context: String?, id: String?, plural: String?
    var translations: [Int: String] = [:]
    var fuzzy = false, startLine = 0
    var field: Field?

    mutating func read(_ raw: String, number: Int) throws(POError) {
        let line = raw.trimmed
        if line.isEmpty { return try finishEntry() }
        if line.hasPrefix("#") {
            // A comment after a msgstr starts the next entry's comments.
            if case .translation = field { try finishEntry() }
            if line.hasPrefix("#,"), line.dropFirst(2).split(separator: ",").contains(where: { $0.trimmed == "fuzzy" }) { fuzzy = true }
            return
        }
        if line.hasPrefix("\"") { return try append(POParser.string(line, number), number) }
        let (keyword, rest) = line.split(atFirstOf: " \t")
        let value = try POParser.string(rest.trimmed, number)
        switch keyword {
        case "msgctxt":
            try startIfAfterTranslation(number)
            guard context == nil, id == nil else { throw POError(line: number, reason: "msgctxt must come before its msgid") }
            context = value
            field = .context
        case "msgid":
            try startIfAfterTranslation(number)
            guard id == nil else { throw POError(line: number, reason: "a second msgid without a msgstr") }
            id = value
            field = .id
        case "msgid_plural":
            guard id != nil, plural == nil, translations.isEmpty else { throw POError(line: number, reason: "msgid_plural must follow its msgid") }
            plural = value
            field = .plural
        default:
            guard id != nil else { throw POError(line: number, reason: "\(keyword) before any msgid") }
            let index = try POParser.translationIndex(keyword, plural: plural != nil, number)
            guard translations[index] == nil else { throw POError(line: number, reason: "\(keyword) given twice") }
            translations[index] = value
            field = .translation(index)
        }
        if startLine == 0 { startLine = number }
    }

    /// "msgstr" for a singular entry; "msgstr[N]" for a plural one.
    static func translationIndex(_ keyword: String, plural: Bool, _ number: Int) throws(POError) -> Int {
        if keyword == "msgstr", !plural { return 0 }
        guard plural, keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
              let index = Int(keyword.dropFirst(7).dropLast()), (0..<6).contains(index) else {
            throw POError(line: number, reason: plural ? "a plural entry needs msgstr[0], msgstr[1], …, not \(keyword)"
                                                       : "unknown keyword \(keyword)")
        }
        return index
    }

    mutating func startIfAfterTranslation(_ number: Int) throws(POError) {
        if case .translation = field { try finishEntry() }
    }

    mutating func append(_ value: String, _ number: Int) throws(POError) {
        switch field {
        case .context: context? += value
        case .id: id? += value
        case .plural: plural? += value
        case let .translation(index): translations[index]? += value
        case nil: throw POError(line: number, reason: "a continued string with nothing before it")
        }
    }

    mutating func finishEntry() throws(POError) {
        defer { (context, id, plural, translations, fuzzy, field, startLine) = (nil, nil, nil, [:], false, nil, 0) }
        guard let id else {
            if context != nil || !translations.isEmpty { throw POError(line: startLine, reason: "an entry without msgid") }
            return
        }
        guard !translations.isEmpty else { throw POError(line: startLine, reason: "msgid \"\(id)\" has no msgstr") }
        let count = translations.count
        guard translations.keys.sorted() == Array(0..<count) else {
            throw POError(line: startLine, reason: "msgid \"\(id)\" skips a plural form")
        }
        let key = POKey(context: context, id: id)
        guard entries[key] == nil else { throw POError(line: startLine, reason: "\(key) appears twice") }
        entries[key] = POEntry(key: key, plural: plural, translations: (0..<count).map { translations[$0] ?? "" }, fuzzy: fuzzy)
        order.append(key)
    }

    /// A quoted C string as PO writes it: `"a \"b\"\n"`.
    static func string(_ text: String, _ number: Int) throws(POError) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            throw POError(line: number, reason: "expected a quoted string")
        }
        var result = ""
        var characters = text.dropFirst().dropLast().makeIterator()
        while let character = characters.next() {
            if character == "\"" { throw POError(line: number, reason: "an unescaped quote inside a string") }
            guard character == "\\" else { result.append(character); continue }
            guard let escaped = characters.next() else { throw POError(line: number, reason: "a string ends with a lone \\") }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "a": result.append("\u{07}")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "v": result.append("\u{0B}")
            case let other: throw POError(line: number, reason: "unknown escape \\\(other)")
            }
        }
        return result
    }
}

extension StringProtocol {
    var trimmed: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }

    /// The text before the first of `separators`, and the rest from it.
    func split(atFirstOf separators: String) -> (String, String) {
        guard let index = firstIndex(where: { separators.contains($0) }) else { return (String(self), "") }
        return (String(self[..<index]), String(self[index...]))
    }
}
