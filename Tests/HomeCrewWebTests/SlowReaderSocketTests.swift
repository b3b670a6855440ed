#if os(Linux)
import Glibc
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import NIOPosix
import XCTest
@testable import HomeCrewWeb

/// `SlowReaderGuard` over real loopback sockets, where the kernel takes a whole answer into its
/// send buffer (set to 1 MB here, so the tests do not depend on its growth) and reports the socket
/// writable again only once a third of it has drained. Windows of half a second, at least 2 KB/s.
final class SlowReaderSocketTests: XCTestCase {
    static let window = TimeAmount.milliseconds(500)

    /// Writes an answer of `bytes` when the client connects and, if `close`, asks to close at once
    /// (as the idle timeout or "Connection: close" does once an answer's end is handed on).
    final class Answerer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = HTTPResponsePart
        let bytes: Int, close: Bool
        init(bytes: Int, close: Bool) { (self.bytes, self.close) = (bytes, close) }

        func channelActive(context: ChannelHandlerContext) {
            context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok))), promise: nil)
            context.write(wrapOutboundOut(.body(ByteBuffer(repeating: 0x25, count: bytes))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            if close { context.close(promise: nil) }
        }
    }

    /// The wire: a body's bytes as they are (the head and end are not needed here).
    final class BodyBytes: ChannelOutboundHandler {
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = ByteBuffer
        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            guard case .body(let buffer) = unwrapOutboundIn(data) else { promise?.succeed(); return }
            context.write(wrapOutboundOut(buffer), promise: promise)
        }
    }

    /// A client with a small receive buffer, read by hand.
    struct Client {
        let descriptor: Int32

        init(port: Int, receiveBuffer: Int32) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var size = receiveBuffer
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        }

        /// Up to `bytes` read without waiting: the count, 0 at the end of the answer, nil after a reset.
        func read(upTo bytes: Int) -> Int? {
            var buffer = [UInt8](repeating: 0, count: bytes)
            var read = 0
            while read < bytes {
                let count = recv(descriptor, &buffer, bytes - read, Int32(MSG_DONTWAIT))
                if count > 0 { read += count; continue }
                if count == 0 { return read == 0 ? 0 : read }
                return errno == EAGAIN ? read : nil
            }
            return read
        }

        /// Linux's TCP state of the client's socket: 7 (CLOSE) once the server has reset it.
        var state: UInt8 {
            var info = tcp_info()
            var length = socklen_t(MemoryLayout<tcp_info>.size)
            getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, &info, &length)
            return info.tcpi_state
        }

        func close() { _ = Glibc.close(descriptor) }
    }

    /// A server whose every connection is answered with `bytes`, guarded; run `body` with a client.
    func withServer(bytes: Int, close: Bool, receiveBuffer: Int32 = 16 << 10, _ body: (Client) throws -> Void) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let server = try ServerBootstrap(group: group)
            .childChannelOption(.socketOption(.so_sndbuf), value: 1 << 20)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        BodyBytes(), SlowReaderGuard(leastRate: 2_048, window: Self.window), Answerer(bytes: bytes, close: close),
                    ])
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        defer { try? server.close().wait() }
        let client = try Client(port: try XCTUnwrap(server.localAddress?.port), receiveBuffer: receiveBuffer)
        defer { client.close() }
        try body(client)
    }

    /// Seconds (in tenths) until the client's socket is reset while it reads `bytesPerTenth` every
    /// 0.1 s; nil if it was not within `seconds`. `whole` is set when it read the answer to its end.
    func secondsUntilReset(_ client: Client, bytesPerTenth: Int, seconds: Double, whole: inout Bool) -> Double? {
        for tenth in 1...Int(seconds * 10) {
            usleep(100_000)
            if bytesPerTenth > 0 {
                switch client.read(upTo: bytesPerTenth) {
                case nil: return Double(tenth) / 10
                case 0?: whole = true
                default: break
                }
            }
            if client.state == 7 { return Double(tenth) / 10 }
        }
        return nil
    }

    /// The whole answer left the server at once (the kernel took it): the client that takes none of
    /// it is still cut off within two windows, though nothing waits in the server any more.
    func testAClientTakingNothingOfAnAnswerTheKernelHoldsIsCutOff() throws {
        try withServer(bytes: 512 << 10, close: false) { client in
            var whole = false
            let reset = secondsUntilReset(client, bytesPerTenth: 0, seconds: 3, whole: &whole)
            XCTAssertNotNil(reset, "reset within 3 s")
            XCTAssertLessThanOrEqual(reset ?? 99, 1.5, "within two windows and a little")
        }
    }

    /// A page of 32 KB still in the kernel at a window's end is not judged: a client that has not
    /// taken it could not have taken a window's 20 KB of it in the time it had (a page begun late
    /// in a window, on a slow line, was cut off). The idle timeout ends such a connection.
    func testASmallAnswerInTheKernelIsNotJudged() throws {
        try withServer(bytes: 32 << 10, close: false, receiveBuffer: 4 << 10) { client in
            var whole = false
            XCTAssertNil(secondsUntilReset(client, bytesPerTenth: 0, seconds: 2, whole: &whole), "not reset in 4 windows")
        }
    }

    /// A close asked for with the answer in the kernel and a client that keeps up: it gets the
    /// whole answer, then the end.
    func testAClientThatKeepsUpGetsAnAnswerClosedBehindIt() throws {
        try withServer(bytes: 512 << 10, close: true) { client in
            var whole = false
            XCTAssertNil(secondsUntilReset(client, bytesPerTenth: 64 << 10, seconds: 3, whole: &whole), "not reset")
            XCTAssertTrue(whole, "the answer read to its end")
        }
    }

    /// 320 KB/s, steady, of an answer larger than the send buffer: the kernel reports the socket
    /// writable again only after ~700 KB have drained (over 2 s), so no write completes for
    /// several windows; the client's acknowledgements show it keeps up. (A much slower client is
    /// acknowledged in bursts of about half its receive buffer, seconds apart: see `SlowReaderGuard`.)
    func testASteadyClientIsNotCutOffWhileTheKernelHoldsItsSocketFull() throws {
        try withServer(bytes: 16 << 20, close: false, receiveBuffer: 64 << 10) { client in
            var whole = false
            XCTAssertNil(secondsUntilReset(client, bytesPerTenth: 32_000, seconds: 3, whole: &whole), "not reset in 6 windows")
        }
    }
}
#endif
