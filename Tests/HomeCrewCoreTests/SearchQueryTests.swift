import XCTest
@testable import HomeCrewCore

final class SearchQueryTests: XCTestCase {
    func fts(_ text: String) throws -> String { try SearchQuery.parse(text).fts5 }

    func testEveryConstructCompilesToQuotedFTS5() throws {
        XCTAssertEqual(try fts("notice"), "\"notice\"")
        XCTAssertEqual(try fts("notice period"), "(\"notice\" AND \"period\")")
        XCTAssertEqual(try fts("\"notice period\""), "(\"notice\" + \"period\")")
        XCTAssertEqual(try fts("noti*"), "\"noti\" *")
        XCTAssertEqual(try fts("visa OR passport"), "(\"visa\" OR \"passport\")")
        XCTAssertEqual(try fts("contract -draft"), "(\"contract\" NOT \"draft\")")
        XCTAssertEqual(try fts("contract NOT draft"), "(\"contract\" NOT \"draft\")")
        XCTAssertEqual(try fts("(visa OR passport) expiry"), "((\"visa\" OR \"passport\") AND \"expiry\")")
        XCTAssertEqual(try fts("staff:asha"), "staff : \"asha\"")
        XCTAssertEqual(try fts("staff:\"Asha Devi\""), "staff : (\"Asha\" + \"Devi\")")
        XCTAssertEqual(try fts("kind:visa household:sea title:contract"),
                       "(kind : \"visa\" AND household : \"sea\" AND title : \"contract\")")
        XCTAssertEqual(try fts("e-mail"), "(\"e\" + \"mail\")", "one written word of several index words is a phrase")
    }

    func testUserTextNeverBecomesFTS5Syntax() throws {
        // FTS5 keywords and punctuation inside words are quoted, never operators.
        XCTAssertEqual(try fts("NEAR and"), "(\"NEAR\" AND \"and\")")
        XCTAssertEqual(try fts("a^b"), "(\"a\" + \"b\")")
        XCTAssertEqual(try fts("{x} [y]"), "(\"x\" AND \"y\")")
    }

    func testCJKWordsBecomePhrasesOfCharacters() throws {
        XCTAssertEqual(try fts("人权"), "(\"人\" + \"权\")")
        XCTAssertEqual(try fts("世界人权宣言"), "(\"世\" + \"界\" + \"人\" + \"权\" + \"宣\" + \"言\")")
        XCTAssertEqual(try fts("日本語 text"), "((\"日\" + \"本\" + \"語\") AND \"text\")")
    }

    func testSyntaxErrorsExplainThemselves() {
        let cases: [(String, SearchQueryError)] = [
            ("", .empty), ("   ", .empty),
            ("\"notice period", .unclosedQuote),
            ("(visa OR passport", .unclosedParenthesis),
            ("visa OR", .missingOperand("OR")),
            ("OR visa", .unexpected("OR")),
            ("contract NOT", .missingOperand("NOT")),
            ("-draft", .onlyExclusions),
            ("visa)", .unexpected(")")),
            ("colour:red", .unknownField("colour")),
            ("staff:", .missingOperand("staff:")),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try SearchQuery.parse(text), text) { error in
                XCTAssertEqual(error as? SearchQueryError, expected, text)
            }
        }
        XCTAssertEqual(SearchQueryError.unclosedQuote.description, "a quote is not closed: close the phrase with \"")
    }

    func testSearchTextPreparesAndRestores() {
        XCTAssertEqual(SearchText.prepare("世界人权 rights"), "世 界 人 权 rights")
        XCTAssertEqual(SearchText.restore("世 界 \u{E000}人 权\u{E001} 宣 言 and more"), "世界\u{E000}人权\u{E001}宣言 and more")
        XCTAssertEqual(SearchText.prepare("Asha आशा"), "Asha आशा")
        // Text with nothing from U+0600 on is returned as it is (the fast path)…
        XCTAssertEqual(SearchText.prepare("Grüße, Señora Ægir — 25 000 €\n"), "Grüße, Señora Ægir — 25 000 €\n")
        // …and a single CJK character or Arabic word after a long Latin text is still found.
        let long = String(repeating: "contract ", count: 500)
        XCTAssertEqual(SearchText.prepare(long + "世界"), long + "世 界")
        XCTAssertEqual(SearchText.prepare(long + "حبيبي"), long + "حبيبي \u{1F}يبيبح")
        // Arabic: marks removed, a reversed copy for visually ordered PDFs, hidden again on display.
        XCTAssertEqual(SearchText.prepare("حَبيبي"), "حبيبي \u{1F}يبيبح")
        XCTAssertEqual(SearchText.prepareQuery("حَبيبي"), "حبيبي")
        XCTAssertEqual(SearchText.restore("حبيبي end \u{1F}\u{E000}يبيبح\u{E001}"), "\u{E000}حبيبي\u{E001} end")
        // Copies stand after the text, once each, so that words typed as a phrase stay side by side.
        XCTAssertEqual(SearchText.prepare("الراتب الشهري الراتب"), "الراتب الشهري الراتب \u{1F}بتارلا \u{1F}يرهشلا")
        XCTAssertEqual(SearchText.restore("\u{E000}الراتب\u{E001} الشهري \u{1F}\u{E000}بتارلا\u{E001} \u{1F}يرهشلا"),
                       "\u{E000}الراتب\u{E001} الشهري", "an original already marked is not marked twice")
        // Vaults indexed before copies moved to the end keep them beside their words; both read back.
        XCTAssertEqual(SearchText.restore("حبيبي \u{1F}\u{E000}يبيبح\u{E001} end"), "\u{E000}حبيبي\u{E001} end")
        // Text with neither CJK nor a copy (the fast path) loses only a last space, as the full path does.
        XCTAssertEqual(SearchText.restore("\u{E000}Grüße\u{E001} — आशा "), "\u{E000}Grüße\u{E001} — आशा")
        XCTAssertEqual(SearchText.restore("a  b"), "a  b")
        XCTAssertEqual(SearchText.restore("Gr\u{E000}ü\u{E001}ße \u{E000}世\u{E001} "), "Gr\u{E000}ü\u{E001}ße \u{E000}世\u{E001}")
    }
}

final class SearchTextTests: XCTestCase {
    func testPresentationFormsAndPointsBecomeTheLettersAKeyboardTypes() {
        // درهم drawn as its isolated, isolated, initial and final forms.
        XCTAssertEqual(SearchText.prepareQuery("\u{FEA9}\u{FEAD}\u{FEEB}\u{FEE2}"), "درهم")
        // Persian پ and ی in their contextual forms (U+FB58, U+FBFE).
        XCTAssertEqual(SearchText.prepareQuery("\u{FB58}\u{FBFE}"), "\u{067E}\u{06CC}")
        // Hebrew shin with shin dot (U+FB2A) and bet with dagesh (U+FB31): the letters without points.
        XCTAssertEqual(SearchText.prepareQuery("\u{FB2A}\u{05DC}\u{05D5}\u{05DD} \u{FB31}\u{05D9}\u{05EA}"), "שלום בית")
        // The lam-alef ligature is two letters.
        XCTAssertEqual(SearchText.prepareQuery("\u{FEFB}"), "لا")
        XCTAssertEqual(SearchText.prepareQuery("Hello World"), "Hello World", "text without such letters is untouched")
    }
}
