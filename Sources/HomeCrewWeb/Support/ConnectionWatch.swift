import Foundation
import NIOCore

/// Whether anybody still waits for a request's answer. While a request is handled the server
/// reads nothing more from its connection, so a browser that gave up is not seen by the channel
/// itself; the kernel knows: the socket is in CLOSE_WAIT once the peer has closed its side, or
/// CLOSE once it reset it. Asked at most every `interval`, as asking goes through the event loop.
final class ConnectionWatch: @unchecked Sendable {
    static let interval = Duration.milliseconds(50)
    /// Linux's TCP states for a peer that has closed (include/net/tcp_states.h).
    static let closedStates: Set<UInt8> = [7, 8]  // TCP_CLOSE, TCP_CLOSE_WAIT

    private let channel: any Channel
    private let lock = NSLock()
    private var lastAsked: ContinuousClock.Instant?
    private var gone = false

    init(_ channel: any Channel) { self.channel = channel }

    var clientIsConnected: Bool {
        guard channel.isActive else { return false }
        let now = ContinuousClock.now
        let ask = lock.withLock { () -> Bool in
            guard !gone else { return false }
            if let lastAsked, lastAsked.duration(to: now) < Self.interval { return false }
            lastAsked = now
            return true
        }
        guard ask else { return lock.withLock { !gone } }
        #if os(Linux)
        guard let provider = channel as? any SocketOptionProvider, !channel.eventLoop.inEventLoop,
              let info = try? provider.getTCPInfo().wait() else { return true }
        if Self.closedStates.contains(info.tcpi_state) {
            lock.withLock { gone = true }
            return false
        }
        #endif
        return true
    }
}
