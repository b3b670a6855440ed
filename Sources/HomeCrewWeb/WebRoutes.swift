import Hummingbird

/// Every route of `homecrew serve`, with its access rule, built in one place.
public enum WebRoutes {
    static func build(_ app: WebApp) -> RouteTable {
        let router = Router(context: WebContext.self)
        router.add(middleware: RequestLog())
        router.add(middleware: ErrorPages())
        router.add(middleware: SiteGuard(identity: app.identity, sessions: app.sessions))
        var routes = RouteTable(router: router)

        routes.get("/assets/site.css", .anyone) { _, _ in Assets.response(Assets.css, type: "text/css; charset=utf-8") }
        routes.get("/assets/site.js", .anyone) { _, _ in Assets.response(Assets.script, type: "text/javascript; charset=utf-8") }

        let signIn = SignInController(app: app)
        routes.get("/signin", .anyone, signIn.show)
        routes.post("/signin", .anyone, signIn.submit)
        routes.post("/signout", .signedIn, signIn.signOut)

        let account = AccountController(app: app)
        routes.get("/account", .signedIn, account.show)
        routes.post("/account/password", .signedIn, account.changePassword)

        let home = HomeController(app: app)
        routes.get("/", .signedIn, home.show)

        let households = HouseholdController(app: app)
        routes.get("/households/new", .signedIn, households.new)
        routes.post("/households", .signedIn, households.create)
        routes.get("/households/:id", .signedIn, households.show)
        routes.post("/households/:id/edit", .signedIn, households.edit)
        routes.post("/households/:id/primary", .signedIn, households.makePrimary)
        routes.post("/households/:id/remove", .signedIn, households.remove)

        let staff = StaffController(app: app)
        routes.get("/staff/new", .signedIn, staff.new)
        routes.post("/staff", .signedIn, staff.create)
        routes.get("/staff/:id", .signedIn, staff.show)
        routes.post("/staff/:id/edit", .signedIn, staff.edit)
        routes.post("/staff/:id/end", .signedIn, staff.endEmployment)
        routes.post("/staff/:id/salary", .signedIn, staff.changeSalary)
        routes.post("/staff/:id/leave", .signedIn, staff.addLeave)
        routes.post("/staff/:id/leave/:entry/remove", .signedIn, staff.removeLeave)
        routes.post("/staff/:id/adjustments", .signedIn, staff.addAdjustment)
        routes.post("/staff/:id/adjustments/:entry/remove", .signedIn, staff.removeAdjustment)
        routes.post("/staff/:id/remove", .signedIn, staff.remove)

        let documents = DocumentController(app: app)
        routes.get("/documents/:id", .signedIn, documents.show)
        routes.get("/documents/:id/original", .signedIn, documents.original)
        routes.get("/documents/:id/download", .signedIn, documents.download)
        routes.get("/thumbnails/:hash", .signedIn, documents.thumbnail)
        routes.post("/documents/:id/edit", .signedIn, documents.edit)
        routes.post("/documents/:id/link", .signedIn, documents.link)
        routes.post("/documents/:id/unlink", .signedIn, documents.unlink)
        routes.post("/documents/:id/reprocess", .signedIn, documents.reprocess)
        routes.post("/documents/:id/remove", .signedIn, documents.remove)

        let upload = UploadController(app: app)
        routes.get("/upload", .signedIn, upload.show)
        routes.upload("/upload", upload.receive)

        let search = SearchController(app: app)
        routes.get("/search", .signedIn, search.show)

        let reports = ReportController(app: app)
        routes.get("/reports/payroll", .signedIn, reports.payroll)
        routes.get("/payslips/:staff/:month", .signedIn, reports.payslip)
        routes.post("/reports/payroll/close", .signedIn, reports.closeMonth)
        routes.post("/reports/payroll/reopen", .signedIn, reports.reopenMonth)
        routes.get("/reports/tenure", .signedIn, reports.tenure)
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
