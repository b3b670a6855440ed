/// Where each field of a zone sits (ICAO 9303 parts 4–7), counted from 0 here; evidence and
/// reasons count from 1, as the specification does.
struct ZoneLayout {
    struct Span: Hashable {
        var line: Int
        var range: Range<Int>
    }

    struct Position: Hashable {
        var line: Int
        var index: Int
    }

    /// A check digit and the characters it covers.
    struct Check {
        var name: String
        var covers: [Span]
        var digit: Position
    }

    /// What may stand at a position, which decides how an OCR confusion is undone there.
    enum CharacterClass {
        case digits, letters, name, alphanumeric
    }

    let format: ZoneFormat
    let code: Span
    let state: Span
    let name: Span
    let number: Span
    let numberCheck: Position
    let nationality: Span
    let birth: Span
    let birthCheck: Position
    let sex: Position
    let expiry: Span
    let expiryCheck: Position
    let optional: [Span]
    /// TD3 only: the personal number's own check digit.
    let optionalCheck: Position?
    let composite: Check?

    static func of(_ format: ZoneFormat) -> ZoneLayout {
        switch format {
        case .td3, .mrvA, .td2, .mrvB:
            let length = format.lineLength
            let hasComposite = format == .td3 || format == .td2
            let optionalEnd = format == .td3 ? 42 : (format == .td2 ? 35 : length)
            return ZoneLayout(
                format: format, code: Span(line: 0, range: 0..<2), state: Span(line: 0, range: 2..<5),
                name: Span(line: 0, range: 5..<length), number: Span(line: 1, range: 0..<9),
                numberCheck: Position(line: 1, index: 9), nationality: Span(line: 1, range: 10..<13),
                birth: Span(line: 1, range: 13..<19), birthCheck: Position(line: 1, index: 19),
                sex: Position(line: 1, index: 20), expiry: Span(line: 1, range: 21..<27),
                expiryCheck: Position(line: 1, index: 27), optional: [Span(line: 1, range: 28..<optionalEnd)],
                optionalCheck: format == .td3 ? Position(line: 1, index: 42) : nil,
                composite: hasComposite
                    ? Check(name: "composite", covers: [Span(line: 1, range: 0..<10), Span(line: 1, range: 13..<20),
                                                        Span(line: 1, range: 21..<(length - 1))],
                            digit: Position(line: 1, index: length - 1))
                    : nil)
        case .td1:
            return ZoneLayout(
                format: format, code: Span(line: 0, range: 0..<2), state: Span(line: 0, range: 2..<5),
                name: Span(line: 2, range: 0..<30), number: Span(line: 0, range: 5..<14),
                numberCheck: Position(line: 0, index: 14), nationality: Span(line: 1, range: 15..<18),
                birth: Span(line: 1, range: 0..<6), birthCheck: Position(line: 1, index: 6),
                sex: Position(line: 1, index: 7), expiry: Span(line: 1, range: 8..<14),
                expiryCheck: Position(line: 1, index: 14),
                optional: [Span(line: 0, range: 15..<30), Span(line: 1, range: 18..<29)], optionalCheck: nil,
                composite: Check(name: "composite", covers: [Span(line: 0, range: 5..<30), Span(line: 1, range: 0..<7),
                                                             Span(line: 1, range: 8..<15), Span(line: 1, range: 18..<29)],
                                 digit: Position(line: 1, index: 29)))
        }
    }

    /// The class of every position, line by line.
    func classes() -> [[CharacterClass]] {
        var classes = Array(repeating: Array(repeating: CharacterClass.alphanumeric, count: format.lineLength), count: format.lineCount)
        func mark(_ span: Span, _ kind: CharacterClass) { for index in span.range { classes[span.line][index] = kind } }
        func mark(_ position: Position, _ kind: CharacterClass) { classes[position.line][position.index] = kind }
        mark(code, .letters)
        mark(state, .letters)
        mark(nationality, .letters)
        mark(sex, .letters)
        mark(name, .name)
        mark(birth, .digits)
        mark(expiry, .digits)
        for position in [numberCheck, birthCheck, expiryCheck] + [optionalCheck, composite?.digit].compactMap({ $0 }) {
            mark(position, .digits)
        }
        return classes
    }

    /// Every check digit of the format. TD1's document number may run on into the optional
    /// data (part 5, note j): its check digit is then the last character before the first filler there.
    func checks(_ lines: [[UInt8]]) -> [(name: String, data: [UInt8], digit: UInt8)] {
        func bytes(_ span: Span) -> [UInt8] { Array(lines[span.line][span.range]) }
        func at(_ position: Position) -> UInt8 { lines[position.line][position.index] }
        var result: [(name: String, data: [UInt8], digit: UInt8)] = []
        if format == .td1, at(numberCheck) == CheckDigit.filler, lines[0][15] != CheckDigit.filler {
            let rest = Array(lines[0][15..<30].prefix { $0 != CheckDigit.filler })
            result.append(("document number", bytes(number) + rest.dropLast(), rest.last ?? CheckDigit.filler))
        } else {
            result.append(("document number", bytes(number), at(numberCheck)))
        }
        result.append(("date of birth", bytes(birth), at(birthCheck)))
        result.append(("date of expiry", bytes(expiry), at(expiryCheck)))
        if let optionalCheck, let span = optional.first { result.append(("personal number", bytes(span), at(optionalCheck))) }
        if let composite { result.append((composite.name, composite.covers.flatMap(bytes), at(composite.digit))) }
        return result
    }

    /// The document number as the zone holds it, a TD1 number's continuation included.
    func documentNumber(_ lines: [[UInt8]]) -> String {
        var data = Array(lines[number.line][number.range])
        if format == .td1, lines[0][14] == CheckDigit.filler, lines[0][15] != CheckDigit.filler {
            data += lines[0][15..<30].prefix { $0 != CheckDigit.filler }.dropLast()
        }
        return ZoneText.withoutFillers(data)
    }
}

enum ZoneText {
    static func string(_ bytes: some Sequence<UInt8>) -> String { String(decoding: Array(bytes), as: UTF8.self) }

    /// Fillers at the ends removed, fillers inside read as spaces.
    static func withoutFillers(_ bytes: some Sequence<UInt8>) -> String {
        string(bytes).split(separator: "<", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

extension MachineReadableZone {
    /// What the zone's check digits cover ("document number", "date of birth", "date of expiry", a
    /// passport's "personal number", the "composite"): in a zone that was read, every one agrees, but
    /// the number's and the composite when the number was set aside (`numberSetAside`).
    public var checkDigits: [String] {
        let layout = ZoneLayout.of(format)
        return (numberSetAside ? [] : ["document number"]) + ["date of birth", "date of expiry"]
            + (layout.optionalCheck == nil ? [] : ["personal number"])
            + (numberSetAside ? [] : layout.composite.map { [$0.name] } ?? [])
    }
}
