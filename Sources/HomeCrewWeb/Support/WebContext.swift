import Hummingbird

/// The request context: Hummingbird's own, plus the session the request came with.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    var session: WebSession?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Form bodies are small; uploads stream and have their own limit.
    public var maxUploadSize: Int { 1 << 20 }
}
