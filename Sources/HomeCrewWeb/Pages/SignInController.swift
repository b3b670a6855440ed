import Hummingbird

/// Signing in on this machine with the token `homecrew serve` printed (or its token file holds).
struct SignInController: Sendable {
    let app: WebApp

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        let query = Form(encoded: request.uri.query ?? "")
        if let token = query["token"] { return try await signIn(token: token, next: query["next"], context) }
        if context.session != nil { return Redirect.to(Redirect.safeNext(query["next"])) }
        return page(problem: nil, next: query["next"])
    }

    @Sendable func submit(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try await signIn(token: form["token"], next: form["next"], context)
    }

    @Sendable func signOut(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        if let session = context.session { await app.sessions.end(session.id) }
        var response = Redirect.to("/signin")
        response.setCookie(Cookie(name: SiteGuard.sessionCookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    private func signIn(token: String?, next: String?, _ context: WebContext) async throws -> Response {
        guard let session = try await app.sessions.signIn(with: token) else {
            return page(problem: "That sign-in token is not valid: each one works once. Paste the token from the vault's serve-token file.",
                        next: next, status: .unauthorized)
        }
        if let old = context.session { await app.sessions.end(old.id) }
        var response = Redirect.to(Redirect.safeNext(next))
        response.setCookie(Cookie(name: SiteGuard.sessionCookie, value: session.id, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    private func page(problem: String?, next: String?, status: HTTPResponse.Status = .ok) -> Response {
        Layout.page(title: "Sign in", session: nil, status: status, body: """
            <h1>Sign in</h1>
            \(Layout.problem(problem))
            <p>Open the address <code>homecrew serve</code> printed when it started, or paste the token kept in the
            <code>serve-token</code> file of the vault (only you can read it).</p>
            <form method="post" action="/signin">
            <input type="hidden" name="next" value="\(next ?? "/")">
            \(Layout.field("Sign-in token", name: "token", type: "password", required: true, attributes: "autocomplete=\"off\" autofocus"))
            <p><button type="submit">Sign in</button></p>
            </form>
            """)
    }
}
