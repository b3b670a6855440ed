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

    func testNoFontIsKeptPastTheMemoryCeiling() throws {
        PopplerPDF.keepFontsBetweenPages(true, untilAllocated: 1)
        defer { PopplerPDF.keepFontsBetweenPages(true, untilAllocated: 256 << 20) }
        let handbook = try readEveryPage(Samples.fixture("long-handbook.pdf"))
        XCTAssertEqual(handbook.reused, 0)
        XCTAssertEqual(handbook.pages, 120)
    }

    func testFontsAreBuiltAgainAfterPopplerRebuildsTheCrossReferences() throws {
        // Object 9, the font, is written twice: the table points at the first (its text maps A to
        // X), a scan of the file finds the second (A to Z). Page 2's contents are misplaced in the
        // table, so reading page 2 makes poppler scan the file, and page 3 is read with the second.
        func toUnicode(_ unicode: String) -> String {
            let map = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /M def "
                + "1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <41> <\(unicode)> endbfchar "
                + "endcmap CMapName currentdict /CMap defineresource pop end end"
            return "<< /Length \(map.utf8.count) >>\nstream\n\(map)\nendstream"
        }
        var objects = [1: "<< /Type /Catalog /Pages 2 0 R >>", 2: "<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 >>",
                       9: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 10 0 R >>",
                       10: toUnicode("0058"), 11: toUnicode("005A")]
        for page in 0..<3 {
            let content = "BT /F 20 Tf 20 100 Td (AAA page\(page + 1)) Tj ET"
            objects[3 + 2 * page] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F 9 0 R >> >> "
                + "/Contents \(4 + 2 * page) 0 R >>"
            objects[4 + 2 * page] = "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
        }
        let path = try Self.pdf(objects, after: "9 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Courier /ToUnicode 11 0 R >>\nendobj\n",
                                misplaced: [6: 5])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let kept = try readEveryPage(path)
        PopplerPDF.keepFontsBetweenPages(false)
        let built = try readEveryPage(path)
        XCTAssertEqual(built.text.last, "ZZZ page3", "poppler itself no longer reads the second object 9: the test proves nothing")
        XCTAssertEqual(kept.text, built.text)
    }

    /// A PDF of `pages` pages, each of which writes one line in the first of `fonts` Helvetica
    /// fonts that its resources name, every one its own object.
    static func pdfNaming(fonts: Int, pages: Int) throws -> String {
        var objects = [1: "<< /Type /Catalog /Pages 2 0 R >>"]
        let firstPage = 3, firstFont = 3 + 2 * pages
        let kids = (0..<pages).map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        objects[2] = "<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>"
        let names = (0..<fonts).map { "/F\($0) \(firstFont + $0) 0 R" }.joined(separator: " ")
        for page in 0..<pages {
            let content = "BT /F0 12 Tf 72 720 Td (Page \(page + 1)) Tj ET"
            objects[firstPage + 2 * page] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << \(names) >> >> "
                + "/Contents \(firstPage + 2 * page + 1) 0 R >>"
            objects[firstPage + 2 * page + 1] = "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
        }
        for font in 0..<fonts { objects[firstFont + font] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" }
        return try pdf(objects)
    }

    /// A PDF of the numbered objects, then `after`, then a cross-reference table that puts each
    /// object where it is written, or, for the numbers in `misplaced`, at the offset given.
    static func pdf(_ objects: [Int: String], after: String = "", misplaced: [Int: Int] = [:]) throws -> String {
        var pdf = "%PDF-1.4\n", offsets: [Int: Int] = [:]
        for (number, object) in objects.sorted(by: { $0.key < $1.key }) {
            offsets[number] = misplaced[number] ?? pdf.utf8.count
            pdf += "\(number) 0 obj\n\(object)\nendobj\n"
        }
        pdf += after
        let table = pdf.utf8.count, size = (objects.keys.max() ?? 0) + 1
        pdf += "xref\n0 \(size)\n0000000000 65535 f \n"
        pdf += (1..<size).map { offsets[$0].map { String(format: "%010d 00000 n \n", $0) } ?? "0000000000 65535 f \n" }.joined()
        pdf += "trailer\n<< /Size \(size) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
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
    /// every page, notes, thumbnail) must be byte-identical, and fonts must have been kept. (The
    /// thumbnail is drawn with fonts of its own: poppler-cpp draws through a copy of the document's
    /// cross-references, which kept fonts are not used with.)
    private func compareBothWays(_ pdfs: [String], passwords: [String: String]) throws {
        XCTAssertFalse(pdfs.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var withText = 0, reused: UInt64 = 0
        for path in pdfs {
            let name = (path as NSString).lastPathComponent
            PopplerPDF.keepFontsBetweenPages(true)
            let kept = ExtractionWorker.extractInProcess(path: path, type: .pdf, password: passwords[path])
            PopplerPDF.keepFontsBetweenPages(false)
            let built = ExtractionWorker.extractInProcess(path: path, type: .pdf, password: passwords[path])
            XCTAssertEqual(try encoder.encode(kept.content), try encoder.encode(built.content), name)
            XCTAssertEqual(kept.thumbnailPNG, built.thumbnailPNG, "\(name): the thumbnail differs")
            if kept.content.pages.contains(where: { !$0.text.isEmpty }) { withText += 1 }
            PopplerPDF.keepFontsBetweenPages(true)
            if let pdf = try? PopplerPDF(path: path, password: passwords[path]) {
                (0..<pdf.pageCount).forEach { _ = pdf.text(ofPage: $0) }
                reused += pdf.fontsReused
            }
        }
        XCTAssertGreaterThan(withText, 0, "no PDF with text was compared")
        XCTAssertGreaterThan(reused, 0, "no page took a kept font: the comparison compared nothing")
    }
}
