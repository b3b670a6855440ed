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
        for size in [1, 2, 3, 5, 7, 16, 17, 64, 100, 1000] {
            let cut = try scan(Self.body, pieces: size)
            XCTAssertEqual(cut.parts, whole.parts, "pieces of \(size) bytes")
            XCTAssertTrue(cut.complete, "pieces of \(size) bytes")
        }
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
