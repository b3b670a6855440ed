import XCTest
import HomeCrewCore
@testable import HomeCrewPaperText

/// Numbers, money, dates and words as each locale writes them (Foundation's ICU on this machine).
final class PaperFormatTests: XCTestCase {
    func format(_ tag: String, region: String? = nil) throws -> PaperFormat {
        PaperFormat(language: try XCTUnwrap(PaperLanguages.language(tag)), region: region)
    }

    func testIndianGroupingNepaliDigitsAndIndonesianSeparators() throws {
        let inr = try Currency(code: "INR"), npr = try Currency(code: "NPR"), idr = try Currency(code: "IDR")
        let amount = try XCTUnwrap(Decimal(string: "12345678.50"))
        XCTAssertEqual(try format("hi").amount(amount, currency: inr), "1,23,45,678.50")
        XCTAssertEqual(try format("hi").money(amount, currency: inr), "₹1,23,45,678.50")
        XCTAssertEqual(try format("ne").amount(amount, currency: npr), "१,२३,४५,६७८.५०")
        XCTAssertEqual(try format("ne").integer(30), "३०")
        XCTAssertEqual(try format("id").amount(amount, currency: idr), "12.345.678,50")
        XCTAssertEqual(try format("en").amount(amount, currency: inr), "12,345,678.50")
        XCTAssertEqual(try format("en", region: "IN").amount(amount, currency: inr), "1,23,45,678.50", "the household's region decides")
    }

    func testAmountsInRightToLeftLanguagesAreKeptLeftToRight() throws {
        let aed = try Currency(code: "AED")
        let money = try format("ar").money(Decimal(12500), currency: aed)
        XCTAssertTrue(money.hasPrefix("\u{2066}") && money.hasSuffix("\u{2069}"), money.debugDescription)
        XCTAssertTrue(money.contains("12,500.00"), money)
        XCTAssertTrue(try format("ur").amount(Decimal(5), currency: aed).hasPrefix("\u{2066}"))
        XCTAssertFalse(try format("hi").money(Decimal(5), currency: aed).contains("\u{2066}"))
    }

    func testLongDatesAreGregorianInEveryLanguage() throws {
        let day = try CalendarDate(year: 2026, month: 11, day: 28)
        XCTAssertEqual(try format("en").longDate(day), "28 November 2026")
        XCTAssertEqual(try format("ja").longDate(day), "2026年11月28日")
        XCTAssertEqual(try format("en").month(of: day), "November 2026")
        let hindi = try format("hi").longDate(day)
        XCTAssertTrue(hindi.contains("नवंबर"), hindi)
        // Saudi Arabia's locale counts in the Hijri calendar unless told otherwise.
        let saudi = try format("ar", region: "SA").longDate(day)
        XCTAssertTrue(saudi.contains("نوفمبر"), saudi)
    }

    /// ICU answers in English for some languages (si, bn, ur in 2026) instead of saying it has no
    /// words: such a language gives no words at all, and every other gives words that are not English.
    func testNeverEnglishWordsUnderAnotherLanguage() throws {
        let english = try XCTUnwrap(PaperFormat.spell(PaperFormat.probe, Locale(identifier: "en")))
        var withoutWords: [String] = []
        for language in PaperLanguages.all where language.tag != "en" {
            let format = PaperFormat(language: language)
            guard let words = format.spelledOut(PaperFormat.probe) else { withoutWords.append(language.tag); continue }
            XCTAssertNotEqual(words, english, language.tag)
            XCTAssertFalse(words.contains("thousand"), "\(language.tag): \(words)")
        }
        XCTAssertFalse(withoutWords.isEmpty, "no language was found without words: the English detection went untested")
        for tag in ["hi", "ar", "ja", "fil", "id"] { XCTAssertFalse(withoutWords.contains(tag), "\(tag) has words in ICU") }
    }

    func testAmountInWordsUsesTheCatalogAndGivesNilWithoutWords() throws {
        let inr = try Currency(code: "INR"), jpy = try Currency(code: "JPY")
        let hindi = try format("hi").amountInWords(try XCTUnwrap(Decimal(string: "1200.50")), currency: inr, text: PaperText(language: "hi"))
        let said = try XCTUnwrap(hindi)
        XCTAssertTrue(said.hasSuffix(" और 50/100"), said)
        XCTAssertFalse(said.lowercased().contains("thousand"), said)
        let japanese = try format("ja").amountInWords(Decimal(1200), currency: jpy, text: PaperText(language: "ja"))
        XCTAssertEqual(japanese?.hasPrefix("千二百"), true, japanese ?? "nil")
        let english = try format("en").amountInWords(Decimal(21), currency: inr, text: PaperText(language: "en"))
        XCTAssertEqual(english?.hasPrefix("twenty-one "), true, english ?? "nil")
        for language in PaperLanguages.all where !PaperFormat(language: language).spellsOut {
            XCTAssertNil(PaperFormat(language: language).amountInWords(Decimal(5), currency: inr, text: try PaperText(language: language.tag)))
        }
    }

    func testLanguageNamesForTheGoverningSentence() throws {
        let hindi = try PaperText(language: "hi")
        let sentence = hindi.text(.governingText, ["language": try format("hi").languageName("en")])
        XCTAssertEqual(sentence, "किसी भी अंतर की स्थिति में अंग्रेज़ी पाठ मान्य होगा।")
    }
}
