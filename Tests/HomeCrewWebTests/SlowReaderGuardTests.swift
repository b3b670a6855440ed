import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import XCTest
@testable import HomeCrewWeb

/// A client that takes an answer's body more slowly than `WebLimits.downloadLeastRate` is cut
/// off within two windows; one that keeps up, however slowly, is not. Time is the embedded event
/// loop's, moved by hand: a socket stand-in holds every write until the "client" takes its bytes.
final class SlowReaderGuardTests: XCTestCase {
    /// Between the guard and the wire: holds each write's promise until the client has taken its bytes.
    final class HeldSocket: ChannelOutboundHandler {
        typealias OutboundIn = HTTPResponsePart
        private var held: [(size: Int, promise: EventLoopPromise<Void>?)] = []
        private var credit = 0

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            guard case .body(let buffer) = unwrapOutboundIn(data) else { promise?.succeed(); return }
            held.append((buffer.readableBytes, promise))
        }

        /// The client reads `bytes` more: every write it has now taken whole is written.
        func take(_ bytes: Int) {
            credit += bytes
            while let first = held.first, first.size <= credit {
                credit -= first.size
                held.removeFirst()
                first.promise?.succeed()
            }
        }
    }

    /// Seconds until the connection of a client taking `bytesPerSecond` of a body (1 MB unless
    /// said, its length in the head when `sized`) is closed; nil: open after `seconds`.
    func secondsUntilCut(bytesPerSecond: Int, bytes: Int = 1 << 20, sized: Bool = false, seconds: Int = 60) throws -> Int? {
        let socket = HeldSocket()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([socket, SlowReaderGuard()])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        let head = HTTPResponse(status: .ok, headerFields: sized ? [.contentLength: String(bytes)] : [:])
        channel.write(HTTPResponsePart.head(head), promise: nil)
        channel.write(HTTPResponsePart.body(ByteBuffer(repeating: 0x25, count: bytes)), promise: nil)
        channel.writeAndFlush(HTTPResponsePart.end(nil), promise: nil)
        for second in 1...seconds {
            socket.take(bytesPerSecond)
            channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            if !channel.isActive { return second }
        }
        _ = try? channel.finish()
        return nil
    }

    func testAClientTakingLessThanTheLeastRateIsCutOffWithinTwoWindows() throws {
        let window = Int(WebLimits.downloadWindowSeconds)
        for rate in [0, 1, 1024] {
            let cut = try XCTUnwrap(try secondsUntilCut(bytesPerSecond: rate), "\(rate) B/s is cut off")
            XCTAssertLessThanOrEqual(cut, 2 * window, "\(rate) B/s")
        }
    }

    func testAClientThatKeepsUpIsNotCutOff() throws {
        XCTAssertNil(try secondsUntilCut(bytesPerSecond: 3 * WebLimits.downloadLeastRate), "3 × the least rate, for a minute")
        XCTAssertNil(try secondsUntilCut(bytesPerSecond: 1 << 20), "the whole body at once: nothing waits")
    }

    /// A kept-alive connection's next answer, begun late in a window that began with the last one,
    /// gets a window of its own: 16 KB taken in a second is not judged over the quiet nine before it.
    func testAnAnswerAfterAQuietSpellIsJudgedFromItsOwnStart() throws {
        let socket = HeldSocket()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([socket, SlowReaderGuard()])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        func answer(_ bytes: Int) {
            channel.write(HTTPResponsePart.head(HTTPResponse(status: .ok)), promise: nil)
            channel.write(HTTPResponsePart.body(ByteBuffer(repeating: 0x25, count: bytes)), promise: nil)
            channel.writeAndFlush(HTTPResponsePart.end(nil), promise: nil)
        }
        answer(4 << 10)
        socket.take(4 << 10)
        channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        answer(16 << 10)
        for _ in 1...4 {
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
            socket.take(4 << 10)
            XCTAssertTrue(channel.isActive, "a client taking 8 KB/s is not cut off")
        }
        _ = try? channel.finish()
    }

    /// 2.5 KB/s passes every window (it takes three 8 KB slices each 10 s), so without a limit of
    /// its own a 16 MB answer held the connection and the file for 1 h 49 min.
    func testAClientJustAboveTheLeastRateIsCutOffAtTheAnswersTimeLimit() throws {
        let rate = 2_560, bytes = 16 << 20
        XCTAssertGreaterThan(bytes / rate, Int(WebLimits.downloadSeconds), "taking it whole would outlast the ceiling")
        let cut = try XCTUnwrap(try secondsUntilCut(bytesPerSecond: rate, bytes: bytes, sized: true, seconds: 3 * 3600), "cut off")
        XCTAssertEqual(cut, Int(WebLimits.downloadSeconds), "at the ceiling, not by the least rate before it")
    }

    func testAnAnswerTakenWithinItsTimeLimitIsNotCutOff() throws {
        XCTAssertNil(try secondsUntilCut(bytesPerSecond: 2_560, bytes: 1 << 20, sized: true, seconds: 700), "1 MB at 2.5 KB/s: 410 s")
    }

    /// The limit is the size at the least rate and a grace, and never more than the ceiling: a
    /// size too large, or unknown, gets the ceiling.
    func testTheTimeLimitOfAnAnswerIsBounded() {
        let rate = WebLimits.downloadLeastRate
        XCTAssertEqual(SlowReaderGuard.timeLimit(bytes: 0), WebLimits.downloadGraceSeconds)
        XCTAssertEqual(SlowReaderGuard.timeLimit(bytes: 1 << 20), WebLimits.downloadGraceSeconds + Int64((1 << 20) / rate))
        XCTAssertEqual(SlowReaderGuard.timeLimit(bytes: 16 << 20), WebLimits.downloadSeconds)
        XCTAssertEqual(SlowReaderGuard.timeLimit(bytes: Int.max), WebLimits.downloadSeconds)
        XCTAssertEqual(SlowReaderGuard.timeLimit(bytes: nil), WebLimits.downloadSeconds)
    }
}
