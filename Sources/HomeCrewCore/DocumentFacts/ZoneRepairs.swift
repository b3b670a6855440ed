/// OCR confusions in zones (OCR-B's `O`/`0`, `Q`/`0`, `I`/`1`, `S`/`5`, `B`/`8`, `Z`/`2`, `G`/`6`, and the
/// filler `<` read as `K`), undone only by the class of a position: a letter where only digits
/// stand (dates, check digits), a digit where only letters do (codes, states, sex, names).
/// The check digits must then agree, or the zone gives nothing.
///
/// Alphanumeric fields (the document number, optional data) are never repaired. Any character
/// may stand there, and the composite check digit weighs each of their characters as the
/// field's own check digit does, so it cannot tell two repairs apart that the field's check
/// digit agrees with. Trying confusable characters out of place beside a neighbour (a letter
/// next to a digit), 51 of the 1,584 single misreadings of the published specimen's line 2
/// found a wrong "repair" that every check digit agreed with; 9 still did when both
/// neighbours had to be of the other kind (ZoneMisreadingTests). Three confusions are invisible to check digits altogether: `K` counts
/// 20 and `<` counts 0, `G` counts 16 and `6` counts 6, `S` counts 28 and `8` counts 8, and 10 times any weight is 0 modulo 10;
/// a field that ends in `KK` where fillers would be is therefore left without a value, and one holding
/// an `S` beside a digit too (`ZoneReader.holdsSBesideADigit`: tesseract reads a small scan's 8 as S).
/// A date's `S` is read 5 only: tried as 8 where its check digit then agrees, a second misreading
/// let a wrong date through (a review's simulation: 16-40% more wrong dates; BENCHMARKS.md).
enum Repair {
    static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
    static func isDigitOrFiller(_ byte: UInt8) -> Bool { isDigit(byte) || byte == CheckDigit.filler }
    static func allDigits(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy(isDigit) }

    private static let letterForDigit: [UInt8: UInt8] = pairs([("0", "O"), ("1", "I"), ("2", "Z"), ("5", "S"), ("6", "G"), ("8", "B")])
    // Q for 0 too: a small card's 0 blurs into OCR-B's Q (its tail a pixel or two) as into an O.
    private static let digitForLetter: [UInt8: UInt8] = pairs([("O", "0"), ("Q", "0"), ("I", "1"), ("Z", "2"), ("S", "5"), ("G", "6"), ("B", "8"), ("K", "<")])

    private static func pairs(_ list: [(Character, Character)]) -> [UInt8: UInt8] {
        Dictionary(uniqueKeysWithValues: list.map { ($0.0.asciiValue!, $0.1.asciiValue!) })
    }

    /// The digit (or filler, for `K`) a letter read in a digits-only position must have been.
    static func asDigit(_ byte: UInt8) -> UInt8? { digitForLetter[byte] }
    /// The letter a digit read in a letters-only position must have been.
    static func asLetter(_ byte: UInt8) -> UInt8? { letterForDigit[byte] }
}
