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
/// A body must not be handed on far ahead of the socket: Hummingbird's idle timeout starts once an
/// answer's end is handed on, and its close is graceful, so the kernel would go on feeding what it
/// holds to a client that reads a byte a second. A stored document's download is therefore paced
/// by its connection's event loop (`PacedBodyWriter`).
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
    /// Bytes written to the socket since `since`, the start of the window being counted.
    private var taken = 0
    private var since = NIODeadline.uptimeNanoseconds(0)
    private var check: Scheduled<Void>?
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
        if waiting == 0 { startWindow(context) }
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

    /// A new window from now, checked when it ends.
    private func startWindow(_ context: ChannelHandlerContext) {
        (taken, since) = (0, context.eventLoop.now)
        guard check == nil else { return }
        check = context.eventLoop.assumeIsolated().scheduleTask(in: window) { self.endWindow(context) }
    }

    private func endWindow(_ context: ChannelHandlerContext) {
        check = nil
        guard waiting > 0 else { return }
        let seconds = Double((context.eventLoop.now - since).nanoseconds) / 1e9
        if Double(taken) < Double(leastRate) * seconds {
            cutOff(context)
        } else {
            startWindow(context)
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
