import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore
import HomeCrewTestSupport

/// The byte test a name search makes first never turns away a person Foundation's `contains` finds.
final class StaffNamesTests: XCTestCase {
    func testTheDecomposedBytesHoldEveryASCIIWordFoundationFindsInAName() {
        // Names of precomposed and decomposed letters, marks alone, singletons NFC replaces (the Kelvin
        // sign), dotted and dotless i, ligatures, Devanagari with vowel signs and virama, Hangul
        // syllables and jamo, Arabic, CJK, emoji; words of ASCII, the ones the byte test judges.
        let pieces = ["a", "A", "e", "k", "K", "s", "i", "I", "n", "f", "l", "o", "-", "'", ".", "0", "1", "\u{212A}", "\u{E1}", "a\u{301}",
                      "\u{301}", "\u{323}", "\u{307}", "\u{1E69}", "s\u{323}\u{307}", "\u{EA}", "\u{1EC7}", "\u{F1}", "n\u{303}", "\u{130}",
                      "\u{131}", "\u{FB01}", "\u{FB00}", "\u{1E9E}", "ß", "\u{2160}", "\u{FF21}", "\u{2126}", "\u{212B}", "क", "ि", "्",
                      "ष", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}", "ف", "ة", "田", "Ω", "Σ", "ς", "👩", "\u{200D}", "\u{FE0F}", " "]
        let ascii = ["a", "e", "k", "s", "i", "n", "f", "l", "o", "ss", "fi", "ff", "-", "'", ".", "0", "1", "ae", "ia", "sk"]
        var generator = Seeded(state: 53)
        var found = 0
        for _ in 0..<50_000 {
            let name = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let word = NameKey.of((0..<Int.random(in: 1...3, using: &generator)).map { _ in ascii.randomElement(using: &generator)! }.joined())
            guard let bytes = StaffNames.asciiWord(word) else { continue }
            let key = NameKey.of(name)
            let named = StaffNames.Named(id: "", key: key, decomposed: StaffNames.decomposed(key))
            if key.contains(word) {
                found += 1
                XCTAssertTrue(named.mayHold(bytes), "\(word) in \(key.unicodeScalars.map(\.value))")
            }
        }
        XCTAssertGreaterThan(found, 1_000, "the pieces make names that hold the word often enough to test")
        // Words of other scripts are not judged by bytes: Foundation finds U+1E69 where its bytes are not.
        XCTAssertNil(StaffNames.asciiWord("\u{1E69}"))
        XCTAssertTrue("si\u{307}".contains("\u{1E69}"), "if Foundation stops finding it, the byte test may judge more words")
        XCTAssertNil(StaffNames.asciiWord("a b"))
    }

    func testAByteSearchFindsWordsAtTheStartTheEndAndNowhereElse() {
        let named = StaffNames.Named(id: "", key: "asha devi", decomposed: StaffNames.decomposed("asha devi"))
        XCTAssertTrue(named.mayHold(StaffNames.decomposed("asha")))
        XCTAssertTrue(named.mayHold(StaffNames.decomposed("devi")))
        XCTAssertTrue(named.mayHold(StaffNames.decomposed("a d")))
        XCTAssertFalse(named.mayHold(StaffNames.decomposed("devil")))
        XCTAssertFalse(named.mayHold(StaffNames.decomposed("ashaa")))
        XCTAssertFalse(named.mayHold(StaffNames.decomposed("kumar")))
    }
}
