import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import Hummingbird

/// Who a household is shared with: invitations, roles, removing, leaving, transfer and
/// dissolving (the owner's, on the household's page), and an invitation's own page.
struct SharingController: Sendable {
    let app: WebApp

    // MARK: The owner's steps

    @Sendable func invite(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { household in
            let role = try HouseholdRole.invitable(form["role"] ?? "")
            let days = Int(form["days"] ?? "7") ?? 0
            let made = try app.database.invite(to: household, role: role, days: days)
            let link = Self.link(made.token, request)
            return """
                \(t("Invitation made. Send this link to the person you invite (it is shown once, works once, until {time} UTC):",
                    ["time": String(made.invitation.expiresAt.prefix(16))]))
                <input class="link-copy" readonly value="\(link)" aria-label="\(t("Invitation link"))">
                """
        }
    }

    @Sendable func revoke(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let invitation = try context.recordID("invitation")
        return try change(context) { household in
            _ = try app.database.revokeInvitation(invitation, in: household)
            return "\(t("Invitation withdrawn: its link no longer works."))"
        }
    }

    @Sendable func changeRole(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let account = try context.accountName("account")
        return try change(context) { household in
            let member = try app.database.setRole(try HouseholdRole.invitable(form["role"] ?? ""), of: account, in: household)
            return member.role == .viewer
                ? HTML.filled(t("{name} is now a viewer."), ["name": "\(bdi: member.accountName)"])
                : HTML.filled(t("{name} is now a manager."), ["name": "\(bdi: member.accountName)"])
        }
    }

    @Sendable func removeMember(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let account = try context.accountName("account")
        return try change(context) { household in
            let member = try app.database.removeMember(account, from: household)
            return HTML.filled(t("{name} no longer belongs to this household."), ["name": "\(bdi: member.accountName)"])
        }
    }

    @Sendable func transfer(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { household in
            let made = try app.database.offerOwnership(of: household, to: form.required("account", t("The member")))
            return "\(t("Ownership offered to {name}: it moves when they accept it on this page.", ["name": made.invitation.forAccount ?? ""]))"
        }
    }

    @Sendable func dissolve(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { household in
            let removed = try app.database.dissolveSharing(of: household)
            let done = tPlural("Sharing dissolved: {count} member removed and open invitations withdrawn. The records stay.",
                               "Sharing dissolved: {count} members removed and open invitations withdrawn. The records stay.", count: removed)
            return "\(done)"
        }
    }

    // MARK: A member's steps

    @Sendable func leave(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let household = try RecordID(rawValue: context.recordID("id"))
        let summary = try app.database.householdSummary(id: household)
        return try attempt({
            guard let account = context.session?.account else { throw SharingProblem.vaultUserAccepts }
            try app.database.removeMember(account.name, from: household)
            return Redirect.to("/")
        }, orShow: { try HouseholdController(app: app).page(summary, context, problem: $0) })
    }

    @Sendable func acceptOwnership(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { household in
            guard let account = context.session?.account else { throw SharingProblem.vaultUserAccepts }
            try app.database.acceptOwnership(of: household, by: account)
            return "\(t("You own this household now."))"
        }
    }

    // MARK: The invitation's page

    @Sendable func showInvitation(_ request: Request, _ context: WebContext) async throws -> Response {
        let token = try context.invitationToken()
        let invitation: Invitation
        do { invitation = try app.database.invitation(token: token) } catch let problem as SharingProblem {
            return Self.problemPage(problem, context)
        }
        return try invitationPage(invitation, token: token, context, problem: nil)
    }

    @Sendable func accept(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let token = try context.invitationToken()
        guard let account = context.session?.account else { return Self.problemPage(.vaultUserAccepts, context) }
        return try accepting(token, as: account, context)
    }

    /// Creates an account from the invitation's page and accepts with it, signed in at once.
    @Sendable func join(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let token = try context.invitationToken()
        let invitation = try app.database.invitation(token: token)
        guard invitation.state == .pending, !invitation.isTransfer else { return try accepting(token, as: nil, context) }
        let (name, password) = (form["name"] ?? "", form["password"] ?? "")
        let keeper = AccountKeeper(database: app.database)
        // Each try costs a hash: a few at once per invitation and per address, then one every 30 s.
        let wait = app.hashTries.take(["join-invitation:" + token] + (context.clientKey.map { ["join-address:\($0)"] } ?? []))
        guard wait == 0 else {
            var response = try invitationPage(invitation, token: token, context,
                                              problem: tPlural("Too many tries to join: try again in {count} second.", "Too many tries to join: try again in {count} seconds.", count: wait), name: name)
            response.status = .tooManyRequests
            response.headers[.retryAfter] = String(wait)
            return response
        }
        do {
            guard password == form["again"] else { throw AccountProblem.passwordsDiffer }
            // The account, its membership and its session are one write: joins racing with one link make one account.
            let joined = try await HashLane.shared.run(for: .stranger(address: context.clientAddress)) {
                try keeper.join(token: token, name: name, password: password, address: context.clientAddress)
            }
            let account = joined.account
            var response = try await SignInController(app: app).signedIn(joined.token, next: "/households/\(invitation.householdID.rawValue)", context)
            // The browser that just set the account's password is its owner's: known for it, as after a sign-in.
            let cookies = KnownDevices.cookieValues(of: request)
            let tokens = app.devices.value(after: account.name, epoch: KnownDevices.epoch(of: account), from: context.overHTTPS ? cookies.hostOnly : cookies.plain)
            response.setCookie(KnownDevices.cookie(holding: tokens, overHTTPS: context.overHTTPS))
            return response
        } catch {
            var (status, message) = WebError.presentation(of: error)
            guard status == .unprocessableContent else { throw error }
            // A taken name must be refused (names sign in), but the answer does not say that an
            // account of that name exists, and it costs the same password hash as any join.
            if case StoreError.accountExists = error {
                message = t("This name cannot be used for a new account: choose another. If you already have an account, sign in and open the invitation again.")
            }
            var response = try invitationPage(invitation, token: token, context, problem: message, name: name)
            response.status = status
            return response
        }
    }

    // MARK: Helpers

    private func accepting(_ token: String, as account: Account?, _ context: WebContext) throws -> Response {
        guard let account else { return Self.problemPage(.invitationUsed, context) }
        do {
            let invitation = try app.database.acceptInvitation(token: token, by: account)
            return Redirect.to("/households/\(invitation.householdID.rawValue)")
        } catch let problem as SharingProblem {
            return Self.problemPage(problem, context)
        }
    }

    /// A step on the household's page: the page again with what happened, or why not.
    private func change(_ context: WebContext, _ work: (RecordID) throws -> HTML) throws -> Response {
        let household = try RecordID(rawValue: context.recordID("id"))
        let summary = try app.database.householdSummary(id: household)
        let controller = HouseholdController(app: app)
        return try attempt({ try controller.page(summary, context, notice: try work(household)) },
                           orShow: { try controller.page(summary, context, problem: $0) })
    }

    private func invitationPage(_ invitation: Invitation, token: String, _ context: WebContext, problem: String?, name: String? = nil) throws -> Response {
        guard invitation.state == .pending else {
            return Self.problemPage(invitation.state == .accepted ? .invitationUsed : invitation.state == .revoked ? .invitationRevoked : .invitationExpired, context)
        }
        let names: [String: HTML] = ["by": "\(bdi: AuditActor.readable(invitation.createdBy))", "name": "\(bdi: invitation.forAccount ?? "")",
                                     "household": "<strong>\(bdi: invitation.householdName)</strong>"]
        let what: HTML = invitation.isTransfer ? HTML.filled(t("{by} offers {name} the ownership of {household}."), names)
            : invitation.role == .viewer ? HTML.filled(t("{by} invites you to {household} as a viewer."), names)
            : HTML.filled(t("{by} invites you to {household} as a manager."), names)
        let base = "/invitations/\(token)"
        let action: HTML
        if let account = context.session?.account {
            action = """
                <form method="post" action="\(base)/accept">\(Layout.csrfField(context.session))
                <p><button type="submit">\(HTML.filled(t("Accept as {name}"), ["name": "\(bdi: account.name)"]))</button></p></form>
                """
        } else if context.session != nil {
            action = "<p class=\"note\">\(SharingProblem.vaultUserAccepts.description)</p>"
        } else {
            let join: HTML = invitation.isTransfer ? .empty : """
                <h2>\(t("Or make an account"))</h2>
                <form method="post" action="\(base)/join">
                \(Layout.field(t("Account name"), name: "name", value: name, required: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\""))
                \(Layout.field(t("Password"), name: "password", type: "password", required: true,
                               hint: t("At least 12 characters; a few unrelated words make a good one"), attributes: "autocomplete=\"new-password\""))
                \(Layout.field(t("The password again"), name: "again", type: "password", required: true, attributes: "autocomplete=\"new-password\""))
                <p><button type="submit">\(t("Make the account and accept"))</button></p></form>
                """
            action = "<p><a href=\"/signin?next=\(component: base)\">\(t("Sign in to accept"))</a></p>\(join)"
        }
        return Layout.page(title: t("Invitation"), session: context.session, body: """
            <h1>\(t("Invitation"))</h1>
            \(Layout.problem(problem))
            <p>\(what) \(t("It is open until {time} UTC.", ["time": String(invitation.expiresAt.prefix(16))]))</p>
            \(action)
            """)
    }

    private static func problemPage(_ problem: SharingProblem, _ context: WebContext) -> Response {
        Layout.page(title: t("Invitation"), session: context.session, status: problem.category == .notFound ? .notFound : .unprocessableContent, body: """
            <h1>\(t("Invitation"))</h1>\(Layout.problem(problem.description))<p><a href="/">\(t("The start page"))</a></p>
            """)
    }

    static func link(_ token: String, _ request: Request) -> String {
        "\(request.uri.scheme?.rawValue ?? "http")://\(request.head.authority ?? "")/invitations/\(token)"
    }
}

extension WebContext {
    /// An account name from the path: the characters an account name may have, else not found.
    func accountName(_ name: String) throws -> String {
        guard let value = parameters.get(name), let valid = try? Account.validName(value), valid == value else { throw WebError.notFound }
        return value
    }

    /// An invitation's token from the path: 64 hexadecimal digits, else not found.
    func invitationToken() throws -> String {
        guard let value = parameters.get("token"), value.count == 64, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 || $0 >= 97 && $0 <= 102 }) else {
            throw WebError.notFound
        }
        return value
    }
}
