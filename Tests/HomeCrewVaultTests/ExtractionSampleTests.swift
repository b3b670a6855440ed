import Foundation
import HomeCrewTestSupport
import XCTest
import HomeCrewCore
@testable import HomeCrewVault
@testable import HomeCrewMedia

/// What HomeCrew promises about reading documents, on the project's own files (`Samples/documents`
/// and the fixtures of `Samples/make-fixtures.py`), so that it is tested on a bare clone too. The
/// corpus tests (`ExtractionCorpusTests`) go on to real files made by others.
final class ExtractionSampleTests: XCTestCase {
    func extract(_ path: String, password: String? = nil) throws -> Extraction {
        ExtractionWorker.extractInProcess(path: path, type: try MediaSniffer.detect(fileAt: path), password: password)
    }

    func text(of path: String, password: String? = nil) throws -> String {
        try extract(path, password: password).content.pages.map(\.text).joined(separator: "\n")
    }

    func testTypesAreSniffedFromContent() throws {
        let expected: [(String, MediaType)] = [
            (Samples.document("contract-asha-devi-kumari.pdf"), .pdf), (Samples.document("maria-passport-photo.heic"), .heic),
            (Samples.document("fatima-residence-visa-sideways.jpg"), .jpeg), (Samples.fixture("swatch-1.png"), .png),
            (Samples.fixture("truncated.pdf"), .pdf), (Samples.fixture("bad-checksum.png"), .png),
        ]
        for (path, type) in expected { XCTAssertEqual(try MediaSniffer.detect(fileAt: path), type, path) }
    }

    func testTextPDFsYieldTheirWordsAndPdfinfosPageCount() throws {
        let words = [
            (Samples.fixture("hello.pdf"), ["Hello World", "Joseph Mwangi", "watering rota"]),
            (Samples.document("contract-asha-devi-kumari.pdf"), ["Household Cook", "notice period of one month", "Schedule 29"]),
            (Samples.document("contract-maria-santos.pdf"), ["Domestic Worker Agreement", "AED 3,500"]),
        ]
        for (path, expected) in words {
            let extraction = try extract(path)
            XCTAssertEqual(extraction.content.status, .complete, path)
            XCTAssertEqual(extraction.content.pageCount, try ExtractionCorpusTests.pdfinfoPages(path, password: nil), path)
            XCTAssertNotNil(extraction.thumbnailPNG, path)
            let text = extraction.content.pages.map(\.text).joined(separator: "\n")
            for phrase in expected { XCTAssertTrue(text.contains(phrase), "\(path) should contain \(phrase): \(text.prefix(300))") }
        }
        let scan = try extract(Samples.document("scan-ramesh-driving-licence.pdf")).content
        XCTAssertEqual(scan.pages.map(\.source), [.none], "an image-only page has no text layer (OCR reads it)")
    }

    func testAnEncryptedPDFOpensOnlyWithItsPassword() throws {
        let path = Samples.fixture("locked-aes256.pdf")
        let locked = try extract(path).content
        XCTAssertEqual(locked.status, .partial)
        XCTAssertTrue(locked.encrypted)
        XCTAssertTrue(locked.pages.isEmpty)
        XCTAssertEqual(try extract(path, password: "wrong").content.note, "encrypted: the password given does not open it")
        let opened = try extract(path, password: "usersecret").content
        XCTAssertEqual(opened.status, .complete)
        XCTAssertEqual(opened.pageCount, try ExtractionCorpusTests.pdfinfoPages(path, password: "usersecret"))
        XCTAssertTrue(opened.pages.map(\.text).joined().contains("Confidential salary letter"))
    }

    /// A page saved with /Rotate 90 is shown turned, as every PDF viewer shows it: a landscape
    /// thumbnail whose text (at the top of the upright page) runs down its right-hand side.
    func testATurnedPDFPageGivesATurnedThumbnail() throws {
        let extraction = try extract(Samples.fixture("turned-page.pdf"))
        XCTAssertTrue(extraction.content.pages.map(\.text).joined().contains("watering rota"))
        let picture = try ExtractionCorpusTests.pixels(of: extraction)
        XCTAssertEqual([picture.width, picture.height], [256, 181], "A4 turned: 842 × 595 points")
        func darkPixels(columns: Range<Int>) -> Int {
            (0..<picture.height).reduce(0) { count, y in
                count + columns.filter { x in picture.rgb[(y * picture.width + x) * 3] < 192 }.count
            }
        }
        let third = picture.width / 3
        XCTAssertGreaterThan(darkPixels(columns: 2 * third..<picture.width), 100, "the lines of text")
        XCTAssertEqual(darkPixels(columns: 0..<third), 0, "the lower part of the page is blank")
    }

    /// The visa photo's pixels are stored turned a quarter left (EXIF orientation 6). Upright, the
    /// card is landscape with the portrait box on the left; read sideways it would be portrait.
    func testTheSidewaysJPEGAndTheHEICGiveUprightThumbnails() throws {
        let jpeg = try extract(Samples.document("fatima-residence-visa-sideways.jpg"))
        XCTAssertEqual(jpeg.content.orientation, 6)
        XCTAssertEqual([jpeg.content.pixelWidth, jpeg.content.pixelHeight], [800, 1200], "as stored")
        let picture = try ExtractionCorpusTests.pixels(of: jpeg)
        XCTAssertEqual([picture.width, picture.height], [256, 171], "turned upright")
        // The brown portrait box covers x 80–380, y 170–560 of the 1200×800 card, (20, 40) on the
        // thumbnail; the face drawn inside it is further right.
        let offset = (40 * picture.width + 20) * 3
        let box = Array(picture.rgb[offset..<offset + 3])
        XCTAssertLessThan(zip(box, [170, 150, 130]).map { abs(Int($0) - $1) }.max() ?? 255, 24, "\(box) is not the portrait box")

        let heic = try extract(Samples.document("maria-passport-photo.heic"))
        XCTAssertEqual(heic.content.status, .complete)
        XCTAssertEqual([heic.content.pixelWidth, heic.content.pixelHeight], [1200, 800])
        XCTAssertEqual(try ExtractionCorpusTests.pngSize(try XCTUnwrap(heic.thumbnailPNG)).0, 256)
    }

    func testBrokenFilesAreStoredWithAReason() throws {
        for name in ["truncated.pdf", "truncated.jpg", "bad-checksum.png"] {
            let content = try extract(Samples.fixture(name)).content
            XCTAssertTrue([.partial, .failed].contains(content.status), "\(name): \(content.status)")
            XCTAssertFalse((content.note ?? "").isEmpty, "\(name) needs a reason")
        }
        let pdfNote = try extract(Samples.fixture("truncated.pdf")).content.note ?? ""
        XCTAssertTrue(pdfNote.hasPrefix("poppler cannot open the PDF: poppler says: "), pdfNote)
        XCTAssertFalse(pdfNote.lowercased().contains("error"), "poppler's own prefix goes: \(pdfNote)")
        // A JPEG cut short still shows the part that arrived.
        XCTAssertNotNil(try extract(Samples.fixture("truncated.jpg")).thumbnailPNG)
    }

    /// A valid 12-bit JPEG is not called damaged: the note names what this machine cannot do, and
    /// the camera's own EXIF preview becomes the thumbnail.
    func testATwelveBitJPEGSaysWhatIsUnsupportedAndShowsItsPreview() throws {
        let path = Samples.fixture("twelve-bit-with-preview.jpg")
        XCTAssertEqual(JPEGMarkers.frame([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))?.precision, 12)
        let extraction = try extract(path)
        XCTAssertEqual(extraction.content.status, .partial)
        XCTAssertEqual([extraction.content.pixelWidth, extraction.content.pixelHeight], [600, 400])
        let note = try XCTUnwrap(extraction.content.note)
        XCTAssertTrue(note.hasPrefix("the JPEG stores 12-bit samples, which this machine's libjpeg-turbo cannot decode"), note)
        XCTAssertFalse(note.contains("damaged JPEG") || note.contains("header is damaged"), note)
        XCTAssertTrue(note.hasSuffix("the thumbnail is the file's own EXIF preview"), note)
        let (width, height) = try ExtractionCorpusTests.pngSize(try XCTUnwrap(extraction.thumbnailPNG))
        XCTAssertEqual([width, height], [160, 107], "the preview's own size: it is smaller than a thumbnail")
        // The 8-bit sample photo carries no preview: nothing is made up for it.
        XCTAssertNil(ExifOrientation.preview(jpeg: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Samples.document("fatima-residence-visa-sideways.jpg"))))))
    }

    /// A font the PDF names but neither embeds nor finds here: the text is still read whole, and
    /// the note names the font and what stands in for it on the thumbnail.
    func testAPDFWithAMissingFontIsReadAndNamesTheFont() throws {
        let content = try extract(Samples.fixture("missing-font.pdf")).content
        XCTAssertEqual(content.status, .complete)
        XCTAssertEqual(content.pages.map(\.text), ["Wages paid in full"])
        let note = try XCTUnwrap(content.note)
        XCTAssertTrue(note.hasPrefix("font of page 1 not in the PDF and not on this machine: HouseholdScriptPro-Regular (drawn with "), note)
        // Fonts that are embedded, or one of the PDF standard's base fonts, need no note.
        XCTAssertNil(try extract(Samples.fixture("hello.pdf")).content.note)
        XCTAssertNil(try extract(Samples.document("contract-maria-santos.pdf")).content.note)
    }

    /// A HEIF whose primary image is coded with something libheif here cannot decode (VVC) is named
    /// as such, not called damaged, and its own preview image becomes the thumbnail.
    func testAHEIFWithAnUnsupportedCodecIsNamedAndShowsItsPreview() throws {
        let path = Samples.fixture("vvc-with-preview.heic")
        XCTAssertEqual(HEIFItems.primaryItemType(path: path), "vvc1")
        XCTAssertEqual(HEIFItems.primaryItemType(path: Samples.document("maria-passport-photo.heic")), "hvc1")
        let extraction = try extract(path)
        XCTAssertEqual(extraction.content.status, .partial)
        XCTAssertEqual([extraction.content.pixelWidth, extraction.content.pixelHeight], [900, 600])
        XCTAssertEqual(extraction.content.note, "the HEIF image is coded as VVC (H.266) (item type 'vvc1'), which this machine's "
                       + "libheif cannot decode; the file is kept as it is; the thumbnail is the file's own preview image")
        let (width, _) = try ExtractionCorpusTests.pngSize(try XCTUnwrap(extraction.thumbnailPNG))
        XCTAssertEqual(width, 160)
    }
}
