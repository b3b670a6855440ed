import Foundation
import HomeCrewCore
import HomeCrewTestSupport
import XCTest
@testable import HomeCrewVault

/// The extraction workers shared between households, with the real worker program and tesseract:
/// one household's long OCR never keeps another's small file waiting, and OCR of one document
/// stops at its limits and says what it did not read.
final class FairExtractionTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fair-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// The sample scan, `pages` times over: a PDF of scanned pages with no text layer.
    func scan(pages: Int) throws -> String {
        try Samples.repeatedPDF(Samples.document("scan-ramesh-driving-licence.pdf"), count: pages,
                                at: folder.appendingPathComponent("scan-\(pages).pdf").path)
    }

    func request(_ path: String, _ type: MediaType, ocr: Bool = true, limits: OCRLimits = .standard) -> ExtractionRequest {
        ExtractionRequest(path: path, mediaType: type, password: nil, ocrLanguages: ocr ? "eng" : nil,
                          memoryLimit: 1 << 30, cpuSeconds: 600, ocrLimits: limits)
    }

    func testAnotherHouseholdsSmallFileFinishesBeforeALongOCR() throws {
        let pool = WorkerPool(executable: IsolatedExtractor.currentExecutable(), size: 2)
        let long = request(try scan(pages: 4), .pdf), small = request(Samples.fixture("swatch-1.png"), .png)
        let finished = Finished()
        let group = DispatchGroup()
        func start(_ name: String, _ owner: String, _ request: ExtractionRequest) {
            DispatchQueue.global().async(group: group) {
                if case .answered = pool.perform(request, timeout: 600, owner: owner) { finished.add(name) } else { finished.add(name + " failed") }
            }
        }
        start("A1", "household A", long)
        start("A2", "household A", long)
        // Both of A's scans are in: one reads, the other waits, as A's OCR may hold one worker of two.
        for _ in 0..<500 where pool.line.counts != (1, 1) { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(pool.line.counts == (1, 1), "A's second scan waits while its first is read: \(pool.line.counts)")
        start("B", "household B", small)
        XCTAssertEqual(group.wait(timeout: .now() + 300), .success)
        XCTAssertEqual(finished.names.first, "B", "B's small file did not wait for A's long OCR: \(finished.names)")
        XCTAssertEqual(Set(finished.names), ["A1", "A2", "B"])
    }

    func testOneHouseholdsFilesDoNotAllGoBeforeAnothersOne() {
        let line = FairLine(size: 1)
        let first = line.enter(owner: "A", ocr: false)
        let started = Finished()
        let group = DispatchGroup()
        for (name, owner) in [("A2", "A"), ("A3", "A"), ("A4", "A")] {
            DispatchQueue.global().async(group: group) {
                let ticket = line.enter(owner: owner, ocr: false)
                started.add(name)
                line.leave(ticket)
            }
        }
        for _ in 0..<500 where line.counts.waiting < 3 { Thread.sleep(forTimeInterval: 0.01) }
        DispatchQueue.global().async(group: group) {
            let ticket = line.enter(owner: "B", ocr: false)
            started.add("B")
            line.leave(ticket)
        }
        for _ in 0..<500 where line.counts.waiting < 4 { Thread.sleep(forTimeInterval: 0.01) }
        line.leave(first)
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(started.names.first, "B", "B came last but its household had nothing running: \(started.names)")
    }

    func testOCRCutShortByPagesSaysWhichPagesWereNotRead() throws {
        let extractor = IsolatedExtractor(ocrLimits: OCRLimits(pages: 1, seconds: 90))
        let extraction = extractor.extract(path: try scan(pages: 3), type: .pdf, password: nil, ocrLanguages: "eng")
        XCTAssertEqual(extraction.content.status, .partial)
        XCTAssertEqual(extraction.content.pages.map(\.source), [.ocr, .none, .none])
        XCTAssertTrue(extraction.content.note?.contains("OCR reads at most 1 pages of one document: pages 2\u{2013}3 not read") == true,
                      extraction.content.note ?? "no note")
    }

    func testOCRCutShortByTimeSaysSo() throws {
        let extractor = IsolatedExtractor(ocrLimits: OCRLimits(pages: 20, seconds: 0.05))
        let extraction = extractor.extract(path: try scan(pages: 2), type: .pdf, password: nil, ocrLanguages: "eng")
        XCTAssertEqual(extraction.content.status, .partial)
        XCTAssertTrue(extraction.content.note?.contains("OCR of one document stops after 0.05 s: pages 1\u{2013}2 not read") == true,
                      extraction.content.note ?? "no note")
    }
}

final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ name: String) { lock.withLock { list.append(name) } }
    var names: [String] { lock.withLock { list } }
}
