import HTTPTypes
import HomeCrewCore
import HomeCrewStore
import Hummingbird
import NIOCore

/// Who may use a route. Every route is registered with one, through `RouteTable`, so a route
/// without a rule cannot exist.
public enum Access: Sendable, Equatable, CustomStringConvertible {
    /// The sign-in page, the style sheet, an invitation's landing page.
    case anyone
    /// A signed-in session; what the page lists is limited to the person's households.
    case signedIn
    /// The calendar feed: its own revocable secret in the URL, no session (a phone's calendar has none).
    case calendarFeed
    /// The vault's own user (the loopback token): settings of the whole vault.
    case vaultUser
    /// A member of the household the named record belongs to, with at least this role. Anyone
    /// else is told the record does not exist (404); a member with a lesser role is refused (403).
    case member(HouseholdRole, of: HouseholdRecord)

    public var description: String {
        switch self {
        case .anyone: "anyone"
        case .signedIn: "signed in"
        case .calendarFeed: "calendar feed"
        case .vaultUser: "vault user"
        case let .member(role, record): "\(role.rawValue) of \(record)"
        }
    }

    var needsSession: Bool { self != .anyone && self != .calendarFeed }
}

/// Where a route finds the household it acts on.
public enum HouseholdRecord: Sendable, Equatable, CustomStringConvertible {
    /// The household itself, by id in the path parameter.
    case household(String)
    /// A staff member or document, by id in the path parameter.
    case staff(String)
    case document(String)
    /// A stored object (a thumbnail) by hash: any document holding it.
    case object(String)
    /// A form field naming the household (read before the handler runs).
    case formField(String)
    /// A field of a streamed upload: the handler asks `context.authorize` when it reads it.
    case uploadField(String)

    public var description: String {
        switch self {
        case .household(let name): "household :\(name)"
        case .staff(let name): "staff :\(name)"
        case .document(let name): "document :\(name)"
        case .object(let name): "object :\(name)"
        case .formField(let name): "form field \(name)"
        case .uploadField(let name): "upload field \(name)"
        }
    }
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
    public var description: String { "\(method) \(path) (\(access))" }
}

/// The one table of routes and their access rules. Handlers are wrapped here: the wrapper
/// checks the rule (and the CSRF token of a form) before the handler runs.
struct RouteTable {
    typealias Handler = @Sendable (Request, WebContext) async throws -> Response
    typealias FormHandler = @Sendable (Request, WebContext, Form) async throws -> Response

    let router: Router<WebContext>
    let database: AppDatabase
    let budgetSeconds: Double
    private(set) var rules: [RouteRule] = []

    init(router: Router<WebContext>, database: AppDatabase, budgetSeconds: Double) {
        self.router = router
        self.database = database
        self.budgetSeconds = budgetSeconds
    }

    mutating func get(_ path: RouterPath, _ access: Access, _ handler: @escaping Handler) {
        register(.get, path, access, .none) { request, context, _ in try await handler(request, context) }
    }

    mutating func post(_ path: RouterPath, _ access: Access, _ handler: @escaping FormHandler) {
        register(.post, path, access, .form) { request, context, form in try await handler(request, context, form ?? Form(fields: [:])) }
    }

    mutating func upload(_ path: RouterPath, _ access: Access, _ handler: @escaping Handler) {
        register(.post, path, access, .upload) { request, context, _ in try await handler(request, context) }
    }

    private mutating func register(_ method: HTTPRequest.Method, _ path: RouterPath, _ access: Access, _ body: BodyKind,
                                   _ handler: @escaping @Sendable (Request, WebContext, Form?) async throws -> Response) {
        rules.append(RouteRule(method: method, path: path.description, access: access, body: body))
        let database = database, budgetSeconds = budgetSeconds
        let respond: @Sendable (Request, WebContext) async throws -> Response = { request, context in
            if access.needsSession, context.session == nil {
                return Redirect.signIn(returningTo: request.method == .get ? request.uri.path : "/")
            }
            var context = context
            var request = request
            // Reach is checked before a byte of the body is read: by the path's record, or, for a
            // household named in the body, by whether the session reaches any household so.
            try Self.authorize(access, request, &context, nil, database)
            let form = try await Self.readForm(&request, context, body, access)
            // Every read from here on is bounded (`WorkBudget`); an upload's are not, as its files
            // arrive for as long as they take and are filed on threads of their own.
            let budget = body == .upload ? nil : context.makeBudget(seconds: budgetSeconds)
            return try await WorkBudget.$current.withValue(budget) {
                if case .member(_, .formField) = access { try Self.authorize(access, request, &context, form, database) }
                // The audit trail records changes as the account's, or the machine user's for the loopback token;
                // a page without a session names its own author (an invitation makes the account first).
                return try await AuditActor.$current.withValue(context.session?.actor ?? "web:anonymous") {
                    // Off the cooperative threads: its SQL, computing and rendering (an upload streams on its own).
                    guard body != .upload else { return try await handler(request, context, form) }
                    return try Self.bounded(try await withTaskExecutorPreference(HeavyLane.pages) {
                        try await handler(request, context, form)
                    })
                }
            }
        }
        router.on(path, method: method, use: respond)
        // HEAD is GET without the body, under the same rule.
        if method == .get {
            router.on(path, method: .head) { request, context in
                let response = try await respond(request, context)
                return Response(status: response.status, headers: response.headers)
            }
        }
    }

    /// A page longer than a response may be is refused: the handlers refuse such before they
    /// build it (paging, report rows, `ReportTables`' limit for CSV); this is the net under every
    /// page (a stored document's download is the file itself, whatever its length).
    private static func bounded(_ response: Response) throws -> Response {
        guard let length = response.body.contentLength, length > WebLimits.responseBytes,
              response.headers[.contentType].map({ $0.hasPrefix("text/html") }) ?? false else { return response }
        throw WorkBudgetError.tooLarge(limit: WebLimits.responseBytes)
    }

    /// A form body read whole, its CSRF token checked; an upload's token comes in the query.
    private static func readForm(_ request: inout Request, _ context: WebContext, _ body: BodyKind, _ access: Access) async throws -> Form? {
        let given: String?
        var form: Form?
        switch body {
        case .none: return nil
        case .form:
            let limit = access.needsSession ? WebLimits.formBytes : WebLimits.publicFormBytes
            let buffer = try await Self.collectForm(request.body, limit: min(context.maxUploadSize, limit))
            // A field is one `&` more: too many are refused before any is decoded.
            if buffer.readableBytesView.lazy.filter({ $0 == UInt8(ascii: "&") }).count >= WebLimits.formFields {
                throw WebError.badRequest(t("The form has more than {count} fields; no form of this site sends so many. Nothing was changed.", ["count": String(WebLimits.formFields)]))
            }
            form = Form(encoded: String(buffer: buffer))
            given = form?["csrf"]
        case .upload:
            given = request.uri.queryParameters["csrf"].map(String.init)
        }
        if access.needsSession, !(context.session.map { Secret.matches(given, $0.csrfToken) } ?? false) {
            throw WebError.forbidden(t("This form is out of date (its security token does not match). Go back, reload the page and try again."))
        }
        return form
    }

    /// A form's body, whole, within `WebLimits.formBodySeconds` of its first byte: a body that
    /// trickles in (a byte every few seconds, each within the idle timeout) is refused when it
    /// is late, so no client holds a connection for long by sending slowly.
    static func collectForm(_ body: RequestBody, limit: Int) async throws -> ByteBuffer {
        let deadline = ContinuousClock.now + .seconds(WebLimits.formBodySeconds)
        var buffer = ByteBuffer()
        do {
            for try await piece in body {
                guard buffer.readableBytes + piece.readableBytes <= limit else { throw WebError.tooLarge(limit: Int64(limit)) }
                guard ContinuousClock.now < deadline else {
                    throw WebError.tooSlow(t("The form took more than {seconds} s to arrive; nothing was changed.", ["seconds": String(WebLimits.formBodySeconds)]))
                }
                var piece = piece
                buffer.writeBuffer(&piece)
            }
        } catch let error as WebError {
            throw error
        } catch {
            throw WebError.badRequest(t("The form was cut off before it ended; nothing was changed."))
        }
        return buffer
    }

    /// Checks the route's rule against the session's reach, before the handler runs.
    private static func authorize(_ access: Access, _ request: Request, _ context: inout WebContext, _ form: Form?, _ database: AppDatabase) throws {
        switch access {
        case .anyone, .signedIn, .calendarFeed: return
        case .vaultUser:
            guard context.session?.reach.isEverything ?? false else {
                throw WebError.forbidden(t("Only the vault's own user can change this: it concerns every household."))
            }
        case let .member(role, record):
            context.requiredRole = role
            let households: [RecordID]
            switch record {
            case .household(let name): households = [RecordID(rawValue: try context.recordID(name))]
            case .staff(let name): households = try database.household(ofStaff: context.recordID(name)).map { [$0] } ?? []
            case .document(let name): households = try database.household(ofDocument: context.recordID(name)).map { [$0] } ?? []
            case .object(let name): households = try database.households(holdingObject: context.objectHash(name))
            case .formField(let name) where form != nil: households = form?[name].map { [RecordID(rawValue: $0)] } ?? []
            case .formField, .uploadField:
                // Before the body: any household the session reaches; the named one is checked once it is read.
                guard let reached = context.reach.households() else { return }
                households = reached
            }
            try context.authorize(households)
        }
    }
}

extension WebContext {
    /// Refuses unless the session reaches one of these households with the route's role: 404
    /// when it does not belong to any (as if nothing were there), 403 when its role is too low.
    func authorize(_ households: [RecordID]) throws {
        guard let reach = session?.reach, let role = requiredRole else { throw WebError.notFound }
        let held = households.compactMap { reach.role(in: $0) }
        guard let best = held.max() else { throw WebError.notFound }
        guard best >= role else {
            throw WebError.forbidden(best == .viewer
                ? t("You can read this household's records but not change them: ask its owner to make you a manager.")
                : t("Only the household's owner can do this."))
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
