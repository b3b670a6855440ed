import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewVault

/// Receipts read by poppler's own tools: the names in their scripts with fonts that have their letters.
final class ReceiptRendererTests: XCTestCase {
    func receipt(_ legalName: String, knownAs: String?, amount: String, _ code: String) throws -> PaymentReceipt {
        try SamplePapers.receipt(SamplePapers.member(legalName, knownAs: knownAs), amount: amount, code)
    }

    func tool(_ name: String, _ pdf: [UInt8]) throws -> String { try PopplerTool.run(name, pdf) }

    func testNamesAreWrittenInTheirOwnScripts() throws {
        for (name, knownAs, amount, code, font) in [("Sunita Bai Pawar", "सुनीता", "15000", "INR", "NotoSansDevanagari"),
                                                    ("Fatima Al Zahra", "فاطمة", "2800.50", "AED", "NotoSansArabic|DejaVuSans"),
                                                    ("田中 花子", "Hanako", "280000", "JPY", "NotoSansCJK")] {
            let pdf = ReceiptRenderer.pdf(try receipt(name, knownAs: knownAs, amount: amount, code))
            let text = try tool("pdftotext", pdf)
            XCTAssertTrue(text.contains(name), "\(name): \(text)")
            // Fontconfig picks the first installed font with the script's letters (DejaVu has Arabic).
            let fonts = try tool("pdffonts", pdf)
            XCTAssertTrue(font.split(separator: "|").contains { fonts.contains($0) }, "\(name) is drawn with \(font): \(fonts)")
            XCTAssertTrue(text.contains(try Money(parsing: amount, currency: Currency(code: code)).description), text)
        }
        let hindi = try tool("pdftotext", ReceiptRenderer.pdf(try receipt("Sunita Bai Pawar", knownAs: "सुनीता", amount: "15000", "INR")))
        XCTAssertTrue(hindi.contains("सुनीता"), "the Devanagari name reads back as typed: \(hindi)")
        XCTAssertTrue(hindi.contains("Fifteen thousand rupees only"))
        XCTAssertTrue(hindi.contains("Received by") && hindi.contains("Paid for the household by"), "a signature line for each side")
    }

    func testTheSameReceiptGivesTheSameBytes() throws {
        let receipt = try receipt("Asha Devi Kumari", knownAs: "Asha", amount: "28000", "INR")
        XCTAssertEqual(ReceiptRenderer.pdf(receipt), ReceiptRenderer.pdf(receipt))
    }

    func testTheWordsTableNamesTheDemosCurrencies() {
        for code in ["INR", "AED", "JPY"] { XCTAssertNotNil(ReceiptRenderer.currencyWords[code], code) }
        XCTAssertEqual(ReceiptRenderer.currencyWords["INR"]?.numbering, .indian)
    }
}
