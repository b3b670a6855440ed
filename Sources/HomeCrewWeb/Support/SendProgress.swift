import NIOCore

/// How much of what the server sent on a connection its client has taken, as the kernel counts it
/// (Linux's `struct tcp_info`). `SlowReaderGuard` needs the kernel's count, not NIO's write
/// promises: a promise completes when the kernel has accepted the bytes, and the kernel accepts up
/// to its send buffer (4 MB on loopback) and reports a full socket writable again only once a third
/// of it has drained, so a client taking 8 KB/s was seen to take nothing for a whole window; and an
/// answer that has left the server whole may still sit in the kernel for a client taking none of it.
struct SendProgress: Equatable {
    /// Bytes the client has acknowledged since the connection opened.
    var acknowledged: UInt64
    /// Bytes the kernel holds for the client: not yet sent, or sent and not yet acknowledged.
    var held: UInt64

    /// The channel's counts, read on its event loop; nil for a channel without a socket (the
    /// tests' embedded channels).
    static func of(_ channel: any Channel) -> SendProgress? {
        #if os(Linux)
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        var progress: SendProgress?
        // On the channel's own loop the option is read at once and the future is complete already,
        // so the callback runs before `whenSuccess` returns.
        provider.unsafeGetSocketOption(level: .tcp, name: .tcp_info).assumeIsolated().whenSuccess { (info: LinuxTCPInfo) in
            progress = info.progress
        }
        return progress
        #else
        return nil
        #endif
    }
}

/// Linux's `struct tcp_info` as <linux/tcp.h> lays it out (232 bytes; it only ever grows at its
/// end, and a kernel older than a field leaves it zero). glibc's copy, which NIO's `getTCPInfo`
/// returns, ends before the byte counts.
struct LinuxTCPInfo: Sendable {
    var words: InlineArray<29, UInt64>

    var progress: SendProgress {
        withUnsafeBytes(of: words) { raw in
            let acknowledged = raw.load(fromByteOffset: 120, as: UInt64.self)  // tcpi_bytes_acked
            let unsent = raw.load(fromByteOffset: 144, as: UInt32.self)  // tcpi_notsent_bytes
            let sent = raw.load(fromByteOffset: 200, as: UInt64.self)  // tcpi_bytes_sent, retransmissions included
            let resent = raw.load(fromByteOffset: 208, as: UInt64.self)  // tcpi_bytes_retrans
            let inFlight = sent >= resent + acknowledged ? sent - resent - acknowledged : 0
            return SendProgress(acknowledged: acknowledged, held: UInt64(unsent) + inFlight)
        }
    }
}
