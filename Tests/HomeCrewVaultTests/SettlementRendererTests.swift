import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewVault

/// Settlement statements read back by poppler's own tools.
final class SettlementRendererTests: XCTestCase {
    func statement(notes: Int) throws -> SettlementStatement {
        try SamplePapers.statement(SamplePapers.member("Sunita Bai Pawar", knownAs: "सुनीता"), notes: notes)
    }

    func tool(_ name: String, _ pdf: [UInt8]) throws -> String { try PopplerTool.run(name, pdf) }

    func pages(_ pdf: [UInt8]) throws -> Int? {
        try tool("pdfinfo", pdf).split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) }
    }

    func testAShortStatementIsOnePageWithItsSignatureLines() throws {
        let pdf = SettlementRenderer.pdf(try statement(notes: 1))
        XCTAssertEqual(try pages(pdf), 1)
        let text = try tool("pdftotext", pdf)
        XCTAssertTrue(text.contains("सुनीता") && text.contains("Open question 1:"), text)
        XCTAssertTrue(text.contains("Received by") && text.contains("Paid for the household by"), text)
    }

    func testALongStatementGoesOnToMorePagesAndLosesNoLine() throws {
        let pdf = SettlementRenderer.pdf(try statement(notes: 40))
        XCTAssertGreaterThan(try pages(pdf) ?? 0, 1, "forty notes do not fit on one A4 page")
        // pdftotext separates pages with a form feed; every note and both signatures are somewhere.
        let text = try tool("pdftotext", pdf).replacingOccurrences(of: "\n", with: " ")
        for note in 1...40 { XCTAssertTrue(text.contains("Open question \(note):"), "note \(note) is on a page") }
        let lastPage = try tool("pdftotext", pdf).split(separator: "\u{0C}").last { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        XCTAssertTrue(lastPage?.contains("Received by") == true && lastPage?.contains("Paid for the household by") == true,
                      "the signature lines come after the last line, on the last page: \(lastPage ?? "")")
    }
}
