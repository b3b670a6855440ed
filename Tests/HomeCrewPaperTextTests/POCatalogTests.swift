import XCTest
@testable import HomeCrewPaperText

/// The PO syntax translators' tools write, and the files they must not be able to slip past.
final class POCatalogTests: XCTestCase {
    func testReadsContextsPluralsContinuedStringsEscapesAndComments() throws {
        let text = #"""
        # translator's comment
        msgid ""
        msgstr ""
        "Language: ar\n"
        "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\n"

        #. extracted comment
        #: Sources/somewhere.swift:12
        msgctxt "receipt"
        msgid "Note"
        msgstr "ملاحظة"

        msgctxt "settlement"
        msgid "Note"
        msgstr ""
        "ملاحظة "
        "ختامية"

        msgid "Say \"{name}\"\tplease\\"
        msgstr "قل \"{name}\"\n"

        msgid "{count} day"
        msgid_plural "{count} days"
        msgstr[0] "يوم"
        msgstr[1] "يومان"
        msgstr[2] "{count} أيام"
        # A comment straight after a msgstr starts the next entry.
        #, fuzzy, c-format
        msgid "Guessed"
        msgstr "مخمن"
        #~ msgid "Obsolete"
        #~ msgstr "قديم"
        """#
        let catalog = try POCatalog(parsing: text)
        XCTAssertEqual(catalog.header["Language"], "ar")
        XCTAssertEqual(try catalog.pluralRule().count, 3)
        XCTAssertEqual(catalog.entries[POKey(context: "receipt", id: "Note")]?.translations, ["ملاحظة"])
        XCTAssertEqual(catalog.entries[POKey(context: "settlement", id: "Note")]?.translations, ["ملاحظة ختامية"])
        XCTAssertEqual(catalog.entries[POKey(context: nil, id: "Say \"{name}\"\tplease\\")]?.translations, ["قل \"{name}\"\n"])
        let plural = try XCTUnwrap(catalog.entries[POKey(context: nil, id: "{count} day")])
        XCTAssertEqual(plural.plural, "{count} days")
        XCTAssertEqual(plural.translations, ["يوم", "يومان", "{count} أيام"])
        let guessed = try XCTUnwrap(catalog.entries[POKey(context: nil, id: "Guessed")])
        XCTAssertTrue(guessed.fuzzy)
        XCTAssertFalse(guessed.isTranslated, "a fuzzy entry counts as untranslated")
        XCTAssertNil(catalog.entries[POKey(context: nil, id: "Obsolete")], "#~ entries are obsolete")
        XCTAssertEqual(catalog.order.count, 5)
    }

    func testReadsWindowsLineEndingsAndEmptyTranslationsAsUntranslated() throws {
        let catalog = try POCatalog(parsing: "msgid \"Net pay\"\r\nmsgstr \"\"\r\n\r\nmsgid \"Period\"\r\nmsgstr \"Periode\"\r\n")
        XCTAssertEqual(catalog.entries[POKey(context: nil, id: "Period")]?.translations, ["Periode"])
        XCTAssertEqual(catalog.entries[POKey(context: nil, id: "Net pay")]?.isTranslated, false)
    }

    func testRefusesBrokenFilesWithTheLine() {
        let broken: [(String, Int, String)] = [
            ("msgid \"a\"\nmsgstr \"b\\q\"\n", 2, "unknown escape"),
            ("msgid \"a\"\nmsgstr \"b\n", 2, "quoted string"),
            ("msgid \"a\"\nmsgstr \"b\"c\"\n", 2, "unescaped quote"),
            ("msgstr \"b\"\n", 1, "before any msgid"),
            ("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n", 4, "appears twice"),
            ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr \"b\"\n", 3, "msgstr[0]"),
            ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"b\"\nmsgstr[2] \"c\"\n", 1, "skips a plural form"),
            ("msgid \"a\"\n\nmsgid \"b\"\nmsgstr \"c\"\n", 1, "has no msgstr"),
            ("\"orphan\"\n", 1, "nothing before it"),
            ("msgid \"a\"\nmsgstr \"b\"\nmsgctxt \"c\"\nmsgstr \"d\"\n", 4, "before any msgid"),
        ]
        for (text, line, reason) in broken {
            XCTAssertThrowsError(try POCatalog(parsing: text), text) { error in
                let error = error as? POError
                XCTAssertEqual(error?.line, line, "\(text): \(String(describing: error))")
                XCTAssertTrue(error?.reason.contains(reason) == true, "\(text): \(String(describing: error))")
            }
        }
    }
}

final class PluralRuleTests: XCTestCase {
    func testEvaluatesCPrecedenceAndConditionals() throws {
        let arabic = try PluralRule(header: "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;")
        XCTAssertEqual([0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000].map(arabic.form(for:)), [0, 1, 2, 3, 3, 4, 4, 5, 5, 5, 3, 4, 5])
        // Russian's three forms: || binds looser than &&, ! and the comparison chain.
        let russian = try PluralRule(header: "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        XCTAssertEqual([1, 2, 5, 11, 12, 21, 22, 25, 111].map(russian.form(for:)), [0, 1, 2, 2, 2, 0, 1, 2, 2])
        let arithmetic = try PluralRule(header: "nplurals=6; plural=!(n - 2 * 3 + 4 / 2 - 4);")
        XCTAssertEqual(arithmetic.form(for: 8), 1, "8 - 6 + 2 - 4 = 0, and !0 = 1")
        XCTAssertEqual(arithmetic.form(for: 7), 0)
    }

    func testKeepsTheFormInRangeAndSurvivesDivisionByZero() throws {
        XCTAssertEqual(try PluralRule(header: "nplurals=2; plural=n;").form(for: 7), 1, "past the last form gives the last")
        XCTAssertEqual(try PluralRule(header: "nplurals=2; plural=n / 0 + n % 0;").form(for: 7), 0)
    }

    func testRefusesWhatGettextsGrammarDoesNotHave() {
        let broken = ["nplurals=2; plural=(n != 1", "nplurals=2; plural=n != 1)", "nplurals=2; plural=system(n);",
                      "nplurals=9; plural=n;", "plural=n;", "nplurals=2;", "nplurals=2; plural=n ? 1;",
                      "nplurals=2; plural=" + String(repeating: "(", count: 100) + "n" + String(repeating: ")", count: 100) + ";",
                      "nplurals=2; plural=n == 99999999999;", "nplurals=2; plural=1; extra=2;"]
        for header in broken {
            XCTAssertThrowsError(try PluralRule(header: header), header)
        }
    }
}
