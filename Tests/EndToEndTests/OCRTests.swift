import Foundation
import HomeCrewTestSupport
import XCTest

final class OCRTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
    }

    override func tearDown() { homecrew.cleanUp() }

    /// (title, page) of every hit, in order.
    func hits(_ query: String) throws -> [String] {
        let found = try homecrew.jsonArray("search", query)
        return found.map { "\($0["title"] as? String ?? "") p\($0["page"] as? Int ?? -1)" }
    }

    func add(_ path: String, _ options: String..., environment: [String: String] = [:]) throws -> [String: Any] {
        let result = try homecrew.run(["doc", "add", path, "--format", "json"] + options, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let outcomes = try jsonArray(result.stdout)
        return outcomes[0]["document"] as? [String: Any] ?? [:]
    }

    func pageSources(_ id: String) throws -> [String] {
        let shown = try homecrew.jsonObject("doc", "show", id)
        return (shown["pages"] as? [[String: Any]] ?? []).map { $0["source"] as? String ?? "" }
    }

    func testWordsOnlyInTheSampleScanAndPhotosAreFoundAfterIngest() throws {
        let scan = try add(Samples.document("scan-ramesh-driving-licence.pdf"), "--title", "Licence scan")
        _ = try add(Samples.document("maria-passport-photo.heic"), "--title", "Passport photo")
        // Stored sideways with EXIF orientation 6: OCR reads it only if the picture is turned upright first.
        _ = try add(Samples.document("fatima-residence-visa-sideways.jpg"), "--title", "Visa photo")
        _ = try add(Samples.fixture("receipt-photo.jpg"), "--title", "Receipt")

        XCTAssertEqual(try hits("andheri"), ["Licence scan p1"])
        XCTAssertEqual(try hits("\"driving licence\""), ["Licence scan p1"])
        XCTAssertEqual(try hits("nationality"), ["Passport photo p1"])
        XCTAssertEqual(try hits("housekeeper"), ["Visa photo p1"])
        XCTAssertEqual(try hits("\"pruning shears\""), ["Receipt p1"])
        XCTAssertEqual(try pageSources(try XCTUnwrap(scan["id"] as? String)), ["ocr"])
    }

    func testWordsOnlyInCorpusScansAndPhotosAreFoundAfterIngest() throws {
        let scan = try add(Corpus.file("pdf/c02-22.pdf"), "--title", "Garden story scan")
        _ = try add(Corpus.file("pdf/multi-page-images.pdf"), "--title", "Three scanned pages")
        _ = try add(Corpus.file("png/typewriter.png"), "--title", "Soup recipe")
        _ = try add(Corpus.file("png/simple.png"), "--title", "PNG note")
        _ = try add(Corpus.file("jpeg/simple.jpg"), "--title", "JPEG note")
        _ = try add(Corpus.file("heic/simple.heic"), "--title", "Phone photo of a recipe")

        XCTAssertEqual(try hits("widow"), ["Garden story scan p1"])
        XCTAssertEqual(try hits("trees"), ["Garden story scan p1"])
        XCTAssertEqual(try hits("\"multi page document\""), ["Three scanned pages p1", "Three scanned pages p2", "Three scanned pages p3"])
        XCTAssertEqual(try hits("\"page 2\""), ["Three scanned pages p2"])
        XCTAssertEqual(try hits("linzensoep water"), ["Soup recipe p1"])
        XCTAssertEqual(Set(try hits("\"test document\"")), ["PNG note p1", "JPEG note p1"])
        XCTAssertEqual(try hits("\"pizza dough\""), ["Phone photo of a recipe p1"])
        XCTAssertEqual(try pageSources(scan["id"] as? String ?? ""), ["ocr"])
    }

    func testTheSameBytesAreNeverReadTwice() throws {
        let first = try add(Samples.fixture("receipt-photo.jpg"), "--title", "Receipt")
        try homecrew.ok("doc", "remove", try XCTUnwrap(first["id"] as? String))
        XCTAssertEqual(try hits("pruning"), [], "a removed document is never found")
        // Before gc the object and its text are still there: re-adding must not start the worker at
        // all, which a timeout far too short for any OCR proves.
        let again = try add(Samples.fixture("receipt-photo.jpg"), "--title", "Receipt again", environment: ["HOMECREW_EXTRACT_TIMEOUT": "0.001"])
        XCTAssertEqual((again["extraction"] as? [String: Any] ?? [:])["status"] as? String, "complete")
        XCTAssertEqual(again["sha256"] as? String, first["sha256"] as? String)
        XCTAssertEqual(try hits("pruning"), ["Receipt again p1"])
    }

    func testOCRCanBeSkippedAndRunLater() throws {
        let photo = try add(Samples.fixture("receipt-photo.jpg"), "--no-ocr")
        let id = try XCTUnwrap(photo["id"] as? String)
        XCTAssertEqual(try hits("\"watering hose\""), [])
        XCTAssertEqual(try pageSources(id), ["none"])
        XCTAssertEqual(try homecrew.ok("doc", "reprocess", id, "--ocr"), "Reprocessed \(id): complete\n")
        XCTAssertEqual(try hits("\"watering hose\""), ["receipt-photo p1"])
        XCTAssertEqual(try pageSources(id), ["ocr"])
    }

    func testAMissingLanguageNamesTheDebianPackage() throws {
        let message = "error: OCR language 'hin' is not installed; install it with: sudo apt-get install tesseract-ocr-hin\n"
        let added = try homecrew.run(["doc", "add", Samples.fixture("receipt-photo.jpg"), "--ocr-lang", "eng+hin"])
        XCTAssertEqual(added.status, 66)
        XCTAssertTrue(added.stderr.hasSuffix(message), added.stderr)
        XCTAssertEqual((try homecrew.json("doc", "list") as? [Any] ?? []).count, 0, "nothing was stored")
        let configured = try homecrew.run(["vault", "config", "ocr.languages", "eng+hin"])
        XCTAssertEqual(configured.status, 66)
        XCTAssertEqual(configured.stderr, message)
        XCTAssertEqual(try homecrew.run(["vault", "config", "ocr.languages", "eng+"]).status, 64)
    }

    func testTheVaultSettingChoosesTheLanguages() throws {
        XCTAssertEqual(try homecrew.ok("vault", "config"), "ocr.languages = eng\n", "English by default")
        XCTAssertEqual(try homecrew.ok("vault", "config", "ocr.languages", " eng "), "ocr.languages = eng\n")
        XCTAssertEqual(try homecrew.ok("vault", "config", "ocr.languages"), "eng\n")
        let unknown = try homecrew.run(["vault", "config", "nonsense.key", "x"])
        XCTAssertEqual(unknown.status, 64, unknown.stderr)
        // A setting naming a language that is not installed (written past HomeCrew's own check, as an
        // older machine might have left it) is what the next OCR uses, and fails clearly.
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [homecrew.databaseURL.path, "UPDATE setting SET value = 'eng+hin' WHERE key = 'ocr.languages'"]
        try sqlite.run()
        sqlite.waitUntilExit()
        XCTAssertEqual(try homecrew.ok("vault", "config", "ocr.languages"), "eng+hin\n")
        let added = try homecrew.run(["doc", "add", Samples.fixture("receipt-photo.jpg")])
        XCTAssertEqual(added.status, 66, added.stderr)
        XCTAssertTrue(added.stderr.contains("tesseract-ocr-hin"), added.stderr)
        XCTAssertEqual(try homecrew.run(["doc", "add", Samples.fixture("receipt-photo.jpg"), "--ocr-lang", "eng"]).status, 0,
                       "--ocr-lang overrides the setting")
    }
}
