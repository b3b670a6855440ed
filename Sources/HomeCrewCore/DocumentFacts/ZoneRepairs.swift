/// OCR confusions in zones (OCR-B's `O`/`0`, `I`/`1`, `S`/`5`, `B`/`8`, `Z`/`2`, `G`/`6`, and the
/// filler `<` read as `K`), undone by the class of the position, or for alphanumeric fields only
/// when exactly one repair makes every check digit agree.
///
/// Two confusions are invisible to the 7-3-1 check digits: `K` counts 20 and `<` counts 0, `G`
/// counts 16 and `6` counts 6, and a difference of 10 times any weight is 0 modulo 10. So they
/// are undone only where the class of the position decides (a `K` or `G` where only digits
/// stand), never by trying them against check digits; a field that ends in `KK` where
/// fillers would be is left without a value (`ZoneReader.fields`).
enum Repair {
    static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    static func isDigitOrFiller(_ byte: UInt8) -> Bool { isDigit(byte) || byte == CheckDigit.filler }
    static func allDigits(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy(isDigit) }

    private static let letterForDigit: [UInt8: UInt8] = pairs([("0", "O"), ("1", "I"), ("2", "Z"), ("5", "S"), ("6", "G"), ("8", "B")])
    private static let digitForLetter: [UInt8: UInt8] = pairs([("O", "0"), ("I", "1"), ("Z", "2"), ("S", "5"), ("G", "6"), ("B", "8"), ("K", "<")])

    private static func pairs(_ list: [(Character, Character)]) -> [UInt8: UInt8] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.0.asciiValue!, $0.1.asciiValue!) })
    }

    /// The digit (or filler, for `K`) a letter read in a digits-only position must have been.
    static func asDigit(_ byte: UInt8) -> UInt8? { digitForLetter[byte] }
    /// The letter a digit read in a letters-only position must have been.
    static func asLetter(_ byte: UInt8) -> UInt8? { letterForDigit[byte] }
    /// The character a character in an alphanumeric field may have been, either way, among the
    /// confusions a check digit can tell apart.
    static func confusable(_ byte: UInt8) -> UInt8? {
        guard !checkNeutral.contains(byte) else { return nil }
        return letterForDigit[byte] ?? digitForLetter[byte]
    }

    private static let checkNeutral: Set<UInt8> = [UInt8(ascii: "K"), CheckDigit.filler, UInt8(ascii: "G"), UInt8(ascii: "6")]

    enum Agreement {
        case none
        case one([[UInt8]], [ZoneRepair])
        case many(Int)
        case tooMany(limit: Int)
    }

    typealias Edit = (line: Int, index: Int, byte: UInt8)

    /// Tries the repairs of the alphanumeric fields that have their own check digit together, one
    /// confusion a field; the composite check digit must agree as well. Visas have no composite check
    /// digit, so a repair there would rest on one check digit alone (one chance in ten of agreeing
    /// by accident): their fields are never repaired.
    static func uniqueAgreement(_ lines: [[UInt8]], layout: ZoneLayout, limits: DocumentFacts.Limits,
                                work: inout DocumentFacts.Work) -> Agreement {
        guard layout.composite != nil else { return .none }
        let longNumber = layout.format == .td1 && lines[0][14] == CheckDigit.filler && lines[0][15] != CheckDigit.filler
        var fields: [(span: ZoneLayout.Span, check: ZoneLayout.Position)] = []
        if !longNumber { fields.append((layout.number, layout.numberCheck)) }
        if let check = layout.optionalCheck, let span = layout.optional.first { fields.append((span, check)) }
        var choices: [[[Edit]]] = []
        for field in fields {
            let check = lines[field.check.line][field.check.index]
            choices.append(variants(lines, field.span).filter { edits in
                var data = Array(lines[field.span.line][field.span.range])
                for edit in edits { data[edit.index - field.span.range.lowerBound] = edit.byte }
                return CheckDigit.agrees(data, check)
            })
        }
        let combinations = choices.reduce(1) { $0 * max($1.count, 1) }
        guard combinations <= limits.repairCombinations else { return .tooMany(limit: limits.repairCombinations) }
        var agreeing: [([[UInt8]], [Edit])] = []
        for combination in product(choices) {
            work.repairCombinations += 1
            var candidate = lines
            for edit in combination { candidate[edit.line][edit.index] = edit.byte }
            if layout.checks(candidate).allSatisfy({ CheckDigit.agrees($0.data, $0.digit) }) {
                agreeing.append((candidate, combination))
            }
        }
        guard agreeing.count == 1, let (repaired, edits) = agreeing.first else {
            return agreeing.isEmpty ? .none : .many(agreeing.count)
        }
        return .one(repaired, edits.map {
            ZoneRepair(zoneLine: $0.line + 1, position: $0.index + 1, read: Character(Unicode.Scalar(lines[$0.line][$0.index])),
                       repaired: Character(Unicode.Scalar($0.byte)))
        })
    }

    /// A field as read, and with each single confusion.
    static func variants(_ lines: [[UInt8]], _ span: ZoneLayout.Span) -> [[Edit]] {
        let field = lines[span.line][span.range]
        var options: [[Edit]] = [[]]
        for index in span.range {
            if let other = confusable(field[index]) { options.append([(span.line, index, other)]) }
        }
        return options
    }

    static func product(_ choices: [[[Edit]]]) -> [[Edit]] {
        choices.reduce([[]]) { partial, options in
            partial.flatMap { prefix in options.map { prefix + $0 } }
        }
    }
}
