import Foundation
import HomeCrewTestSupport
import XCTest
@testable import HomeCrewMedia
@testable import HomeCrewVault

/// A PDF's fonts are built once per document and handed to every page that names them
/// (PopplerDocument's DocumentFonts.cpp, in place of poppler building them for each page). It must
/// change nothing that is read: every page's text, the notes and the thumbnail are the same with
/// the fonts kept and without.
final class DocumentFontsTests: XCTestCase {
    override func tearDown() {
        PopplerPDF.keepFontsBetweenPages(true)
        super.tearDown()
    }

    func testALongDocumentBuildsItsFontOnceForAllPages() throws {
        let handbook = Samples.fixture("long-handbook.pdf")  // 120 pages, one font named by reference
        let kept = try readEveryPage(handbook)
        XCTAssertEqual(kept.pages, 120)
        XCTAssertGreaterThanOrEqual(kept.reused, 119, "pages built their font again: is poppler's resources constructor still ours?")

        PopplerPDF.keepFontsBetweenPages(false)
        let built = try readEveryPage(handbook)
        XCTAssertEqual(built.reused, 0)
        XCTAssertEqual(built.text, kept.text)
    }

    func testADocumentKeepsNoMoreThanItsLimitOfFonts() throws {
        // Two pages whose resources name the same 1,100 fonts: the first 1,024 built are kept
        // for page 2, the other 76 are built again, as poppler would build them all.
        let path = try Self.pdfNaming(fonts: 1100, pages: 2)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let kept = try readEveryPage(path)
        XCTAssertEqual(kept.reused, 1024)
        XCTAssertEqual(kept.text, ["Page 1", "Page 2"])
    }

    /// A PDF of `pages` pages, each of which writes one line in the first of `fonts` Helvetica
    /// fonts that its resources name, every one its own object.
    static func pdfNaming(fonts: Int, pages: Int) throws -> String {
        var objects: [String] = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let firstPage = 3, firstFont = 3 + 2 * pages
        let kids = (0..<pages).map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        let names = (0..<fonts).map { "/F\($0) \(firstFont + $0) 0 R" }.joined(separator: " ")
        for page in 0..<pages {
            let content = "BT /F0 12 Tf 72 720 Td (Page \(page + 1)) Tj ET"
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << \(names) >> >> "
                + "/Contents \(firstPage + 2 * page + 1) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects += (0..<fonts).map { _ in "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" }
        var pdf = "%PDF-1.4\n", offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        pdf += offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        let path = NSTemporaryDirectory() + "homecrew-fonts-\(UUID().uuidString).pdf"
        try pdf.write(toFile: path, atomically: true, encoding: .ascii)
        return path
    }

    func testTheProjectsOwnPDFsReadTheSameWithFontsKept() throws {
        let pdfs = try (Samples.documents() + Samples.fixtures(matching: "")).filter { $0.hasSuffix(".pdf") }
        try compareBothWays(pdfs, passwords: [Samples.fixture("locked-aes256.pdf"): "usersecret"])
    }

    func testEveryCorpusPDFReadsTheSameWithFontsKept() throws {
        let pdfs = try Corpus.files(in: "pdf") + Corpus.files(in: "broken").filter { $0.hasSuffix(".pdf") }
        let passwords = Dictionary(uniqueKeysWithValues: try ExtractionCorpusTests.passwords.map { (try Corpus.file("pdf/\($0.key)"), $0.value) })
        try compareBothWays(pdfs, passwords: passwords)
    }

    private func readEveryPage(_ path: String) throws -> (pages: Int, text: [String?], reused: UInt64) {
        let pdf = try PopplerPDF(path: path, password: nil)
        let text = (0..<pdf.pageCount).map { pdf.text(ofPage: $0) }
        return (pdf.pageCount, text, pdf.fontsReused)
    }

    /// Each file extracted as the worker does, with fonts kept and without: the answers (text of
    /// every page, notes, thumbnail) must be byte-identical, and keeping must have been used.
    private func compareBothWays(_ pdfs: [String], passwords: [String: String]) throws {
        XCTAssertFalse(pdfs.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var withText = 0
        for path in pdfs {
            let name = (path as NSString).lastPathComponent
            PopplerPDF.keepFontsBetweenPages(true)
            let kept = ExtractionWorker.extractInProcess(path: path, type: .pdf, password: passwords[path])
            PopplerPDF.keepFontsBetweenPages(false)
            let built = ExtractionWorker.extractInProcess(path: path, type: .pdf, password: passwords[path])
            XCTAssertEqual(try encoder.encode(kept.content), try encoder.encode(built.content), name)
            XCTAssertEqual(kept.thumbnailPNG, built.thumbnailPNG, "\(name): the thumbnail differs")
            if kept.content.pages.contains(where: { !$0.text.isEmpty }) { withText += 1 }
        }
        XCTAssertGreaterThan(withText, 0, "no PDF with text was compared")
    }
}
