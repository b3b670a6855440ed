import XCTest
@testable import HomeCrewWeb

/// The streaming multipart reader, fed the same body in pieces of every size: the parts must
/// not depend on where the network cut the body.
final class MultipartScannerTests: XCTestCase {
    static let boundary = "XyZ-boundary-7"
    /// File bytes that hold near-misses of the delimiter: CRLF and dashes, the boundary without
    /// its CRLF, and every proper prefix of "\r\n--XyZ-boundary-7".
    static let tricky: [UInt8] = {
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var bytes = Array("start\r\n--\r\n-- \(boundary)\r\n".utf8)
        for length in 1..<delimiter.count { bytes += delimiter[..<length] + Array("x".utf8) }
        return bytes + [0, 255, 13, 10, 13, 10] + Array("end".utf8)
    }()

    static var body: [UInt8] {
        var body = Array("preamble to ignore\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"household\"\r\n\r\nSea View\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body += tricky
        body += Array("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"empty.bin\"\r\n\r\n".utf8)
        body += Array("\r\n--\(boundary)--\r\nepilogue".utf8)
        return body
    }

    struct Part: Equatable {
        var disposition = ""
        var bytes: [UInt8] = []
        var ended = false
    }

    func scan(_ body: [UInt8], pieces size: Int) throws -> (parts: [Part], complete: Bool) {
        var scanner = MultipartScanner(boundary: Self.boundary)
        var parts: [Part] = []
        var offset = 0
        while offset < body.count {
            let end = min(body.count, offset + size)
            try body[offset..<end].withUnsafeBytes { piece in
                try scanner.feed(piece) { event in
                    switch event {
                    case .headers(let lines): parts.append(Part(disposition: lines.first { $0.name == "content-disposition" }?.value ?? ""))
                    case .body(let bytes): parts[parts.count - 1].bytes += bytes
                    case .partEnd: parts[parts.count - 1].ended = true
                    }
                }
            }
            offset = end
        }
        return (parts, scanner.isComplete)
    }

    func testPartsDoNotDependOnHowTheBodyIsCut() throws {
        let whole = try scan(Self.body, pieces: Self.body.count)
        XCTAssertTrue(whole.complete)
        XCTAssertEqual(whole.parts.map(\.disposition), ["form-data; name=\"household\"", "form-data; name=\"files\"; filename=\"a.bin\"",
                                                         "form-data; name=\"files\"; filename=\"empty.bin\""])
        XCTAssertEqual(whole.parts.map(\.bytes), [Array("Sea View".utf8), Self.tricky, []])
        XCTAssertEqual(whole.parts.map(\.ended), [true, true, true])
        for size in 1...Self.body.count {
            let cut = try scan(Self.body, pieces: size)
            XCTAssertEqual(cut.parts, whole.parts, "pieces of \(size) bytes")
            XCTAssertTrue(cut.complete, "pieces of \(size) bytes")
        }
    }

    /// Only a tail that begins the delimiter waits for the next piece; the rest goes on at once.
    func testTheHeldBackTailIsExactlyTheLongestStartOfTheDelimiter() {
        let delimiter = Array("\r\n--\(Self.boundary)".utf8)
        func naive(_ bytes: [UInt8]) -> Int {
            for start in 0..<bytes.count where bytes.count - start < delimiter.count && delimiter.starts(with: bytes[start...]) {
                return start
            }
            return bytes.count
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = delimiter + [0, 255, 13, 10]
        var held = 0
        for _ in 0..<5000 {
            var bytes = (0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            if Bool.random(using: &generator) { bytes += delimiter.prefix(Int.random(in: 1..<delimiter.count, using: &generator)) }
            let found = bytes.withUnsafeBytes { MultipartScanner.start(ofPartial: delimiter, atEndOf: $0) }
            XCTAssertEqual(found, naive(bytes), "\(bytes)")
            if found < bytes.count { held += 1 }
        }
        XCTAssertGreaterThan(held, 1000, "tails that begin the delimiter were tried")
        XCTAssertEqual(Array("file bytes".utf8).withUnsafeBytes { MultipartScanner.start(ofPartial: delimiter, atEndOf: $0) }, 10)
    }

    func testABodyCutOffLeavesItsLastPartUnended() throws {
        // Cut inside the file's bytes, just after its 0x00 0xFF.
        let cutAt = try XCTUnwrap((0..<Self.body.count - 1).first { Self.body[$0] == 0 && Self.body[$0 + 1] == 255 }) + 2
        let body = Array(Self.body.prefix(cutAt))
        for size in [1, 13, body.count] {
            let cut = try scan(body, pieces: size)
            XCTAssertFalse(cut.complete)
            XCTAssertEqual(cut.parts.map(\.ended), [true, false], "pieces of \(size) bytes")
            XCTAssertTrue(Self.tricky.starts(with: cut.parts[1].bytes), "what arrived of the file is its beginning")
        }
    }

    func testGarbageAfterADelimiterAndEndlessHeadersAreRefused() {
        XCTAssertThrowsError(try scan(Array("--\(Self.boundary)XX\r\n".utf8), pieces: 4))
        let endless = Array("--\(Self.boundary)\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 40_000)
        XCTAssertThrowsError(try scan(endless, pieces: 1024))
    }
}
