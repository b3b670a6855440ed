import Hummingbird

/// Every route of `homecrew serve`, with its access rule, built in one place.
public enum WebRoutes {
    static func build(_ app: WebApp) -> RouteTable {
        let router = Router(context: WebContext.self)
        router.add(middleware: RequestLog())
        router.add(middleware: PageLanguage())
        router.add(middleware: ErrorPages())
        router.add(middleware: SiteGuard(identity: app.identity, sessions: app.sessions))
        var routes = RouteTable(router: router, database: app.database, budgetSeconds: app.requestSeconds)

        for name in Assets.types.keys.sorted() {
            routes.get("/assets/\(name)", .anyone) { _, _ in Assets.response(name) }
        }
        routes.get("/favicon.ico", .anyone) { _, _ in Assets.response("icon.svg") }

        let signIn = SignInController(app: app)
        routes.get("/signin", .anyone, signIn.show)
        routes.post("/signin", .anyone, signIn.submit)
        routes.post("/signout", .signedIn, signIn.signOut)

        let account = AccountController(app: app)
        routes.get("/account", .signedIn, account.show)
        routes.post("/account/password", .signedIn, account.changePassword)
        routes.post("/account/language", .signedIn, account.changeLanguage)

        let home = HomeController(app: app)
        routes.get("/", .signedIn, home.show)

        let households = HouseholdController(app: app)
        routes.get("/households/new", .signedIn, households.new)
        routes.post("/households", .signedIn, households.create)
        routes.get("/households/:id", .member(.viewer, of: .household("id")), households.show)
        routes.post("/households/:id/edit", .member(.manager, of: .household("id")), households.edit)
        routes.post("/households/:id/primary", .vaultUser, households.makePrimary)
        routes.post("/households/:id/remove", .member(.owner, of: .household("id")), households.remove)
        routes.post("/households/:id/opening", .member(.manager, of: .household("id")), OpeningController(app: app).change)

        let sharing = SharingController(app: app)
        routes.post("/households/:id/invitations", .member(.owner, of: .household("id")), sharing.invite)
        routes.post("/households/:id/invitations/:invitation/revoke", .member(.owner, of: .household("id")), sharing.revoke)
        routes.post("/households/:id/members/:account/role", .member(.owner, of: .household("id")), sharing.changeRole)
        routes.post("/households/:id/members/:account/remove", .member(.owner, of: .household("id")), sharing.removeMember)
        routes.post("/households/:id/transfer", .member(.owner, of: .household("id")), sharing.transfer)
        routes.post("/households/:id/dissolve", .member(.owner, of: .household("id")), sharing.dissolve)
        routes.post("/households/:id/leave", .member(.viewer, of: .household("id")), sharing.leave)
        routes.post("/households/:id/ownership/accept", .member(.viewer, of: .household("id")), sharing.acceptOwnership)
        routes.get("/invitations/:token", .anyone, sharing.showInvitation)
        routes.post("/invitations/:token/accept", .signedIn, sharing.accept)
        routes.post("/invitations/:token/join", .anyone, sharing.join)

        let staff = StaffController(app: app)
        routes.get("/staff/new", .signedIn, staff.new)
        routes.post("/staff", .member(.manager, of: .formField("household")), staff.create)
        routes.get("/staff/:id", .member(.viewer, of: .staff("id")), staff.show)
        routes.post("/staff/:id/edit", .member(.manager, of: .staff("id")), staff.edit)
        routes.post("/staff/:id/end", .member(.manager, of: .staff("id")), staff.endEmployment)
        routes.post("/staff/:id/salary", .member(.manager, of: .staff("id")), staff.changeSalary)
        routes.post("/staff/:id/leave", .member(.manager, of: .staff("id")), staff.addLeave)
        routes.post("/staff/:id/leave/:entry/remove", .member(.manager, of: .staff("id")), staff.removeLeave)
        routes.post("/staff/:id/adjustments", .member(.manager, of: .staff("id")), staff.addAdjustment)
        routes.post("/staff/:id/adjustments/:entry/remove", .member(.manager, of: .staff("id")), staff.removeAdjustment)
        routes.post("/staff/:id/remove", .member(.manager, of: .staff("id")), staff.remove)

        let settlement = SettlementPage(app: app)
        routes.get("/staff/:id/settlement", .member(.manager, of: .staff("id")), settlement.preview)
        routes.post("/staff/:id/settlement", .member(.manager, of: .staff("id")), settlement.confirm)

        let payments = PaymentController(app: app)
        routes.upload("/staff/:id/payments", .member(.manager, of: .staff("id")), payments.record)
        routes.get("/staff/:id/payments/:entry/receipt", .member(.viewer, of: .staff("id")), payments.receipt)
        routes.post("/staff/:id/payments/:entry/reverse", .member(.manager, of: .staff("id")), payments.reverse)
        routes.post("/staff/:id/advances", .member(.manager, of: .staff("id")), payments.giveAdvance)
        routes.post("/staff/:id/advances/:entry/repay", .member(.manager, of: .staff("id")), payments.repayAdvance)

        let documentList = DocumentListController(app: app)
        routes.get("/documents", .signedIn, documentList.show)
        routes.post("/documents/bulk", .member(.manager, of: .formField("household")), documentList.change)

        let documents = DocumentController(app: app)
        routes.get("/documents/:id", .member(.viewer, of: .document("id")), documents.show)
        routes.get("/documents/:id/original", .member(.viewer, of: .document("id")), documents.original)
        routes.get("/documents/:id/download", .member(.viewer, of: .document("id")), documents.download)
        routes.get("/thumbnails/:hash", .member(.viewer, of: .object("hash")), documents.thumbnail)
        routes.post("/documents/:id/edit", .member(.manager, of: .document("id")), documents.edit)
        routes.post("/documents/:id/link", .member(.manager, of: .document("id")), documents.link)
        routes.post("/documents/:id/unlink", .member(.manager, of: .document("id")), documents.unlink)
        routes.post("/documents/:id/reprocess", .member(.manager, of: .document("id")), documents.reprocess)
        routes.post("/documents/:id/remove", .member(.manager, of: .document("id")), documents.remove)
        routes.post("/documents/:id/apply", .member(.manager, of: .document("id")), documents.applyFact)

        let upload = UploadController(app: app)
        routes.get("/upload", .signedIn, upload.show)
        routes.upload("/upload", .member(.manager, of: .uploadField("household")), upload.receive)

        let search = SearchController(app: app)
        routes.get("/search", .signedIn, search.show)

        let reports = ReportController(app: app)
        routes.get("/reports/payroll", .signedIn, reports.payroll)
        routes.get("/payslips/:staff/:month", .member(.viewer, of: .staff("staff")), reports.payslip)
        routes.post("/reports/payroll/close", .member(.manager, of: .formField("household")), reports.closeMonth)
        routes.post("/reports/payroll/reopen", .member(.manager, of: .formField("household")), reports.reopenMonth)
        routes.get("/reports/payroll.csv", .signedIn, reports.payrollCSV)
        routes.get("/reports/tenure", .signedIn, reports.tenure)
        routes.get("/reports/tenure.csv", .signedIn, reports.tenureCSV)
        routes.get("/reports/leave", .signedIn, reports.leave)
        routes.get("/reports/leave.csv", .signedIn, reports.leaveCSV)
        routes.get("/reports/due", .signedIn, reports.due)
        routes.get("/reports/due.ics", .signedIn, reports.dueCalendar)
        routes.post("/reports/due/feed", .signedIn, reports.renewFeed)
        routes.post("/reports/due/feed/revoke", .signedIn, reports.revokeFeed)
        routes.get("/calendar/:token", .calendarFeed, reports.calendarFeed)
        return routes
    }

    /// The route table, for tests that check every route's rule.
    static func table(_ app: WebApp) -> [RouteRule] { build(app).rules }
}
