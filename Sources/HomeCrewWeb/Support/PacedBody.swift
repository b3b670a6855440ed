import HTTPTypes
import Hummingbird
import NIOCore

extension ResponseBody {
    /// This body handed on no faster than its connection's socket takes it (see `PacedBodyWriter`).
    func paced(on eventLoop: any EventLoop) -> ResponseBody {
        let body = self
        return ResponseBody(contentLength: contentLength) { writer in
            try await body.write(PacedBodyWriter(base: writer, eventLoop: eventLoop))
        }
    }
}

/// Waits, after each piece of a body it hands on, for one trip through the connection's event loop.
///
/// NIO's asynchronous writer passes a piece to the event loop later (`EventLoop.execute`) and
/// returns at once; it learns that the socket is full only when the loop has written a piece.
/// While the loop was busy with another connection, a download's task read a 16 MB file whole
/// into memory in a few milliseconds, closed it and handed on the answer's end; 15 s later the
/// idle timeout closed the connection gracefully, and the kernel went on feeding the 2.7 MB it held
/// to a client reading a byte a second (`SlowReaderGuard` never got to reset it). The trip runs
/// behind the piece, so the next piece waits whenever the socket is full, as a download should.
struct PacedBodyWriter: ResponseBodyWriter {
    var base: any ResponseBodyWriter
    let eventLoop: any EventLoop

    mutating func write(_ buffer: ByteBuffer) async throws {
        try await base.write(buffer)
        try await eventLoop.submit {}.get()
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await base.finish(trailingHeaders)
    }
}
