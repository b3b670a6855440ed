import HomeCrewCore
import HomeCrewOperations
import Hummingbird

/// The signed-in account's own page: its open sessions and a password change.
struct AccountController: Sendable {
    let app: WebApp

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        try page(context.session, problem: nil)
    }

    /// The account's language for its pages: one the pages are written in, or "" for the browser's.
    @Sendable func changeLanguage(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        guard let session = context.session, let account = session.account else { throw WebError.notFound }
        let tag = form["language"] ?? ""
        guard tag.isEmpty || WebText.languages.contains(where: { $0.tag == tag }) else {
            return try page(session, problem: t("The pages are not written in that language."), status: .unprocessableContent)
        }
        try app.database.setLanguage(ofAccount: account.name, to: tag.isEmpty ? nil : try StaffLanguage(parsing: tag))
        return Redirect.to("/account")
    }

    @Sendable func changePassword(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        guard let session = context.session, let account = session.account else { throw WebError.notFound }
        let (current, new) = (form["current"] ?? "", form["new"] ?? "")
        guard new == form["again"] else { return try page(session, problem: DomainErrorText.message(AccountProblem.passwordsDiffer), status: .unprocessableContent) }
        let keeper = AccountKeeper(database: app.database)
        // Each try costs two hashes: a few at once per account and per address, then one every 30 s.
        let wait = app.hashTries.take(["password-account:\(account.id.rawValue)"] + (context.clientKey.map { ["password-address:\($0)"] } ?? []))
        guard wait == 0 else {
            var response = try page(session, problem: tPlural("Too many password changes tried: try again in {count} second.", "Too many password changes tried: try again in {count} seconds.", count: wait), status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let ended: Int?
        do {
            ended = try await HashLane.shared.run(for: .session(session.id, of: account.name)) { try keeper.changeOwnPassword(of: account, current: current, new: new, keeping: session.id) }
        } catch {
            let (status, message) = WebError.presentation(of: error)
            guard status == .unprocessableContent else { throw error }
            return try page(session, problem: message, status: status)
        }
        // A stolen session guessing the current password (the rate above allowed one every 30 s, all
        // day) loses the session after a few wrong ones; the failures count for the name too, as a
        // sign-in's. Counted per session: no one else's tries can stop the owner changing hers.
        let guesses = AccountKeeper.passwordChangeSubject(session: session.id)
        guard let count = ended else {
            try app.database.recordSignInFailure(for: [guesses, "account:" + NameKey.of(account.name)])
            guard try app.database.signInFailures(for: guesses) < AccountKeeper.currentPasswordTries else {
                try await app.sessions.end(session.id)
                try app.database.clearSignInFailures(for: [guesses])
                return SignInController.toSignIn(context)
            }
            return try page(session, problem: t("The current password is not right."), status: .unprocessableContent)
        }
        try app.database.clearSignInFailures(for: [guesses])
        var response = try page(session, problem: nil, done: tPlural("Password changed; {count} other session ended.", "Password changed; {count} other sessions ended.", count: count))
        response.setCookie(try renewedDeviceCookie(of: account, request, context))
        return response
    }

    /// The new password ended every known-device token, this browser's too: it gets a new one in this
    /// answer, as a sign-in would, since this request proved the current password (one made on a later
    /// page would let a stolen session, without the password, mint one). Its id is kept when its old
    /// token is at hand (over HTTPS; over plain HTTP the cookie is read by the sign-in form only, so it
    /// holds this account's token alone from now on).
    private func renewedDeviceCookie(of account: Account, _ request: Request, _ context: WebContext) throws -> Cookie {
        let cookies = KnownDevices.cookieValues(of: request)
        let carried = context.overHTTPS ? cookies.hostOnly : cookies.plain
        let found = app.devices.device(in: carried, for: account.name, epoch: KnownDevices.epoch(of: account))
        let renewed = try app.database.account(named: account.name)
        let tokens = app.devices.value(after: account.name, epoch: KnownDevices.epoch(of: renewed), from: carried, found: found)
        return KnownDevices.cookie(holding: tokens, overHTTPS: context.overHTTPS)
    }

    /// The account's language: its pages, whatever the browser asks for.
    /// Each choice is named in its own language (and marked so for screen readers).
    private func languageForm(_ session: WebSession, _ account: Account) -> HTML {
        let chosen = account.language?.tag ?? ""
        let choices: [(tag: String, name: String, own: Bool)] = [(tag: "", name: t("The browser's language"), own: false)]
            + WebText.languages.map { (tag: $0.tag, name: $0.name, own: true) }
        let options = choices.map { choice -> HTML in
            let marks: HTML = (choice.own ? " lang=\"\(choice.tag)\"" as HTML : .empty) + (choice.tag == chosen ? " selected" as HTML : .empty)
            return "<option value=\"\(choice.tag)\"\(marks)>\(choice.name)</option>"
        }
        return """
            <h2>\(t("Language"))</h2>
            <form method="post" action="/account/language">\(Layout.csrfField(session))
            <p class="field"><label for="f-language">\(t("Language of the pages"))</label><select id="f-language" name="language">\(options)</select></p>
            <p><button type="submit">\(t("Save the language"))</button></p></form>
            """
    }

    private func page(_ session: WebSession?, problem: String?, done: String? = nil, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let session, let account = session.account else {
            return Layout.page(title: t("Account"), session: session, body: """
                <h1>\(t("Account"))</h1><p>\(t("You signed in on this computer with the sign-in token, as its own user. Accounts are kept with the command:")) <code>homecrew user</code></p>
                """)
        }
        let sessions = try app.database.sessions(of: account.name)
        let rows = sessions.map { item -> HTML in
            "<tr><td>\(item.createdAt.prefix(16))</td><td>\(item.lastSeenAt.prefix(16))</td><td>\(item.address ?? "")</td></tr>"
        }
        return Layout.page(title: t("Account"), session: session, status: status, body: """
            <h1>\(bdi: account.name)</h1>
            \(Layout.problem(problem))\(done.map { "<p class=\"note\" role=\"status\">\($0)</p>" as HTML } ?? .empty)
            \(languageForm(session, account))
            <h2>\(t("Signed in"))</h2>
            <div class="scroll"><table><thead><tr><th>\(t("Since (UTC)"))</th><th>\(t("Last seen (UTC)"))</th><th>\(t("Address", context: "network"))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            <h2>\(t("Change the password"))</h2>
            <form method="post" action="/account/password">\(Layout.csrfField(session))
            \(Layout.field(t("Current password"), name: "current", type: "password", required: true, attributes: "autocomplete=\"current-password\""))
            \(Layout.field(t("New password"), name: "new", type: "password", required: true,
                           hint: t("At least 12 characters; a few unrelated words make a good one"), attributes: "autocomplete=\"new-password\""))
            \(Layout.field(t("The new password again"), name: "again", type: "password", required: true, attributes: "autocomplete=\"new-password\""))
            <p><button type="submit">\(t("Change password"))</button></p></form>
            """)
    }
}
