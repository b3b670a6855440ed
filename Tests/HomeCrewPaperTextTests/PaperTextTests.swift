import XCTest
import HomeCrewCore
@testable import HomeCrewPaperText

final class PaperTextTests: XCTestCase {
    func testFillsNamedPlaceholdersOnceAndLeavesTypedBracesAlone() throws {
        let hindi = try PaperText(language: "hi")
        XCTAssertEqual(hindi.text(.total, ["amount": "₹1,200.00"]), "कुल: ₹1,200.00")
        let sneaky = PaperText.fill("{employee} received {amount} from {household}",
                                    ["employee": "Asha {household}", "amount": "{amount}", "household": "Sea View"])
        XCTAssertEqual(sneaky, "Asha {household} received {amount} from Sea View", "a value is never filled again")
        XCTAssertEqual(PaperText.fill("{unknown} {a", ["a": "x"]), "{unknown} {a")
    }

    func testChoosesThePluralFormByTheLanguagesRule() throws {
        let arabic = try PaperText(language: "ar")
        XCTAssertEqual(arabic.plural(.days, count: 1), "يوم واحد")
        XCTAssertEqual(arabic.plural(.days, count: 2), "يومان")
        XCTAssertEqual(arabic.plural(.days, count: 5, ["count": "5"]), "5 أيام")
        XCTAssertEqual(arabic.plural(.days, count: 30, ["count": "30"]), "30 يومًا")
        XCTAssertEqual(arabic.plural(.days, count: 1, whole: false, ["count": "1.5"]), "1.5 يوم", "a fraction takes the last form")
        let english = try PaperText(language: "en")
        XCTAssertEqual(english.plural(.days, count: 1), "1 day")
        XCTAssertEqual(english.plural(.days, count: 1, whole: false, ["count": "1.5"]), "1.5 days")
        XCTAssertEqual(try PaperText(language: "hi").plural(.months, count: 2), "2 महीने")
    }

    func testGivesEnglishWhereACatalogLeavesAMessageUntranslated() throws {
        let catalog = try POCatalog(parsing: """
        msgid ""
        msgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgctxt "payslip"
        msgid "Net pay"
        msgstr ""

        #, fuzzy
        msgctxt "payslip"
        msgid "Period"
        msgstr "Periode"
        """)
        let text = try PaperText(language: "xx", catalog: catalog)
        XCTAssertEqual(text.text(.netPay), "Net pay")
        XCTAssertEqual(text.text(.period), "Period", "a fuzzy translation is not used")
        XCTAssertEqual(text.plural(.days, count: 3), "3 days")
        XCTAssertFalse(text.translatedKeys.contains(PaperKey.period.catalogKey))
    }

    func testRefusesALanguageWithoutACatalogListingTheKnownOnes() {
        XCTAssertThrowsError(try PaperText(language: "../en")) { error in
            XCTAssertEqual((error as? PaperTextError)?.description.hasPrefix("no catalog for the language '../en'; known: en, fil, id, hi"), true)
        }
    }

    func testADurationIsSaidInTheLanguage() throws {
        let english = try PaperText(language: "en"), japanese = try PaperText(language: "ja")
        let format = PaperFormat(language: try XCTUnwrap(PaperLanguages.language("en")))
        XCTAssertEqual(english.duration(years: 3, months: 1, days: 0, format: format), "3 years and 1 month")
        XCTAssertEqual(english.duration(years: 0, months: 0, days: 0, format: format), "0 days")
        let ja = PaperFormat(language: try XCTUnwrap(PaperLanguages.language("ja")))
        XCTAssertTrue(japanese.duration(years: 3, months: 1, days: 5, format: ja).hasPrefix("3年"))
    }
}

final class DomainKeyTests: XCTestCase {
    /// Each method, leaving reason and settlement part has words of its own in every catalog.
    func testEveryDomainValueHasItsOwnWords() throws {
        let keys = PaymentMethod.allCases.map(PaperKey.init) + LeavingReason.allCases.map(PaperKey.init)
        XCTAssertEqual(Set(keys.map(\.catalogKey)).count, keys.count)
        let hindi = try PaperText(language: "hi")
        XCTAssertEqual(hindi.text(PaperKey(PaymentMethod.cash)), "नकद")
        XCTAssertEqual(hindi.text(PaperKey(LeavingReason.resignation)), "इस्तीफ़ा")
        XCTAssertEqual(hindi.text(PaperKey(Settlement.Part.gratuity)), "ग्रेच्युटी")
    }
}
