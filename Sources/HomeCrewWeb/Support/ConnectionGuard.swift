import Foundation
import HomeCrewCore
import HomeCrewOperations
import NIOCore

/// How many connections are open, per peer address and in all. A connection over either cap is
/// closed as soon as it is accepted: the listener goes on accepting, so one client holding many
/// connections costs everyone else nothing but the accept (Hummingbird's own cap stops accepting
/// instead, which is what let 20,000 half-open connections shut everybody out). A trusted proxy
/// (`--trusted-proxy`) brings everyone's connections from one address: only the cap in all holds it.
final class ConnectionCount: @unchecked Sendable {
    let perAddress: Int
    let total: Int
    let proxies: Set<String>
    private let lock = NSLock()
    private var open: [String: Int] = [:]
    private var openInAll = 0

    init(perAddress: Int = WebLimits.connectionsPerAddress, total: Int = WebLimits.connections, proxies: Set<String> = []) {
        self.perAddress = perAddress
        self.total = total
        self.proxies = Set(proxies.map(ClientKey.host))
    }

    /// Counts a new connection from `address` (by its `ClientKey`: an IPv6 /64 is one address);
    /// false (and not counted) when a cap is reached.
    func admit(_ address: String) -> Bool {
        let key = ClientKey.of(address)
        return lock.withLock {
            guard openInAll < total, open[key, default: 0] < perAddress || proxies.contains(ClientKey.host(address)) else { return false }
            openInAll += 1
            open[key, default: 0] += 1
            return true
        }
    }

    func release(_ address: String) {
        let key = ClientKey.of(address)
        lock.withLock {
            openInAll -= 1
            let left = open[key, default: 1] - 1
            open[key] = left > 0 ? left : nil
        }
    }
}

/// The first handler of every connection after HTTP decoding: admits it under `ConnectionCount`'s
/// caps or closes it before anything is read. (The idle, head and body timeouts are Hummingbird's
/// idle timer, see `WebLimits.idleSeconds`.)
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any
    typealias InboundOut = Any

    private let count: ConnectionCount
    private var refused = false

    init(_ count: ConnectionCount) { self.count = count }

    func handlerAdded(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard count.admit(address) else {
            refused = true
            // A channel is Sendable, its handler context is not: close the channel itself.
            let channel = context.channel
            if channel.isActive { context.eventLoop.execute { channel.close(promise: nil) } }
            return
        }
        let count = self.count
        context.channel.closeFuture.whenComplete { _ in count.release(address) }
    }

    func channelActive(context: ChannelHandlerContext) {
        guard !refused else { return context.close(promise: nil) }
        context.fireChannelActive()
    }
}
