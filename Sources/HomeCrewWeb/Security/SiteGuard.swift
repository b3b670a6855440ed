import Foundation
import HomeCrewCore
import HTTPTypes
import Hummingbird

/// The addresses this server answers to, known once the port is bound (`--listen …:0`).
final class ServerIdentity: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: Set<String> = []
    private var origins: Set<String> = []
    let listenHost: String
    /// Names browsers use besides the address (`--public-name`), as host or host:port.
    let publicNames: [String]
    /// The server speaks TLS itself (`--tls-cert`): its own origins are https.
    let servesTLS: Bool
    /// Peers whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`--trusted-proxy`).
    let trustedProxies: Set<String>

    init(listenHost: String, publicNames: [String] = [], servesTLS: Bool = false, trustedProxies: [String] = []) {
        self.listenHost = listenHost
        self.publicNames = publicNames.map { $0.lowercased() }
        self.servesTLS = servesTLS
        self.trustedProxies = Set(trustedProxies.map(ClientKey.host))   // compared as one host, however written
    }

    /// The server's own authorities once its port is known. Listening on every address
    /// (0.0.0.0, ::) it answers to this machine's loopback names and the public names only.
    func bound(port: Int) {
        let wildcard = ["0.0.0.0", "::"].contains(listenHost)
        let names = wildcard ? ["127.0.0.1", "localhost", "[::1]"]
            : listenHost.contains(":") ? ["[\(listenHost)]"] : [listenHost, "localhost"]
        lock.withLock {
            hosts = Set(names.map { "\($0):\(port)" }).union(publicNames)
            // A public name may be reached through a TLS reverse proxy: https is this site too.
            origins = Set(hosts.map { (servesTLS ? "https://" : "http://") + $0 }).union(publicNames.map { "https://\($0)" })
        }
    }

    /// Also answers to this authority (tests in process, whose requests name `localhost`).
    func accept(authority: String) {
        lock.withLock {
            hosts.insert(authority.lowercased())
            origins.insert("http://\(authority.lowercased())")
        }
    }

    func accepts(host: String?) -> Bool {
        guard let host else { return false }
        return lock.withLock { hosts.contains(host.lowercased()) }
    }

    func accepts(origin: String) -> Bool { lock.withLock { origins.contains(origin.lowercased()) } }
}

/// Checks every request before any route sees it, and marks every response:
/// - the Host header must be this server's own address (DNS rebinding);
/// - a request that is not GET or HEAD must come from this site (Origin, else Referer);
/// - the session cookie is looked up;
/// - responses carry a Content-Security-Policy without inline scripts, nosniff, no referrer,
///   and no framing by other sites.
struct SiteGuard: RouterMiddleware {
    typealias Context = WebContext
    let identity: ServerIdentity
    let sessions: SessionStore

    static let sessionCookie = "homecrew_session"
    static let policy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; manifest-src 'self'; "
        + "form-action 'self'; frame-ancestors 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1.1's Host header is the request's authority.
        guard identity.accepts(host: request.head.authority) else {
            throw WebError.foreignHost(request.head.authority ?? "")
        }
        // Every page reads its query whole: an address is bounded like a form's body.
        guard (request.head.path ?? "").utf8.count <= WebLimits.addressBytes else { throw WebError.addressTooLong }
        if request.method != .get && request.method != .head, !comesFromThisSite(request) {
            throw WebError.forbidden(t("This request did not come from a HomeCrew page, so it was refused."))
        }
        var context = context
        Self.readForwarding(request, &context, identity)
        context.session = try await sessions.session(request.cookies[Self.sessionCookie]?.value)
        // The account's own language, whatever the browser asks for (`PageLanguage` set the browser's).
        let language = Self.chosenLanguage(of: context.session).map(WebText.init(language:)) ?? WebText.current
        return await WebText.$current.withValue(language) { [context] in
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                response = ErrorPages.answer(error, context)
            }
            Self.mark(&response)
            return response
        }
    }

    /// The language the signed-in account chose on its page; nil for none (and for the vault's own user).
    static func chosenLanguage(of session: WebSession?) -> String? {
        session?.account?.language?.tag
    }

    /// The browser's own address and whether it reached us over HTTPS: from the connection, or,
    /// when the peer is a trusted reverse proxy, from what it forwards (its last hop's address).
    static func readForwarding(_ request: Request, _ context: inout WebContext, _ identity: ServerIdentity) {
        context.clientAddress = context.remoteAddress
        context.overHTTPS = identity.servesTLS
        guard !identity.trustedProxies.isEmpty, let peer = context.remoteAddress,
              identity.trustedProxies.contains(ClientKey.host(peer)) else { return }
        if let forwarded = request.headers[HTTPField.Name("X-Forwarded-For")!]?.split(separator: ",").last {
            context.clientAddress = ClientKey.bareAddress(String(forwarded))   // some proxies add the port
        }
        if let scheme = request.headers[HTTPField.Name("X-Forwarded-Proto")!] { context.overHTTPS = scheme.lowercased() == "https" }
    }

    private func comesFromThisSite(_ request: Request) -> Bool {
        if let origin = request.headers[.origin] { return identity.accepts(origin: origin) }
        guard let referer = request.headers[.referer], let url = URL(string: referer), let host = url.host,
              let scheme = url.scheme else { return false }
        let authority = (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? "")
        return identity.accepts(origin: "\(scheme)://\(authority)")
    }

    static func mark(_ response: inout Response) {
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = policy }
        response.headers[.xContentTypeOptions] = "nosniff"
        // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on form posts.
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "SAMEORIGIN"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    }
}

/// Any error a handler throws becomes a page with its status and one sentence; never a stack trace.
struct ErrorPages: RouterMiddleware {
    typealias Context = WebContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var response = Self.answer(error, context)
            SiteGuard.mark(&response)
            return response
        }
    }

    /// The error's page; a body refused for arriving too slowly also ends its connection.
    static func answer(_ error: any Error, _ context: Context) -> Response {
        if let refused = error as? WebError, case .tooSlow = refused { context.hangUp() }
        return page(for: error, session: context.session)
    }

    static func page(for error: any Error, session: WebSession?) -> Response {
        var (status, message) = WebError.presentation(of: error)
        if let error = error as? HTTPError {
            status = error.status
            message = status == .notFound ? WebError.notFound.description : (error.body ?? status.reasonPhrase)
        }
        let title = Self.title(of: status)
        return Layout.page(title: title, session: session, status: status, body: """
            <h1>\(title)</h1>
            <p class="error" role="alert">\(message)</p>
            <p><a href="/">\(t("Back to the start page"))</a></p>
            """)
    }

    /// The page's heading: the status's name in the page's language (HTTP's English phrase for a rare one).
    static func title(of status: HTTPResponse.Status) -> String {
        switch status {
        case .badRequest: t("Bad request")
        case .forbidden: t("Forbidden")
        case .notFound: t("Not found")
        case .requestTimeout: t("Too slow")
        case .contentTooLarge: t("Too large")
        case .uriTooLong: t("Address too long")
        case .misdirectedRequest: t("Wrong address")
        case .unprocessableContent: t("Not accepted")
        case .tooManyRequests: t("Too many tries")
        case .internalServerError: t("Server error")
        case .serviceUnavailable: t("Busy")
        default: status.reasonPhrase
        }
    }
}

/// One line per request on standard error: method, path (never the query: it may hold a
/// token; nor the secret segment of a calendar feed or an invitation), status, milliseconds.
struct RequestLog: RouterMiddleware {
    typealias Context = WebContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Back of the executor's queue before each request: a keep-alive connection whose next
        // request had already arrived ran it at once, without ever suspending, and under load a
        // few connections kept the threads while others waited 100–570 ms (seen on the wire with
        // tcpdump, search page p99 208 ms; with the yield, p99 ≤ 35 ms in 10 runs of 10).
        await Task.yield()
        let started = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let path = Self.loggable(request.uri.path)
        FileHandle.standardError.write(Data("\(request.method) \(path) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms\n".utf8))
        return response
    }

    static func loggable(_ path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count > 2, ["calendar", "invitations"].contains(segments[1]) { segments[2] = "(secret)" }
        return String(segments.joined(separator: "/").unicodeScalars.map { $0.isControlCharacter ? "?" : Character($0) })
    }
}
