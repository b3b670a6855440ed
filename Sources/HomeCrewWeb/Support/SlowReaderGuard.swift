import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client takes an answer's body too slowly: while some of the body
/// waits to be written, the socket must take at least `leastRate` bytes a second, counted over
/// each `window`, or the connection is closed. Hummingbird's idle timeout does not run while an
/// answer is being written, so without this a client reading a download a byte a second held the
/// connection and the open file for days (the rule mirrors an upload's least rate). Past the
/// kernel's buffers, a client that falls behind is cut off within two windows.
///
/// The body is handed on in slices of `slice` bytes, each with its own promise, so that a client
/// that is slow but steady is seen to make progress inside one of the file's large chunks.
///
/// What the client has taken is the kernel's count of bytes it acknowledged (`SendProgress`), where
/// the channel has a socket, or what NIO has written, whichever is more; and the windows go on while
/// the kernel still holds `heldJudged` bytes or more for the client, after the whole answer has left
/// the server (a page of a few KB still in flight at a window's end is not judged: the client
/// could not have taken 20 KB of it). A stored document's download is paced by its connection's
/// event loop (`PacedBodyWriter`), so the file is read no further ahead of its client than NIO's
/// file reader buffers.
///
/// Left as it was: a close that is graceful (the idle timeout 15 s after an answer's end was
/// handed on, "Connection: close", a client's half-close) leaves what the kernel still holds to be
/// fed to the client after the server has let go. Deferring such closes until the client had
/// taken it was tried and undone: the connection went on serving requests meanwhile, which kept a
/// stopping server alive and cut pipelined answers short, and a half-close bypassed it.
///
/// The kernel's count moves in steps: a Linux client whose window has filled acknowledges again
/// once about half of its receive buffer is free (measured: 64 KB steps for a 128 KB buffer), so a
/// steady client under about 6 KB/s with that buffer can go a whole window without a step and be
/// cut off. Write promises were coarser still: a full 4 MB send buffer completed one only every
/// 1.3 MB, and clients at 8–64 KB/s were cut off.
///
/// A client just above the least rate would still hold a large answer for hours, so each answer
/// also has a time limit from its head (`timeLimit`, at most `WebLimits.downloadSeconds`): an answer
/// not written whole by then is cut off the same way.
final class SlowReaderGuard: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let leastRate: Int
    let window: TimeAmount
    let slice: Int
    /// Bytes of body handed on and not yet written to the socket.
    private(set) var waiting = 0
    /// Bytes written to the socket since `since`, the start of the window being counted, and what
    /// the client had acknowledged then (nil: the channel has no socket to ask).
    private var taken = 0
    private var since = NIODeadline.uptimeNanoseconds(0)
    private var acknowledgedAtStart: UInt64?
    private var check: Scheduled<Void>?
    /// Windows go on while the kernel holds at least this much for the client (3 windows' least).
    static let heldJudged = 64 << 10
    /// An answer's head has been handed on and its end not yet; its time limit, while it runs.
    private var answering = false
    private var clock: Scheduled<Void>?

    init(leastRate: Int = WebLimits.downloadLeastRate, window: TimeAmount = .seconds(WebLimits.downloadWindowSeconds), slice: Int = 8 << 10) {
        (self.leastRate, self.window, self.slice) = (leastRate, window, slice)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if head.status.kind != .informational { startClock(head, context) }
            context.write(data, promise: promise)
        case .body(var buffer):
            while buffer.readableBytes > slice { handOn(buffer.readSlice(length: slice)!, nil, context) }
            handOn(buffer, promise, context)
        case .end:
            answering = false
            if waiting == 0 { stopClock() }
            context.write(data, promise: promise)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        stopClock()
    }

    /// Seconds an answer of `bytes` (nil: not known) may take to be written: its size at the least
    /// rate and a grace, at most `WebLimits.downloadSeconds` however large it is.
    static func timeLimit(bytes: Int?, leastRate: Int = WebLimits.downloadLeastRate) -> Int64 {
        guard let bytes else { return WebLimits.downloadSeconds }
        return min(WebLimits.downloadGraceSeconds + Int64(bytes / max(1, leastRate)), WebLimits.downloadSeconds)
    }

    private func startClock(_ head: HTTPResponse, _ context: ChannelHandlerContext) {
        stopClock()
        answering = true
        let seconds = Self.timeLimit(bytes: head.headerFields[.contentLength].flatMap { Int($0) }, leastRate: leastRate)
        clock = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(seconds)) {
            self.clock = nil
            if self.answering || self.waiting > 0 { self.cutOff(context) }
        }
    }

    private func stopClock() {
        clock?.cancel()
        clock = nil
    }

    /// One slice written with a promise of its own, counted until the socket has taken it.
    private func handOn(_ buffer: ByteBuffer, _ promise: EventLoopPromise<Void>?, _ context: ChannelHandlerContext) {
        let size = buffer.readableBytes
        // A window counts from when something began to wait: an answer begun after a quiet spell on
        // a kept-alive connection is not judged by a window that began with the last one.
        if check == nil || waiting == 0 {
            let kernel = SendProgress.of(context.channel)
            if check == nil || (kernel?.held ?? 0) == 0 { startWindow(context, kernel) }
        }
        waiting += size
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { result in
            self.waiting -= size
            if case .success = result { self.taken += size }
            if self.waiting == 0 && !self.answering { self.stopClock() }
            promise?.completeWith(result)
        }
        context.write(wrapOutboundOut(.body(buffer)), promise: written)
    }

    /// A new window from now, checked when it ends; `kernel` is the connection's counts just read.
    private func startWindow(_ context: ChannelHandlerContext, _ kernel: SendProgress?) {
        check?.cancel()
        (taken, since, acknowledgedAtStart) = (0, context.eventLoop.now, kernel?.acknowledged)
        check = context.eventLoop.assumeIsolated().scheduleTask(in: window) { self.endWindow(context) }
    }

    /// Windows go on while some of an answer waits here, or `heldJudged` of it in the kernel.
    private func endWindow(_ context: ChannelHandlerContext) {
        check = nil
        let kernel = SendProgress.of(context.channel)
        guard waiting > 0 || (kernel?.held ?? 0) >= Self.heldJudged else { return }
        var acknowledged = 0
        if let now = kernel?.acknowledged, let then = acknowledgedAtStart, now >= then { acknowledged = Int(clamping: now - then) }
        let seconds = Double((context.eventLoop.now - since).nanoseconds) / 1e9
        if Double(max(taken, acknowledged)) < Double(leastRate) * seconds {
            cutOff(context)
        } else {
            startWindow(context, kernel)
        }
    }

    /// An abortive close (a reset): the kernel drops what the client has not taken instead of
    /// keeping it for the client as long as it likes.
    private func cutOff(_ context: ChannelHandlerContext) {
        let abortive = (context.channel as? any SocketOptionProvider)?.setSoLinger(NIOLinger(l_onoff: 1, l_linger: 0))
            ?? context.eventLoop.makeSucceededVoidFuture()
        abortive.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
