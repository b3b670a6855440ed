import HTTPTypes
import HomeCrewStore
import Hummingbird

/// Who may use a route. Every route is registered with one, through `RouteTable`, so a route
/// without a rule cannot exist.
public enum Access: String, Sendable, CaseIterable {
    /// The sign-in page and the style sheet.
    case anyone
    /// A signed-in session.
    case signedIn
    /// The calendar feed: its own revocable secret in the URL, no session (a phone's calendar has none).
    case calendarFeed
}

/// How a route reads its body.
public enum BodyKind: String, Sendable {
    case none
    /// A form: read whole (up to 1 MB), its CSRF token checked against the session's.
    case form
    /// Multipart upload, streamed by the handler; the CSRF token comes in the query.
    case upload
}

public struct RouteRule: Sendable, CustomStringConvertible {
    public let method: HTTPRequest.Method
    public let path: String
    public let access: Access
    public let body: BodyKind
    public var description: String { "\(method) \(path) (\(access.rawValue))" }
}

/// The one table of routes and their access rules. Handlers are wrapped here: the wrapper
/// checks the rule (and the CSRF token of a form) before the handler runs.
struct RouteTable {
    typealias Handler = @Sendable (Request, WebContext) async throws -> Response
    typealias FormHandler = @Sendable (Request, WebContext, Form) async throws -> Response

    let router: Router<WebContext>
    private(set) var rules: [RouteRule] = []

    init(router: Router<WebContext>) { self.router = router }

    mutating func get(_ path: RouterPath, _ access: Access, _ handler: @escaping Handler) {
        register(.get, path, access, .none, handler)
    }

    mutating func post(_ path: RouterPath, _ access: Access, _ handler: @escaping FormHandler) {
        register(.post, path, access, .form) { request, context in
            var request = request
            let buffer = try await request.collectBody(upTo: context.maxUploadSize)
            let form = Form(encoded: String(buffer: buffer))
            if access == .signedIn {
                guard let session = context.session, Secret.matches(form["csrf"], session.csrfToken) else {
                    throw WebError.forbidden("This form is out of date (its security token does not match). Go back, reload the page and try again.")
                }
            }
            return try await handler(request, context, form)
        }
    }

    mutating func upload(_ path: RouterPath, _ handler: @escaping Handler) {
        register(.post, path, .signedIn, .upload) { request, context in
            guard let session = context.session,
                  Secret.matches(request.uri.queryParameters["csrf"].map(String.init), session.csrfToken) else {
                throw WebError.forbidden("This form is out of date (its security token does not match). Go back, reload the page and try again.")
            }
            return try await handler(request, context)
        }
    }

    private mutating func register(_ method: HTTPRequest.Method, _ path: RouterPath, _ access: Access, _ body: BodyKind,
                                   _ handler: @escaping Handler) {
        rules.append(RouteRule(method: method, path: path.description, access: access, body: body))
        router.on(path, method: method) { request, context in
            if access == .signedIn, context.session == nil {
                return Redirect.signIn(returningTo: request.method == .get ? request.uri.path : "/")
            }
            // The audit trail records changes as the account's, or the machine user's for the loopback token.
            return try await AuditActor.$current.withValue(context.session?.actor ?? "web:" + AuditActor.unixUser) {
                try await handler(request, context)
            }
        }
    }
}

enum Redirect {
    /// 303 See Other: after a form, the browser GETs the new page.
    static func to(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    static func signIn(returningTo path: String) -> Response {
        to(path == "/" ? "/signin" : "/signin?next=" + URLComponent.encode(path))
    }

    /// A local path to return to after signing in: only paths of this site, never `//host`.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
              !next.unicodeScalars.contains(where: \.isControlCharacter) else { return "/" }
        return next
    }
}
