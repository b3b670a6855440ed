import CCairo
import Foundation
import HomeCrewTestSupport
import XCTest
import HomeCrewCore
@testable import HomeCrewVault
@testable import HomeCrewMedia

/// Every file of the shared corpus through the extractors (in this process; the isolated
/// worker around them is exercised by the end-to-end tests).
final class ExtractionCorpusTests: XCTestCase {
    func extract(_ relative: String, password: String? = nil) throws -> Extraction {
        let path = try Corpus.file(relative)
        return ExtractionWorker.extractInProcess(path: path, type: try MediaSniffer.detect(fileAt: path), password: password)
    }

    func testTypesAreSniffedFromContentForEveryCorpusFile() throws {
        let expected: [String: MediaType] = ["pdf": .pdf, "jpeg": .jpeg, "png": .png, "heic": .heic]
        for (folder, type) in expected {
            for path in try Corpus.files(in: folder) {
                XCTAssertEqual(try MediaSniffer.detect(fileAt: path), type, path)
            }
        }
        XCTAssertEqual(MediaSniffer.detect(Array("hello".utf8)), .other)
        XCTAssertEqual(MediaSniffer.detect([]), .other)
    }

    /// Page counts agree with poppler's own `pdfinfo`, passwords from MANIFEST.tsv included.
    func testPageCountsMatchPdfinfo() throws {
        for path in try Corpus.files(in: "pdf") {
            let name = (path as NSString).lastPathComponent
            let password = Self.passwords[name]
            let extraction = ExtractionWorker.extractInProcess(path: path, type: .pdf, password: password)
            XCTAssertEqual(extraction.content.pageCount, try Self.pdfinfoPages(path, password: password), name)
            XCTAssertNotNil(extraction.thumbnailPNG, name)
        }
    }

    static let passwords = [
        "aes-128.pdf": "baz", "aes-256-r6.pdf": "usersecret", "issue21579.pdf": "pässwört",
        "libreoffice-writer-password.pdf": "openpassword",
    ]

    static func pdfinfoPages(_ path: String, password: String?) throws -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfinfo")
        process.arguments = (password.map { ["-upw", $0] } ?? []) + [path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = text.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        return line.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }

    func testTextPDFsYieldTheirWordsInEveryScript() throws {
        let words: [(String, [String])] = [
            ("pdf/simple1.pdf", ["Hello", "World"]),
            ("pdf/tracemonkey.pdf", ["Trace-based", "JavaScript"]),
            ("pdf/GeoTopo-komprimiert.pdf", ["Topologie"]),
            ("pdf/udhr_Hans.CMN_Sans_12.pdf", ["世界人权宣言", "联合国大会"]),
            ("pdf/udhr_Deva.HIN_Serif_12.pdf", ["मानव", "घोषणा"]),
            ("pdf/jo.pdf", ["現象", "風景"]),
            ("pdf/vertical.pdf", ["日本語"]),
            ("pdf/issue11656.pdf", ["שלום"]),
            ("pdf/habibi.pdf", ["habibi"]),
        ]
        for (file, expected) in words {
            let text = try extract(file).content.pages.map(\.text).joined(separator: "\n")
            for word in expected { XCTAssertTrue(text.contains(word), "\(file) should contain \(word)") }
        }
        let arabic = try extract("pdf/habibi.pdf").content.pages.map(\.text).joined()
        XCTAssertTrue(arabic.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }, "habibi.pdf has Arabic letters")
        let scan = try extract("pdf/c02-22.pdf").content
        XCTAssertEqual(scan.pages.map(\.source), [.none], "an image-only page has no text layer")
    }

    func testEncryptedPDFsOpenOnlyWithTheirPasswords() throws {
        for (name, password) in Self.passwords {
            let locked = try extract("pdf/\(name)").content
            XCTAssertEqual(locked.status, .partial, name)
            XCTAssertTrue(locked.encrypted, name)
            XCTAssertTrue(locked.pages.isEmpty, name)
            XCTAssertEqual(try extract("pdf/\(name)", password: "wrong").content.note,
                           "encrypted: the password given does not open it", name)
            let opened = try extract("pdf/\(name)", password: password).content
            XCTAssertEqual(opened.status, .complete, name)
            XCTAssertTrue(opened.encrypted, name)
            XCTAssertFalse(opened.pages.map(\.text).joined().isEmpty, "\(name) has text once opened")
        }
        XCTAssertEqual(try extract("pdf/aes-128.pdf", password: "baz").content.pages.first?.text.contains("Secret"), true)
        // Owner-password-only encryption opens without a password.
        let ownerOnly = try extract("pdf/issue-00352-asw-oct96-p41.pdf").content
        XCTAssertEqual(ownerOnly.status, .complete)
        XCTAssertTrue(ownerOnly.encrypted)
    }

    func testEveryValidImageYieldsAThumbnailOfTheRightSize() throws {
        for folder in ["jpeg", "png", "heic"] {
            for path in try Corpus.files(in: folder) {
                let extraction = ExtractionWorker.extractInProcess(path: path, type: try MediaSniffer.detect(fileAt: path), password: nil)
                XCTAssertEqual(extraction.content.status, .complete, path)
                let thumbnail = try XCTUnwrap(extraction.thumbnailPNG, path)
                let (width, height) = try Self.pngSize(thumbnail)
                XCTAssertLessThanOrEqual(max(width, height), 256, path)
                let long = max(extraction.content.pixelWidth ?? 0, extraction.content.pixelHeight ?? 0)
                XCTAssertEqual(max(width, height), min(256, long), "\(path): \(width)×\(height)")
            }
        }
    }

    /// All eight orientations of one photo give the same upright picture: each thumbnail
    /// matches the orientation-1 one pixel by pixel (within JPEG noise), not just in shape.
    func testExifOrientationsYieldUprightThumbnails() throws {
        let reference = try Self.pixels(of: try extract("jpeg/Landscape_1.jpg"))
        for name in ["Landscape_3", "Landscape_6", "Landscape_8"] {
            let image = try Self.pixels(of: try extract("jpeg/\(name).jpg"))
            XCTAssertEqual([image.width, image.height], [256, 171], name)
            XCTAssertLessThan(Self.meanDifference(reference, image), 12, "\(name) is not upright")
        }
        // And it is not a test that cannot fail: the same photo turned half way round differs a lot.
        let sideways = try Self.pixels(of: ExtractionWorker.extractInProcess(path: try Corpus.file("jpeg/Landscape_3.jpg"), type: .jpeg, password: nil), ignoringOrientation: true)
        XCTAssertGreaterThan(Self.meanDifference(reference, sideways), 25)

        let portraits = try ["Portrait_2", "Portrait_4", "Portrait_5", "Portrait_7"].map { try Self.pixels(of: try extract("jpeg/\($0).jpg")) }
        for image in portraits {
            XCTAssertEqual([image.width, image.height], [171, 256])
            XCTAssertLessThan(Self.meanDifference(portraits[0], image), 12)
        }
    }

    func testRotatedIPhoneHEICIsUpright() throws {
        let extraction = try extract("heic/inverted.heic")
        XCTAssertEqual([extraction.content.pixelWidth, extraction.content.pixelHeight], [3024, 4032])
        let (width, height) = try Self.pngSize(try XCTUnwrap(extraction.thumbnailPNG))
        XCTAssertEqual([width, height], [192, 256], "irot=270 turns the stored 4032×3024 grid upright")
    }

    func testEveryBrokenFileGetsAnOutcomeWithAReason() throws {
        let manifest = try Corpus.manifest()
        for path in try Corpus.files(in: "broken") {
            let name = "broken/" + (path as NSString).lastPathComponent
            XCTAssertNotNil(manifest[name], "\(name) is in MANIFEST.tsv")
            let type = try MediaSniffer.detect(fileAt: path)
            XCTAssertNotEqual(type, .other, "\(name) is still recognised by its content")
            let content = ExtractionWorker.extractInProcess(path: path, type: type, password: nil).content
            if name == "broken/zen_of_python_corrupted.pdf" {
                // qpdf finds damage, poppler reads it whole: its text is the right outcome.
                XCTAssertEqual(content.status, .complete)
                XCTAssertTrue(content.pages.first?.text.contains("Beautiful is better than ugly") ?? false)
            } else {
                XCTAssertTrue([.partial, .failed].contains(content.status), "\(name): \(content.status)")
                XCTAssertFalse((content.note ?? "").isEmpty, "\(name) needs a reason")
            }
        }
    }

    // MARK: - Pixels

    struct Pixels { let width: Int; let height: Int; let rgb: [UInt8] }

    static func pngSize(_ png: [UInt8]) throws -> (Int, Int) {
        guard png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { throw CocoaError(.fileReadCorruptFile) }
        func u32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
        return (u32(16), u32(20))
    }

    static func pixels(of extraction: Extraction, ignoringOrientation: Bool = false) throws -> Pixels {
        var png = try XCTUnwrap(extraction.thumbnailPNG)
        if ignoringOrientation {
            // Decode the thumbnail again but turned back by 180° — the picture a reader
            // that ignored EXIF orientation 3 would have produced.
            let decoded = try pixels(of: Extraction(content: extraction.content, thumbnailPNG: png))
            return Pixels(width: decoded.width, height: decoded.height, rgb: Array(decoded.rgb.reversed()))
        }
        let surface = try CairoPNG.decode(png)
        defer { cairo_surface_destroy(surface) }
        png = []
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        var rgb: [UInt8] = []
        for row in 0..<height {
            for column in 0..<width {
                let p = data + row * stride + column * 4
                rgb += [p[2], p[1], p[0]]
            }
        }
        return Pixels(width: width, height: height, rgb: rgb)
    }

    static func meanDifference(_ a: Pixels, _ b: Pixels) -> Double {
        guard a.rgb.count == b.rgb.count, !a.rgb.isEmpty else { return .infinity }
        let total = zip(a.rgb, b.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.rgb.count)
    }
}
