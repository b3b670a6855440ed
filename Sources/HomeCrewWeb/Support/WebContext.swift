import HomeCrewCore
import HomeCrewOperations
import Hummingbird
import NIOCore

/// The request context: Hummingbird's own, plus the session the request came with.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    var session: WebSession?
    /// The role the route's rule asks for in the household it acts on (see `RouteTable`).
    var requiredRole: HouseholdRole?
    /// The peer's IP address (the connection's).
    let remoteAddress: String?
    /// The browser's address, which sign-in throttling counts failures by: the peer's, or what a
    /// trusted proxy forwards (`SiteGuard.readForwarding`).
    var clientAddress: String?
    /// What per-address limits count the browser by (`ClientKey`: an IPv6 address by its /64).
    var clientKey: String? { clientAddress.map(ClientKey.of) }
    /// The browser reached the server over HTTPS (directly, or through a trusted proxy): cookies are `Secure`.
    var overHTTPS = false

    /// False once the client has closed the connection: nobody waits for the answer any more.
    let clientIsConnected: @Sendable () -> Bool
    /// Closes the connection shortly, once the answer now being made has been written: the server
    /// would otherwise read the rest of a refused body for as long as the client sends it.
    let hangUp: @Sendable () -> Void
    /// The connection's event loop: a download's body is paced by it (`ResponseBody.paced`).
    let eventLoop: any EventLoop

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = remoteAddress
        let channel = source.channel
        eventLoop = channel.eventLoop
        // A channel that was never active (the in-process test client's) has no client to lose.
        let watch = channel.isActive ? ConnectionWatch(channel) : nil
        clientIsConnected = { watch?.clientIsConnected ?? true }
        hangUp = { channel.eventLoop.scheduleTask(in: .milliseconds(250)) { channel.close(promise: nil) } }
    }

    /// The budget of this request's work, spent at once when the client has gone.
    func makeBudget(seconds: Double) -> WorkBudget {
        WorkBudget(seconds: seconds, stillWanted: clientIsConnected)
    }

    /// The households this request may see (none without a session).
    var reach: Reach { session?.reach ?? .nothing }

    /// May this request make changes (`manager`) or decide membership (`owner`) in the household?
    func may(_ role: HouseholdRole, in household: RecordID) -> Bool { reach.allows(role, in: household) }

    /// Form bodies are small; uploads stream and have their own limit.
    public var maxUploadSize: Int { 1 << 20 }
}
