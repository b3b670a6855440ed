import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewTestSupport
import HomeCrewVault
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
@testable import HomeCrewWeb

/// Uploads streamed to the vault's temporary folder and filed by the same ingest as `doc add`.
final class UploadTests: XCTestCase {
    static let boundary = "----homecrew-test-boundary"

    static func multipart(_ fields: [(String, String)], files: [(name: String, bytes: [UInt8])], end: Bool = true) -> ByteBuffer {
        var buffer = ByteBuffer()
        for (name, value) in fields {
            buffer.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            buffer.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\(file.name)\"\r\n"
                               + "Content-Type: application/octet-stream\r\n\r\n")
            buffer.writeBytes(file.bytes)
            buffer.writeString("\r\n")
        }
        if end { buffer.writeString("--\(boundary)--\r\n") }
        return buffer
    }

    static func upload(_ client: WebHarness.Client, _ body: ByteBuffer, csrf: String, contentType: String? = nil) async throws -> TestResponse {
        try await client.raw("/upload?csrf=\(csrf)", method: .post,
                             headers: [.contentType: contentType ?? "multipart/form-data; boundary=\(Self.boundary)", .origin: "http://localhost"],
                             body: body)
    }

    static func sample(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: WebHarness.samples.appendingPathComponent(path)))
    }

    func testEachFileGetsItsOwnOutcomeAndNothingIsLeftBehind() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let household = harness.household.id.rawValue
        let photo = try Self.sample("documents/fatima-residence-visa-sideways.jpg")
        let body = Self.multipart([("household", household), ("staff", harness.maria.id.rawValue), ("kind", "passport"), ("issued", "2025-02-01"), ("expires", "2030-01-31"), ("ocr", "yes")],
                                  files: [("visa.jpg", photo), ("again.pdf", try Self.sample("fixtures/hello.pdf")),
                                          ("notes.txt", Array("just text".utf8)), ("../../escape.heic", try Self.sample("documents/maria-passport-photo.heic"))])
        try await harness.test { client in
            let response = try await Self.upload(client, body, csrf: harness.csrf)
            XCTAssertEqual(response.status, .ok)
            let verdicts = response.text.components(separatedBy: "data-verdict=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            XCTAssertEqual(verdicts, ["added", "already present", "refused", "added"], response.text)
        }
        let added = try harness.app.database.documentListing(DocumentFilter(listing: DocumentListing(kind: .passport)))
        XCTAssertEqual(Set(added.map(\.document.originalName)), ["visa.jpg", "escape.heic"], "a path in a file name is dropped")
        XCTAssertEqual(added.map { $0.document.expiresOn?.description }, ["2030-01-31", "2030-01-31"])
        XCTAssertEqual(added.map { $0.document.issuedOn?.description }, ["2025-02-01", "2025-02-01"], "the page's 'Issued on'")
        XCTAssertEqual(added.map { $0.staff.map(\.id) }, [[harness.maria.id], [harness.maria.id]])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: harness.app.objects.temporaryDirectory)
        XCTAssertEqual(leftovers, [], "the upload's temporary files are gone")
        for hash in try harness.app.database.referencedObjectHashes() {
            XCTAssertEqual(try ObjectStoreCheck.rehash(harness.app.objects.path(for: hash)), hash, "every object is whole")
        }
    }

    func testTheResultOffersToApplyWhatEachNewDocumentSays() async throws {
        let harness = try WebHarness()
        try harness.seed(staffName: "Maria Luisa Santos")
        try await harness.signIn()
        // A passport whose zone names "MARIA LUISA SANTOS"; the line printed above it names her too.
        let passport = TextPDF.make(["REPUBLIC OF THE PHILIPPINES  PASSPORT", "SANTOS MARIA LUISA <b>",
                                     "P<PHLSANTOS<<MARIA<LUISA<<<<<<<<<<<<<<<<<<<<", "P1234567<1PHL9005215F3103142<<<<<<<<<<<<<<<8"])
        let body = Self.multipart([("household", harness.household.id.rawValue)], files: [("passport.pdf", Array(passport)),
                                                                                          ("hello.pdf", try Self.sample("fixtures/hello.pdf"))])
        try await harness.test { client in
            let response = try await Self.upload(client, body, csrf: harness.csrf)
            XCTAssertEqual(response.status, .ok)
            let page = response.text
            XCTAssertTrue(page.contains("Its text says: <bdi>passport of Maria Luisa Santos, number P1234567, expires 2031-03-14"), page)
            XCTAssertEqual(page.components(separatedBy: "Its text says").count, 2, "only the passport says something")
            let documentID = try XCTUnwrap(page.components(separatedBy: "action=\"/documents/").dropFirst().first?.prefix(12)).description
            for field in ["kind", "number", "expiry", "person"] {
                XCTAssertTrue(page.contains("name=\"field\" value=\"\(field)\""), "an Apply form for \(field)")
            }
            XCTAssertFalse(page.contains("value=\"birth\""), "the birth date is shown on the document's page only")
            let applied = try await client.post("/documents/\(documentID)/apply", ["field": "number"])
            XCTAssertEqual(applied.status, .seeOther)
        }
        let document = try XCTUnwrap(try harness.app.database.documentListing(DocumentFilter()).first { $0.document.originalName == "passport.pdf" })
        XCTAssertEqual(document.document.number, "P1234567")
        XCTAssertNil(document.document.expiresOn, "one fact at a time")
    }

    /// The upload itself has no budget, but reading what its documents say does: with none left,
    /// every file is still filed and listed, and the suggestions wait on the documents' own pages.
    func testTheResultsSuggestionsAreReadWithinAPagesBudget() async throws {
        let harness = try WebHarness(requestSeconds: 0)
        try harness.seed(staffName: "Maria Luisa Santos")
        try await harness.signIn()
        let passport = TextPDF.make(["REPUBLIC OF THE PHILIPPINES  PASSPORT",
                                     "P<PHLSANTOS<<MARIA<LUISA<<<<<<<<<<<<<<<<<<<<", "P1234567<1PHL9005215F3103142<<<<<<<<<<<<<<<8"])
        let body = Self.multipart([("household", harness.household.id.rawValue)], files: [("passport.pdf", Array(passport))])
        try await harness.test { client in
            let response = try await Self.upload(client, body, csrf: harness.csrf)
            XCTAssertEqual(response.status, .ok)
            XCTAssertTrue(response.text.contains("data-verdict=\"added\""), response.text)
            XCTAssertFalse(response.text.contains("Its text says"), "no budget left for reading it")
        }
        XCTAssertNotNil(try harness.app.database.documentListing(DocumentFilter()).first { $0.document.originalName == "passport.pdf" })
    }

    func testTooLargeCutOffAndNonMultipartBodiesAreRefusedWithoutStoringAnything() async throws {
        let harness = try WebHarness(uploadLimit: 4096)
        try harness.seed()
        try await harness.signIn()
        let household = harness.household.id.rawValue
        let before = try harness.app.database.documentListing(DocumentFilter()).count
        try await harness.test { client in
            let big = Self.multipart([("household", household)], files: [("big.pdf", Array(repeating: 0x25, count: 10_000))])
            let tooLarge = try await Self.upload(client, big, csrf: harness.csrf)
            XCTAssertEqual(tooLarge.status, .contentTooLarge)
            XCTAssertTrue(tooLarge.text.contains("4 KB"), tooLarge.text)

            let cut = Self.multipart([("household", household)], files: [("half.pdf", Array(try Self.sample("fixtures/hello.pdf").prefix(300)))], end: false)
            var truncated = cut
            truncated.moveWriterIndex(to: cut.writerIndex - 2)  // no closing CRLF and boundary: cut off
            let cutOff = try await Self.upload(client, truncated, csrf: harness.csrf)
            XCTAssertTrue(cutOff.text.contains("cut off"), cutOff.text)

            let notMultipart = try await Self.upload(client, ByteBuffer(string: "household=x"), csrf: harness.csrf,
                                                     contentType: "application/x-www-form-urlencoded")
            XCTAssertEqual(notMultipart.status, .badRequest)
            let noBoundary = try await Self.upload(client, ByteBuffer(string: "x"), csrf: harness.csrf, contentType: "multipart/form-data; boundary=")
            XCTAssertEqual(noBoundary.status, .badRequest)
        }
        XCTAssertEqual(try harness.app.database.documentListing(DocumentFilter()).count, before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: harness.app.objects.temporaryDirectory), [])
    }
}

extension UploadTests {
    func testAHundredFilesAtOnceEachGetTheirOwnAnswer() async throws {
        let harness = try WebHarness()
        try harness.seed()
        try await harness.signIn()
        let files = (0..<100).map { (name: "note-\($0).txt", bytes: Array("note \($0)".utf8)) }
        let body = Self.multipart([("household", harness.household.id.rawValue)], files: files)
        try await harness.test { client in
            let response = try await Self.upload(client, body, csrf: harness.csrf)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.text.components(separatedBy: "data-verdict=\"refused\"").count - 1, 100)
            XCTAssertTrue(response.text.contains("note-99.txt"), "each file is named in its answer")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: harness.app.objects.temporaryDirectory), [])
    }
}

enum ObjectStoreCheck {
    static func rehash(_ path: String) throws -> String { try HomeCrewVault.ObjectStore.hash(fileAt: path) }
}

extension UploadTests {
    /// The receiver writes what the network hands it, small pieces gathered and large ones as
    /// they come, and every file ends up byte for byte as sent, however the body was cut.
    func testReceivedFilesAreTheSentBytesWhateverThePieces() async throws {
        let harness = try WebHarness()
        var generator = SystemRandomNumberGenerator()
        let delimiter = Array("\r\n--\(Self.boundary)".utf8)
        var large = (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for start in stride(from: 1000, to: large.count - 100, by: 77_777) {  // near-misses of the delimiter
            let prefix = delimiter.prefix(1 + start % (delimiter.count - 1))
            large.replaceSubrange(start..<start + prefix.count, with: prefix)
            // The random byte after it must not happen to complete the delimiter (1 time in 256 it did,
            // and the body was then truly malformed: the test, not the scanner, failed).
            large[start + prefix.count] = delimiter[prefix.count] ^ 0xFF
        }
        let files: [(name: String, bytes: [UInt8])] = [("large.bin", large), ("small.bin", Array("small\r\n--".utf8)), ("empty.bin", [])]
        let body = Self.multipart([("household", "x")], files: files)
        let sizes = [1, 700, 40_000, 65_536, 3, 100_000, 2048, 33_000]
        var pieces: [ByteBuffer] = [], offset = 0
        while offset < body.readableBytes {
            let size = min(sizes[pieces.count % sizes.count], body.readableBytes - offset)
            pieces.append(body.getSlice(at: offset, length: size)!)
            offset += size
        }
        let stream = AsyncStream<ByteBuffer> { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
        let receiver = try UploadReceiver(objects: harness.app.objects, limit: 64 << 20)
        defer { receiver.removeFolder() }
        try await receiver.receive(RequestBody(asyncSequence: stream), boundary: Self.boundary)
        XCTAssertEqual(receiver.fields["household"], "x")
        XCTAssertEqual(receiver.files.map(\.originalName), files.map(\.name))
        for (received, sent) in zip(receiver.files, files) {
            XCTAssertTrue(received.complete)
            XCTAssertEqual(received.size, Int64(sent.bytes.count))
            XCTAssertTrue(Array(try Data(contentsOf: URL(fileURLWithPath: received.path))) == sent.bytes, "\(received.originalName) differs")
        }
    }
}
