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

    /// Seconds until the connection of a client taking `bytesPerSecond` of a 1 MB body is closed (nil: open after a minute).
    func secondsUntilCut(bytesPerSecond: Int) throws -> Int? {
        let socket = HeldSocket()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([socket, SlowReaderGuard()])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        channel.write(HTTPResponsePart.head(.init(status: .ok)), promise: nil)
        channel.writeAndFlush(HTTPResponsePart.body(ByteBuffer(repeating: 0x25, count: 1 << 20)), promise: nil)
        for second in 1...60 {
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
}
