import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewVault

/// Every paper (payslip, receipt, settlement statement) draws a name in its own script, with a
/// Noto font that has its letters, in its own direction: what `PaperLayout` does for all three.
final class PaperScriptsTests: XCTestCase {
    /// A name in each script, and the Noto font `pdffonts` must list for it. The text layer alone
    /// proves nothing: cairo's toy text API wrote a Devanagari name into it while drawing empty
    /// boxes with DejaVu Sans, which has no Devanagari.
    static let people = [("सुनीता देवी", "NotoSansDevanagari"), ("فاطمة الزهراء", "NotoSansArabic"),
                         ("山田 花子", "NotoSansCJK"), ("கவிதா முருகன்", "NotoSansTamil")]

    /// The three papers of one person, by kind.
    func papers(_ name: String) throws -> [(kind: String, pdf: [UInt8])] {
        let member = try SamplePapers.member(name)
        return [("payslip", PayslipRenderer.pdf(try SamplePapers.payslip(member))),
                ("receipt", ReceiptRenderer.pdf(try SamplePapers.receipt(member))),
                ("settlement statement", SettlementRenderer.pdf(try SamplePapers.statement(member)))]
    }

    /// Text as pdftotext reads it, fit to compare with the name as typed. pdftotext guesses spaces
    /// from the gaps between glyphs, and Pango's Devanagari leaves gaps inside a word ("सुनीता दे वी"):
    /// white space is dropped on both sides. It gives a right-to-left run in logical order, often
    /// inside bidi marks and embeddings, which are dropped too; the letters and their order are kept,
    /// so an Arabic name drawn left to right (the toy API's "ءارهزلا ةمطاف") still fails.
    static func comparable(_ text: String) -> String {
        let bidiControls = Set("\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}".unicodeScalars)
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !bidiControls.contains($0) && !$0.properties.isWhitespace }))
    }

    /// Whether `text` holds `name`, scalar for scalar once both are comparable (String's own search
    /// compares characters, which did not find a Tamil name that is there).
    static func reads(_ text: String, back name: String) -> Bool {
        Data(comparable(text).utf8).range(of: Data(comparable(name).utf8)) != nil
    }

    func testEveryPaperDrawsTheNameInItsScriptWithANotoFont() throws {
        for (name, font) in Self.people {
            for (kind, pdf) in try papers(name) {
                let fonts = try PopplerTool.run("pdffonts", pdf)
                XCTAssertTrue(fonts.contains(font), "the \(kind) of \(name) embeds \(font): \(fonts)")
                XCTAssertFalse(fonts.contains("DejaVu"), "the \(kind) of \(name) draws nothing with DejaVu Sans: \(fonts)")
                let text = try PopplerTool.run("pdftotext", pdf)
                XCTAssertTrue(Self.reads(text, back: name), "the \(kind) gives \(name) back: \(text)")
            }
        }
    }

    func testASentenceBeginningWithAnArabicNameStillReadsLeftToRight() throws {
        // "فاطمة الزهراء received 15000.00 INR …": the name's first letter (drawn at its run's right
        // end) sits left of "received", not at the right margin of a right-to-left paragraph.
        let pdf = ReceiptRenderer.pdf(try SamplePapers.receipt(try SamplePapers.member("فاطمة الزهراء")))
        let words = try PopplerTool.run("pdftotext", pdf, options: ["-bbox"]).split(separator: "\n")
        func left(_ word: String) -> Double? {
            words.last { $0.hasSuffix(">\(word)</word>") }.flatMap { $0.split(separator: "\"").dropFirst().first }.flatMap { Double($0) }
        }
        let name = try XCTUnwrap(left("ف")), received = try XCTUnwrap(left("received"))
        XCTAssertLessThan(name, received)
    }

    func testTheSamePayslipGivesTheSameBytes() throws {
        let payslip = try SamplePapers.payslip(try SamplePapers.member("فاطمة الزهراء"), salary: "2800.50", "AED")
        XCTAssertEqual(PayslipRenderer.pdf(payslip), PayslipRenderer.pdf(payslip))
        let info = try PopplerTool.run("pdfinfo", PayslipRenderer.pdf(payslip))
        XCTAssertTrue(info.contains("Title:           Payslip — October 2026"), info)
        XCTAssertTrue(info.contains("CreationDate:") && info.contains("2026"), "created on the month's last day: \(info)")
    }

    func testAPayslipTooLongForAPageGoesOnToTheNextAndLosesNoLine() throws {
        let pdf = PayslipRenderer.pdf(try SamplePapers.payslip(try SamplePapers.member("Asha Devi Kumari"), adjustments: 60))
        let pages = try PopplerTool.run("pdftotext", pdf).split(separator: "\u{0C}").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        XCTAssertEqual(pages.count, 3, "sixty adjustments take two A4 pages and part of a third")
        let text = pages.joined(separator: "\n")
        for bonus in 1...60 { XCTAssertTrue(text.contains("Bonus \(bonus)\n") || text.contains("Bonus \(bonus) "), "bonus \(bonus) is on a page") }
        XCTAssertTrue(pages.last?.contains("Net pay") == true && pages.last?.contains("Daily rate = monthly salary") == true,
                      "the net and the footnote come after the last line: \(pages.last ?? "")")
    }
}
