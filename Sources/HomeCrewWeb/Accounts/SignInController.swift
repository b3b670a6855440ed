import HomeCrewCore
import HomeCrewOperations
import Hummingbird

/// Signing in: with an account's name and password, or on this machine with the token
/// `homecrew serve` printed (or its token file holds).
struct SignInController: Sendable {
    let app: WebApp

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        let query = Form(encoded: request.uri.query ?? "")
        if let token = query["token"] { return try await signIn(token: token, next: query["next"], context) }
        if context.session != nil { return Redirect.to(Redirect.safeNext(query["next"])) }
        return try page(problem: nil, next: query["next"], local: Self.isLocal(context.clientAddress))
    }

    @Sendable func submit(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        if let name = form["name"] {
            return try await signIn(name: name, password: form["password"] ?? "", next: form["next"],
                                    deviceCookies: KnownDevices.cookieValues(of: request), context)
        }
        return try await signIn(token: form["token"], next: form["next"], context)
    }

    @Sendable func signOut(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        if let session = context.session { try await app.sessions.end(session.id) }
        return Self.toSignIn(context)
    }

    /// To the sign-in page, the browser's session cookie cleared (its session has ended).
    static func toSignIn(_ context: WebContext) -> Response {
        var response = Redirect.to("/signin")
        response.setCookie(Cookie(name: SiteGuard.sessionCookie, value: "", maxAge: 0, path: "/", secure: context.overHTTPS, httpOnly: true, sameSite: .strict))
        return response
    }

    private func signIn(token: String?, next: String?, _ context: WebContext) async throws -> Response {
        // The token is the machine user's key: it opens nothing for another machine.
        guard Self.isLocal(context.clientAddress) else {
            return try page(problem: t("The sign-in token works on the server's own machine only. Sign in with an account."),
                            next: next, status: .forbidden, local: false)
        }
        guard let session = try await app.sessions.signIn(with: token) else {
            return try page(problem: t("That sign-in token is not valid: each one works once. Paste the token from the vault's serve-token file."),
                            next: next, status: .unauthorized)
        }
        return try await signedIn(session.id, next: next, context)
    }

    /// Name and password: the same answer, after the same work, for an unknown name and a
    /// wrong password; after five failures for the name or the address, each try waits longer.
    /// A browser the name has signed in with (`KnownDevices`) is counted by itself, not by its address.
    private func signIn(name: String, password: String, next: String?, deviceCookies: (hostOnly: String?, plain: String?),
                        _ context: WebContext) async throws -> Response {
        // No account has a name this long: refused before any work that grows with it, and not
        // shown back. Nothing is learnt from the quicker answer.
        guard name.utf8.count <= Self.longestTypedName else {
            return try page(problem: t("That name and password do not match an account."), next: next, status: .unauthorized,
                            local: Self.isLocal(context.clientAddress), accountForm: true)
        }
        let keeper = AccountKeeper(database: app.database)
        let address = context.clientAddress
        // A sign-in may make the password's hash again, never its date: the epoch holds for the new token too.
        let epoch = KnownDevices.epoch(of: try app.database.credentials(of: name)?.account)
        let device = app.devices.device(in: KnownDevices.joined(deviceCookies), for: name, epoch: epoch)
        // From a browser or place the name has signed in from, the hash waits in the name's turn of the
        // lane, which strangers spraying sign-ins cannot fill, with a share for that browser or place
        // (a hotel's Wi-Fi is one /64 for every guest: a guest there cannot fill her device's share);
        // from anywhere else, in the strangers'.
        let tenant: HashLane.Tenant
        if let device {
            tenant = .account(named: name, by: "device:" + device)
        } else if let address, try app.database.hasSignedIn(name: name, from: address) {
            tenant = .place(ClientKey.of(address), of: name)
        } else {
            tenant = .stranger(address: address)
        }
        let outcome = try await HashLane.shared.run(for: tenant) {
            try keeper.signIn(name: name, password: password, address: address, device: device)
        }
        switch outcome {
        case .signedIn(_, let token, _):
            var response = try await signedIn(token, next: next, context)
            // Other accounts' tokens are carried over only from the kind of cookie being set: junk a
            // plain cookie held (settable by a parent domain) never enters the host-only one.
            let carried = context.overHTTPS ? deviceCookies.hostOnly : deviceCookies.plain
            let tokens = app.devices.value(after: name, epoch: epoch, from: carried, found: device)
            response.setCookie(KnownDevices.cookie(holding: tokens, overHTTPS: context.overHTTPS))
            return response
        case .refused:
            return try page(problem: t("That name and password do not match an account."), next: next, name: name, status: .unauthorized,
                            local: Self.isLocal(context.clientAddress), accountForm: true)
        case .wait(let seconds):
            var response = try page(problem: tPlural("Too many failed sign-ins: try again in {count} second.", "Too many failed sign-ins: try again in {count} seconds.", count: seconds), next: next, name: name,
                                    status: .tooManyRequests, local: Self.isLocal(context.clientAddress), accountForm: true)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
    }

    /// A new session id every time (a cookie set before signing in is never the one used after).
    func signedIn(_ id: String, next: String?, _ context: WebContext) async throws -> Response {
        if let old = context.session { try await app.sessions.end(old.id) }
        var response = Redirect.to(Redirect.safeNext(next))
        response.setCookie(Cookie(name: SiteGuard.sessionCookie, value: id, path: "/", secure: context.overHTTPS, httpOnly: true, sameSite: .strict))
        return response
    }

    /// Bytes of a typed name beyond which no account can match it (64 letters, and room for the
    /// spaces and marks a person or a password manager may add around them).
    static let longestTypedName = 1_024

    /// A peer on this machine (in-process tests have no peer address).
    static func isLocal(_ address: String?) -> Bool { address.map(ListenAddress.isLoopback(peer:)) ?? true }

    /// `accountForm` true: the name and password form is shown without asking the database (after a
    /// password hash, whose wait in the hash lane may have spent the request's budget).
    private func page(problem: String?, next: String?, name: String? = nil, status: HTTPResponse.Status = .ok,
                      local: Bool = true, accountForm showForm: Bool = false) throws -> Response {
        let hasAccounts = try showForm || !app.database.accounts().isEmpty
        let accountForm: HTML = !hasAccounts ? .empty : """
            <form method="post" action="/signin">
            <input type="hidden" name="next" value="\(next ?? "/")">
            \(Layout.field(t("Name"), name: "name", value: name, required: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\" autofocus"))
            \(Layout.field(t("Password"), name: "password", type: "password", required: true, attributes: "autocomplete=\"current-password\""))
            <p><button type="submit">\(t("Sign in"))</button></p>
            </form>
            """
        guard local else {
            return Layout.page(title: t("Sign in"), session: nil, status: status, body: "<h1>\(t("Sign in"))</h1>\(Layout.problem(problem))\(accountForm)")
        }
        return Layout.page(title: t("Sign in"), session: nil, status: status, body: """
            <h1>\(t("Sign in"))</h1>
            \(Layout.problem(problem))
            \(accountForm)\(hasAccounts ? "<h2>\(t("On this computer"))</h2>" as HTML : .empty)
            <p>\(t("Open the address that {serve} printed when it started, or paste the token kept in the {file} file of the vault (only you can read it).", ["serve": "homecrew serve", "file": "serve-token"]))</p>
            <form method="post" action="/signin">
            <input type="hidden" name="next" value="\(next ?? "/")">
            \(Layout.field(t("Sign-in token"), name: "token", type: "password", required: true, attributes: "autocomplete=\"off\""))
            <p><button type="submit">\(t("Sign in with the token"))</button></p>
            </form>
            """)
    }
}
