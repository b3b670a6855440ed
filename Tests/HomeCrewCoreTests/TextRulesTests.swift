import XCTest
@testable import HomeCrewCore

/// The text rules every person-written string obeys, and the limits on what a report or a
/// search may ask for: one place in Core, which the command line and the web both call.
final class TextRulesTests: XCTestCase {
    func testLengthsAreCountedInScalarsAndRefusedPastTheKindsLimit() throws {
        XCTAssertEqual(try TextField.required(String(repeating: "n", count: 200), field: "household name", kind: .name).count, 200)
        XCTAssertThrowsError(try TextField.required(String(repeating: "n", count: 201), field: "household name", kind: .name)) {
            XCTAssertEqual($0 as? RuleViolation, .tooLong(field: "household name", limit: 200, length: 201))
            XCTAssertEqual(($0 as? RuleViolation)?.category, .invalidData, "exit 65 on the command line")
        }
        // One character with 300 combining marks is 301 scalars: a character count would let it through.
        let zalgo = "a" + String(repeating: "\u{0301}\u{0316}", count: 150)
        XCTAssertEqual(zalgo.count, 1)
        XCTAssertThrowsError(try TextField.required(zalgo, field: "full legal name", kind: .name))
        XCTAssertThrowsError(try Household(name: String(repeating: "x", count: 5000)).validated()) {
            XCTAssertEqual($0 as? RuleViolation, .tooLong(field: "household name", limit: 200, length: 5000))
        }
        XCTAssertNoThrow(try TextField.optional(String(repeating: "note ", count: 1000), field: "notes", kind: .note))
        XCTAssertThrowsError(try TextField.optional(String(repeating: "note ", count: 1001), field: "notes", kind: .note))
    }

    func testControlCharactersAreRefusedNotCut() {
        for (text, name) in [("Nul\u{0}Byte", "[U+0000]"), ("Esc\u{1B}[31m", "[U+001B]"), ("Bell\u{7}", "[U+0007]"), ("C1\u{85}x", "[U+0085]"),
                             ("Del\u{7F}", "[U+007F]"), ("two\nlines", "[U+000A]")] {
            XCTAssertThrowsError(try TextField.required(text, field: "full legal name", kind: .name), text) {
                XCTAssertEqual($0 as? RuleViolation, .controlCharacter(field: "full legal name", scalar: name))
                XCTAssertTrue("\($0)".contains(name), "\($0)")
            }
        }
        XCTAssertEqual(try TextField.optional("Flat 3\nSea Road\tMumbai", field: "address", kind: .note), "Flat 3\nSea Road\tMumbai",
                       "notes and addresses keep their lines")
        XCTAssertThrowsError(try TextField.optional("ring\u{7} the bell", field: "notes", kind: .note))
    }

    func testTextDirectionControlsAreRefusedButScriptsAreNot() throws {
        for scalar in ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"] {
            XCTAssertThrowsError(try TextField.required("Ali \(scalar)gnp.exe Khan", field: "full legal name", kind: .name)) {
                guard case .bidiControl = $0 as? RuleViolation else { return XCTFail("\($0)") }
            }
        }
        for name in ["محمد علي", "דוד לוי", "सुनीता देवी", "田中 花子", "Zoë O'Brien-Núñez", "Ali محمد Khan"] {
            XCTAssertEqual(try TextField.required(name, field: "full legal name", kind: .name), name.precomposedStringWithCanonicalMapping)
        }
    }

    func testFileNamesAreShownWithTheirControlsWrittenOut() {
        XCTAssertEqual(Visible.text("\u{202E}fdp.exe"), "[U+202E]fdp.exe")
        XCTAssertEqual(Visible.text("evil\u{1B}]0;pwned\u{7}.pdf"), "evil[U+001B]]0;pwned[U+0007].pdf")
        XCTAssertEqual(Visible.text("contract.pdf"), "contract.pdf")
        XCTAssertEqual(Document.title(fromFileName: "Ali \u{202E}gnp.exe\u{202C}.png"), "Ali [U+202E]gnp.exe[U+202C]")
        let long = Document.title(fromFileName: String(repeating: "y", count: 900) + ".pdf")
        XCTAssertEqual(long.unicodeScalars.count, TextField.Kind.title.limit)
        XCTAssertNoThrow(try TextField.required(long, field: "document title", kind: .title), "a title made from a name obeys the rules")
    }

    func testASearchHasAtMostThirtyTwoDifferentWordsAndRepeatsCountOnce() throws {
        XCTAssertEqual(try SearchQuery.parse(String(repeating: "a* ", count: 200)), try SearchQuery.parse("a*"))
        XCTAssertEqual(try SearchQuery.parse("visa OR visa OR permit"), try SearchQuery.parse("visa OR permit"))
        let words = (1...33).map { "word\($0)" }
        XCTAssertNoThrow(try SearchQuery.parse(words.prefix(32).joined(separator: " ")))
        XCTAssertThrowsError(try SearchQuery.parse(words.joined(separator: " "))) {
            XCTAssertEqual($0 as? SearchQueryError, .tooManyWords(33))
            XCTAssertEqual(($0 as? SearchQueryError)?.category, .usage)
        }
        XCTAssertThrowsError(try SearchQuery.parse("\"" + words.joined(separator: " ") + "\""), "a phrase's words count") {
            XCTAssertEqual($0 as? SearchQueryError, .tooManyWords(33))
        }
        XCTAssertThrowsError(try SearchQuery.parse(String(repeating: "(", count: 600) + "a" + String(repeating: ")", count: 600))) {
            XCTAssertEqual($0 as? SearchQueryError, .tooLong(length: 1201))
        }
    }

    func testAReportPeriodIsAtMostTenYears() throws {
        XCTAssertThrowsError(try Period.parse("0001-01-01..9999-12-31", today: CalendarDate(parsing: "2026-11-24"))) {
            XCTAssertEqual($0 as? PeriodError, .tooLong(days: 3_652_059))
            XCTAssertEqual(($0 as? PeriodError)?.category, .usage, "exit 64 on the command line")
        }
        let start = try CalendarDate(parsing: "2017-01-01")
        let longest = try start.adding(days: Period.longestDays - 1)
        XCTAssertEqual(try Period.parse("\(start)..\(longest)", today: start).range.dayCount, Period.longestDays)
        XCTAssertThrowsError(try Period.parse("\(start)..\(try longest.adding(days: 1))", today: start)) {
            XCTAssertEqual($0 as? PeriodError, .tooLong(days: Period.longestDays + 1))
        }
    }

    func testTheDueWindowIsAWholeNumberOfDaysUpToTenYears() throws {
        XCTAssertEqual(try DueList.window(days: "0"), 0)
        XCTAssertEqual(try DueList.window(days: " 60 "), 60)
        XCTAssertEqual(try DueList.window(days: "3660"), 3660)
        for text in ["-5", "3661", "1e3", "sixty", "", "99999999999999999999999"] {
            XCTAssertThrowsError(try DueList.window(days: text), text) { XCTAssertEqual(($0 as? DueWindowError)?.text, text) }
        }
    }
}
