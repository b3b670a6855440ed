import XCTest
import HomeCrewCore
@testable import HomeCrewPaperText

/// The shipped catalogs against the keys the papers print (`PaperKey`): none missing, none left
/// over, no placeholder lost or invented, plural forms as the header counts them.
final class CatalogTests: XCTestCase {
    func texts() throws -> [PaperText] {
        try PaperLanguages.all.map { try PaperText(language: $0.tag) }
    }

    func testTheEnglishCatalogHoldsExactlyTheKeysThePapersPrint() throws {
        let english = try PaperText(language: "en")
        let used = Set(PaperKey.allCases.map(\.catalogKey))
        let listed = Set(english.catalog.entries.keys)
        XCTAssertEqual(used.subtracting(listed).map(\.description).sorted(), [], "keys the papers print but en.po lacks")
        XCTAssertEqual(listed.subtracting(used).map(\.description).sorted(), [], "keys in en.po that no paper prints")
        for key in PaperKey.allCases {
            XCTAssertEqual(english.catalog.entries[key.catalogKey]?.plural, key.entry.plural, "msgid_plural of \(key.catalogKey)")
        }
    }

    func testEveryCatalogHasEveryEnglishKeyAndNoOther() throws {
        let english = try PaperText(language: "en").catalog
        for text in try texts() {
            let keys = Set(text.catalog.entries.keys)
            XCTAssertEqual(Set(english.entries.keys).subtracting(keys).map(\.description).sorted(), [], "\(text.language).po lacks these")
            XCTAssertEqual(keys.subtracting(english.entries.keys).map(\.description).sorted(), [], "\(text.language).po has these extra")
            for (key, entry) in text.catalog.entries {
                XCTAssertEqual(entry.plural, english.entries[key]?.plural, "\(text.language).po: msgid_plural of \(key)")
            }
        }
    }

    /// Every translation fills the same `{name}`s as its English. A plural's forms may leave out
    /// `{count}` where the language says the number in words ("يومان", two days), except the last
    /// form, which serves every other count.
    func testNoPlaceholderIsDroppedOrAdded() throws {
        for text in try texts() {
            for entry in text.catalog.entries.values {
                let english = PaperText.placeholders(entry.plural ?? entry.key.id)
                for (index, form) in entry.translations.enumerated() {
                    var expected = english
                    if entry.plural != nil, index < entry.translations.count - 1, !form.contains("{count}") { expected.remove("count") }
                    XCTAssertEqual(PaperText.placeholders(form), expected, "\(text.language).po, \(entry.key), form \(index): \(form)")
                    XCTAssertEqual(form.filter { $0 == "{" }.count, form.filter { $0 == "}" }.count, "\(text.language).po: unbalanced braces in \(form)")
                }
            }
        }
    }

    func testPluralEntriesHaveAsManyFormsAsTheHeaderSays() throws {
        for text in try texts() {
            for entry in text.catalog.entries.values {
                XCTAssertEqual(entry.translations.count, entry.plural == nil ? 1 : text.rule.count, "\(text.language).po, \(entry.key)")
            }
        }
    }

    /// Each header's formula gives CLDR's category for whole numbers (cldr.unicode.org plural rules, v46).
    func testEachHeadersPluralRuleIsCLDRs() throws {
        let expected: [String: [Int: Int]] = [
            "en": [0: 1, 1: 0, 2: 1, 11: 1],
            "fil": [0: 0, 1: 0, 2: 0, 3: 0, 4: 1, 5: 0, 6: 1, 9: 1, 10: 0, 14: 1, 21: 0],
            "id": [0: 0, 1: 0, 2: 0], "zh-Hant": [0: 0, 1: 0, 5: 0], "ja": [0: 0, 1: 0, 5: 0],
            "hi": [0: 0, 1: 0, 2: 1, 30: 1], "bn": [0: 0, 1: 0, 2: 1], "si": [0: 0, 1: 0, 2: 1],
            "ne": [0: 1, 1: 0, 2: 1], "ta": [0: 1, 1: 0, 2: 1], "ur": [0: 1, 1: 0, 2: 1],
            "ar": [0: 0, 1: 1, 2: 2, 3: 3, 10: 3, 11: 4, 30: 4, 99: 4, 100: 5, 102: 5, 103: 3, 111: 4],
        ]
        for text in try texts() {
            let cases = try XCTUnwrap(expected[text.language], "no CLDR examples for \(text.language)")
            for (n, form) in cases { XCTAssertEqual(text.rule.form(for: n), form, "\(text.language): n = \(n)") }
        }
    }

    func testEveryLanguageIsCompleteAndOnlyCompleteOnesAreOffered() throws {
        XCTAssertEqual(PaperLanguages.complete.map(\.tag), PaperLanguages.all.map(\.tag))
        for text in try texts() {
            let untranslated = Set(PaperKey.allCases.map(\.catalogKey)).subtracting(text.translatedKeys)
            XCTAssertEqual(untranslated.map(\.description).sorted(), [], "\(text.language).po leaves these untranslated")
        }
    }

    /// A translation that is the English text again is allowed only where the word is shared (UPI).
    func testTranslationsAreNotTheEnglishLeftInPlace() throws {
        let shared: Set<String> = ["UPI", "{month} ({amount})", "{whole} {currency}", "{start} to {end} ({service})",
                                   "Gratuity", "cash", "bank transfer", "Total: {amount}", "No. {number}",
                                   "Payslip — {month}",
                                   // A settlement's arithmetic, in figures only.
                                   "{wage} ÷ {divisor}", "12 × {wage} ÷ {days}", "{months} × {wage} × {short}/{period} = {amount}",
                                   "{short} × {wage} ÷ {divisor} = {amount}"]
        for text in try texts() where text.language != "en" {
            for entry in text.catalog.entries.values where !shared.contains(entry.key.id) {
                XCTAssertNotEqual(entry.translations.first, entry.key.id, "\(text.language).po copies the English of \(entry.key)")
            }
        }
    }
}

/// `staff add --language` accepts exactly the languages whose papers can be printed: a tag whose
/// catalog is missing or incomplete must not be given to a person.
final class AcceptedLanguagesTests: XCTestCase {
    func testThePeoplesLanguagesAreTheCompleteCatalogs() {
        XCTAssertEqual(StaffLanguage.accepted.map(\.tag), PaperLanguages.complete.map(\.tag))
    }
}
