import XCTest
@testable import HomeCrewCLI
@testable import HomeCrewOperations

final class RenderingTests: XCTestCase {
    func testDisplayWidthCountsTerminalColumns() {
        XCTAssertEqual(DisplayWidth.of("Asha"), 4)
        XCTAssertEqual(DisplayWidth.of("山田太郎"), 8, "CJK ideographs are two columns wide")
        XCTAssertEqual(DisplayWidth.of("ハナコ"), 6)
        XCTAssertEqual(DisplayWidth.of("김민준"), 6)
        // Devanagari: the virama and the nasal sign are non-spacing (0), vowel sign AA is spacing (1).
        XCTAssertEqual(DisplayWidth.of("आशा"), 3)
        XCTAssertEqual(DisplayWidth.of("लक्ष्मी"), 5)
        // Arabic letters are one column; harakat (fatha U+064E) take none.
        XCTAssertEqual(DisplayWidth.of("فاطمة"), 5)
        XCTAssertEqual(DisplayWidth.of("مَ"), 1)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining accent takes no column")
    }

    func testHighlightsAndTheirEscapeSequencesTakeNoColumns() {
        XCTAssertEqual(DisplayWidth.visible("\u{1B}[1mAsha\u{1B}[0m"), 4)
        XCTAssertEqual(DisplayWidth.visible("山\u{1B}[1m田\u{1B}[0m"), 4)
        XCTAssertEqual(SearchPresenter.marked("a \u{E000}word\u{E001}\nnext", bold: false), "a [word] next")
        XCTAssertEqual(SearchPresenter.marked("a \u{E000}word\u{E001}", bold: true), "a \u{1B}[1mword\u{1B}[0m")
        XCTAssertEqual(SearchPresenter.marked("25000.00 INR", bold: true), "25000.00 INR")
        XCTAssertEqual(DisplayWidth.padded(SearchPresenter.marked("\u{E000}ab\u{E001}", bold: true), to: 4), "\u{1B}[1mab\u{1B}[0m  ")
    }

    func testTableColumnsLineUpForEveryScript() throws {
        var table = RecordTable(headers: ["NAME", "KNOWN AS", "SALARY"], rightAligned: ["SALARY"])
        table.append(["Asha Devi Kumari", "आशा", "25000.00 INR"])
        table.append(["田中 花子", "ハナコ", "280000 JPY"])
        table.append(["فاطمة الزهراء", "فاطمة", "2800.50 AED"])
        table.append(["Zoë Ångström", "Zoë", "1.000 KWD"])
        let lines = table.renderTable().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5)
        // The third column starts at the same terminal column on every line, and every
        // line (right-aligned last column) ends at the same column.
        let widths = lines.map(DisplayWidth.of)
        XCTAssertEqual(Set(widths).count, 1, "lines of unequal width:\n\(lines.joined(separator: "\n"))")
        for line in lines {
            let secondColumnStart = prefixWidth(line, upToField: 1)
            XCTAssertEqual(secondColumnStart, DisplayWidth.of("Asha Devi Kumari") + 2, line)
        }
    }

    /// Terminal columns before the `field`-th field (fields are separated by 2+ spaces).
    private func prefixWidth(_ line: String, upToField field: Int) -> Int {
        var width = 0
        var seen = 0
        var spaces = 0
        for character in line {
            if character == " " { spaces += 1 } else {
                if spaces >= 2 { seen += 1 }
                if seen == field { return width }
                spaces = 0
            }
            width += DisplayWidth.of(String(character))
        }
        return width
    }

    func testCSVFollowsRFC4180() {
        var table = RecordTable(headers: ["name", "notes"])
        table.append(["Asha", "cooks, cleans"])
        table.append(["Ramesh \"Ram\"", "line one\nline two"])
        table.append(["आशा", "plain"])
        XCTAssertEqual(table.renderCSV(), """
            name,notes\r
            Asha,"cooks, cleans"\r
            "Ramesh ""Ram\""","line one
            line two"\r
            आशा,plain\r

            """)
    }

    func testACSVCellThatASpreadsheetWouldRunAsAFormulaIsText() {
        var table = RecordTable(headers: ["name", "amount"])
        table.append(["=HYPERLINK(\"http://x\",\"pay\")", "-2000.00"])
        table.append(["+91 98200 00000", "+5"])
        table.append(["@SUM(A1)", "1,5"])
        table.append(["-Asha", "-"])
        XCTAssertEqual(table.csv(), """
            name,amount\r
            "'=HYPERLINK(""http://x"",""pay"")",-2000.00\r
            '+91 98200 00000,+5\r
            '@SUM(A1),"1,5"\r
            '-Asha,'-\r

            """)
    }

    func testControlCharactersCannotReachTheTerminal() {
        let hostile = "Asha\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}evil"
        let safe = Terminal.sanitize(hostile)
        XCTAssertFalse(safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        XCTAssertEqual(safe, "Asha\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{9B}31m\\u{202E}evil")
        var table = RecordTable(headers: ["NAME"])
        table.append([hostile])
        XCTAssertFalse(table.renderTable().contains("\u{1B}"))
    }

    func testJSONKeepsNullKeysAndSortsThem() throws {
        let value = JSON.object(["b": .null, "a": .string("x"), "c": .array([.int(1), .bool(true)])])
        XCTAssertEqual(try value.rendered(), """
            {
              "a" : "x",
              "b" : null,
              "c" : [
                1,
                true
              ]
            }
            """)
    }

    func testErrorsMapToDocumentedExitCodes() {
        XCTAssertEqual(ExitStatus.code(for: .usage), 64)
        XCTAssertEqual(ExitStatus.code(for: .invalidData), 65)
        XCTAssertEqual(ExitStatus.code(for: .notFound), 66)
        XCTAssertEqual(ExitStatus.code(for: .internal), 70)
        XCTAssertEqual(ExitStatus.code(for: .cannotCreate), 73)
        XCTAssertEqual(ExitStatus.code(for: .io), 74)
        XCTAssertEqual(ExitStatus.code(for: .busy), 75)
    }
}
