import Dispatch
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import XCTest
@testable import HomeCrewWeb

/// A paced body's `write` returns only once its connection's event loop has taken the piece, even
/// while the loop is busy; so a socket that is full holds back the next piece, and a download is
/// read into memory no further ahead of its client than NIO's file reader buffers.
final class PacedBodyTests: XCTestCase {
    /// Hands each piece to the event loop later and returns at once, as NIO's asynchronous writer does.
    struct LoopWriter: ResponseBodyWriter {
        let eventLoop: any EventLoop
        let taken: NIOLockedValueBox<[Int]>

        mutating func write(_ buffer: ByteBuffer) async throws {
            let (size, taken) = (buffer.readableBytes, taken)
            eventLoop.execute { taken.withLockedValue { $0.append(size) } }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// The pieces the loop had taken when each `write` returned, with the loop kept busy at first
    /// (another connection's work): for 0.2 s when paced, until all eight are written when not.
    func takenAtEachWrite(paced: Bool) async throws -> [Int] {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let taken = NIOLockedValueBox<[Int]>([])
        let written = DispatchSemaphore(value: 0)
        loop.execute { if paced { usleep(200_000) } else { written.wait() } }
        var writer: any ResponseBodyWriter = LoopWriter(eventLoop: loop, taken: taken)
        if paced { writer = PacedBodyWriter(base: writer, eventLoop: loop) }
        var seen: [Int] = []
        for piece in 1...8 {
            try await writer.write(ByteBuffer(repeating: 0x25, count: piece))
            seen.append(taken.withLockedValue { $0.count })
        }
        if !paced { written.signal() }
        try await group.shutdownGracefully()
        return seen
    }

    func testEachPieceIsTakenBeforeTheNextIsWritten() async throws {
        let seen = try await takenAtEachWrite(paced: true)
        XCTAssertEqual(seen, Array(1...8), "after the n-th write the loop has taken n pieces")
    }

    /// What the pacing is for: unpaced, every write returns while the busy loop has taken nothing.
    func testUnpacedWritesRunAheadOfABusyLoop() async throws {
        let seen = try await takenAtEachWrite(paced: false)
        XCTAssertEqual(seen, Array(repeating: 0, count: 8))
    }

    func testAPacedBodyKeepsItsLengthAndBytes() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let pieces = [ByteBuffer(string: "Pay"), ByteBuffer(string: "slip")]
        let body = ResponseBody(contentLength: 7) { writer in
            for piece in pieces { try await writer.write(piece) }
            try await writer.finish(nil)
        }.paced(on: group.next())
        XCTAssertEqual(body.contentLength, 7)
        let collected = NIOLockedValueBox(ByteBuffer())
        struct Collector: ResponseBodyWriter {
            let into: NIOLockedValueBox<ByteBuffer>
            mutating func write(_ buffer: ByteBuffer) async throws {
                var buffer = buffer
                _ = into.withLockedValue { $0.writeBuffer(&buffer) }
            }
            consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
        }
        try await body.write(Collector(into: collected))
        XCTAssertEqual(String(buffer: collected.withLockedValue { $0 }), "Payslip")
        try await group.shutdownGracefully()
    }
}
