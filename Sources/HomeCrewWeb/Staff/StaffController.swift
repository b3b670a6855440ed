import HomeCrewCore
import HomeCrewStore
import Hummingbird

/// A staff member: every field, tenure, salary history, leave, pay adjustments, documents and
/// recent payroll lines, with the forms that change them.
struct StaffController: Sendable {
    let app: WebApp

    @Sendable func new(_ request: Request, _ context: WebContext) async throws -> Response {
        try newPage(context, form: request.query, problem: nil)
    }

    @Sendable func create(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try attempt({
            let household = try app.database.householdSummary(id: RecordID(rawValue: form.required("household", t("The household"))))
            let money = try Money(parsing: form.required("salary", t("The monthly salary")),
                                  currency: Currency(code: form.required("currency", t("The currency"))))
            let details = try app.database.addStaff(
                StaffMember(householdID: household.household.id, legalName: form["legal_name"] ?? "", knownAs: form["known_as"],
                            startDate: try form.date("start", t("The start date")), leavingDate: try form.optionalDate("leaving"),
                            annualLeave: try form["leave_days"].map(LeaveDays.init(parsing:)) ?? LeaveDays(halfDays: 0),
                            duties: form["duties"], language: try StaffPage.language(form)),
                salary: money)
            return Redirect.to("/staff/\(details.member.id.rawValue)")
        }, orShow: { try newPage(context, form: form, problem: $0) })
    }

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        try StaffPage(app: app, details: try details(context), session: context.session, problem: nil, query: request.query).render()
    }

    @Sendable func edit(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            var changes = StaffChanges()
            changes.legalName = form["legal_name"]
            changes.knownAs = form["known_as"] ?? ""
            changes.startDate = try form.optionalDate("start")
            changes.annualLeave = try form["leave_days"].map(LeaveDays.init(parsing:))
            changes.duties = form["duties"] ?? ""
            changes.language = try StaffPage.language(form)
            changes.clearLanguage = form.has("language") && changes.language == nil
            changes.contractGratuityDays = try form["contract_days"].map { text in
                guard let days = Int(text) else { throw FormProblem(description: t("The contract gratuity is a whole number of days a year.")) }
                return days
            }
            changes.clearContractGratuity = form.has("contract_days") && form["contract_days"] == nil
            if !changes.clearContractGratuity {
                (changes.contractGratuityMonthDays, changes.contractGratuityMinimumYears) = try StaffPage.contractTerms(form)
            }
            _ = try app.database.editStaff(id, changes)
        }
    }

    @Sendable func endEmployment(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in _ = try app.database.endEmployment(id, on: form.date("leaving", t("The last day"))) }
    }

    @Sendable func changeSalary(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            _ = try app.database.setSalary(id, amount: form.required("amount", t("The new monthly salary")),
                                           currency: try form["currency"].map(Currency.init(code:)),
                                           from: form.date("from", t("The date it takes effect")))
        }
    }

    @Sendable func addLeave(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            let from = try form.date("from", t("The first day of leave"))
            let to = try form.optionalDate("to") ?? from
            let halfDay = form["half_day"] == "yes"
            if to < from { throw FormProblem(description: t("The last day {last} is before the first day {first}.", ["last": to.description, "first": from.description])) }
            if halfDay && to != from { throw FormProblem(description: t("A half day is one day: leave the last day empty or equal to the first.")) }
            guard let type = LeaveType(rawValue: form["type"] ?? "annual") else { throw WebError.badRequest(t("Unknown leave type.")) }
            _ = try app.database.addLeave(id, range: DateRange(from, to), halfDay: halfDay, type: type, note: form["note"])
        }
    }

    @Sendable func removeLeave(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try removeEntry(context, owned: { try app.database.leaveListing(staff: $0, householdID: nil).map(\.value.id) },
                        remove: { _ = try app.database.removeLeave($0) })
    }

    @Sendable func addAdjustment(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            let amount = try form.required("amount", t("The amount"))
            _ = try app.database.addAdjustment(id, month: YearMonth(parsing: form.required("month", t("The month"))),
                                               amount: amount.hasPrefix("+") ? String(amount.dropFirst()) : amount,
                                               reason: form.required("reason", t("The reason")))
        }
    }

    @Sendable func removeAdjustment(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try removeEntry(context, owned: { try app.database.adjustmentListing(staff: $0, householdID: nil).map(\.value.id) },
                        remove: { _ = try app.database.removeAdjustment($0) })
    }

    @Sendable func remove(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let current = try details(context)
        return try attempt({
            _ = try app.database.removeStaff(current.member.id.rawValue, cascade: form["cascade"] == "yes")
            return Redirect.to("/households/\(current.household.id.rawValue)")
        }, orShow: { try StaffPage(app: app, details: current, session: context.session, problem: $0).render() })
    }

    /// Removes the entry named in the path, only when it is this person's (else: not found).
    private func removeEntry(_ context: WebContext, owned: (String) throws -> [RecordID],
                             remove: (String) throws -> Void) throws -> Response {
        let entry = try context.recordID("entry")
        return try change(context) { id in
            guard try owned(id).contains(where: { $0.rawValue == entry }) else { throw WebError.notFound }
            try remove(entry)
        }
    }

    private func details(_ context: WebContext) throws -> StaffDetails {
        try app.database.findStaff(context.recordID("id"))
    }

    /// A change to this person: back to their page, or their page with the refusal.
    private func change(_ context: WebContext, _ work: (String) throws -> Void) throws -> Response {
        let current = try details(context)
        return try attempt({
            try work(current.member.id.rawValue)
            return Redirect.to("/staff/\(current.member.id.rawValue)")
        }, orShow: { try StaffPage(app: app, details: details(context), session: context.session, problem: $0).render() })
    }

    private func newPage(_ context: WebContext, form: Form, problem: String?) throws -> Response {
        let households = try app.database.householdSummaries(within: context.reach).filter { context.may(.manager, in: $0.household.id) }
        guard !households.isEmpty else {
            let why = Fragments.noHouseholdToChange(context.reach, t("You can add staff to households where you are a manager or the owner."))
            return Layout.page(title: t("Add a staff member"), session: context.session, body: """
                <h1>\(t("Add a staff member"))</h1>\(Layout.problem(problem))\(why)
                """)
        }
        return Layout.page(title: t("Add a staff member"), session: context.session, body: """
            <h1>\(t("Add a staff member"))</h1>
            \(Layout.problem(problem))
            <form method="post" action="/staff">\(Layout.csrfField(context.session))
            \(Layout.select(t("Household"), name: "household", options: Fragments.householdOptions(households),
                            selected: form["household"] ?? Fragments.defaultHousehold(households)))
            \(Layout.field(t("Full legal name"), name: "legal_name", value: form["legal_name"], required: true))
            \(Layout.field(t("Known as"), name: "known_as", value: form["known_as"]))
            \(Layout.field(t("Start date"), name: "start", value: form["start"], type: "date", required: true))
            \(Layout.field(t("Leaving date"), name: "leaving", value: form["leaving"], type: "date"))
            \(Layout.field(t("Monthly salary"), name: "salary", value: form["salary"], required: true, hint: t("For example {whole} or {decimal}", ["whole": "25000", "decimal": "1250.50"]),
                           attributes: "inputmode=\"decimal\""))
            \(Layout.field(t("Currency"), name: "currency", value: form["currency"], required: true, hint: t("ISO 4217 code, for example {codes}", ["codes": "INR, USD, AED"]),
                           attributes: "maxlength=\"3\" autocapitalize=\"characters\""))
            \(Layout.field(t("Annual leave days"), name: "leave_days", value: form["leave_days"], hint: t("{least} to {most}, in steps of {step}", ["least": "0", "most": "366", "step": "0.5"]),
                           attributes: "inputmode=\"decimal\""))
            \(Layout.textArea(t("Agreed duties"), name: "duties", value: form["duties"]))
            \(StaffPage.languageField(selected: form["language"]))
            <p><button type="submit">\(t("Add staff member"))</button></p>
            </form>
            """)
    }
}
