import Hummingbird

/// The request context: Hummingbird's own, plus the session the request came with.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    var session: WebSession?
    /// The peer's IP address, which sign-in throttling counts failures by.
    let remoteAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Form bodies are small; uploads stream and have their own limit.
    public var maxUploadSize: Int { 1 << 20 }
}
