import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ShowStaff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show everything about a staff member: status, tenure, salary history.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Option(help: ArgumentHelp("Derive status and tenure on this date (default: today).", valueName: "yyyy-mm-dd"),
            transform: Parse.date)
    var asOf: CalendarDate?

    func run() throws {
        let database = try vault.openForReading()
        let details = try database.findStaff(staff)
        let documents = try database.documentListing(DocumentFilter(staffID: details.member.id))
        let day = asOf ?? vault.todayDate
        guard output.format == .table else {
            var json = StaffPresenter.json(details, asOf: day)
            if case .object(var members) = json {
                let due = try Settling.pendingPayBy(details, database)
                members["settlement_pay_by"] = .optional(due?.payBy.description)
                members["documents"] = .array(documents.map {
                    .object(["id": .string($0.document.id.rawValue), "title": .string($0.document.title),
                             "kind": .string($0.document.kind.rawValue), "expires_on": .optional($0.document.expiresOn?.description)])
                })
                json = .object(members)
            }
            return try Output.print(output.format, table: StaffPresenter.csv([details], asOf: day), json: json)
        }
        let member = details.member
        let status = member.status(asOf: day)
        var nextAnniversary: String?
        if status != .left, let date = try? Tenure.nextAnniversary(of: member.startDate, after: day) {
            nextAnniversary = "\(date) (in \(day.days(until: date)) days)"
        }
        Output.printFields([
            ("Name", member.legalName), ("Known as", member.knownAs), ("ID", member.id.rawValue),
            ("Household", details.household.name), ("Status", "\(status.rawValue) on \(day)"),
            ("Start", member.startDate.description), ("Leaving", member.leavingDate?.description),
            ("Final settlement", try Settling.pendingPayBy(details, database).map {
                "to be paid by \($0.payBy) (\($0.deadline.why))\($0.payBy < day ? ": overdue" : "")"
            }),
            ("Tenure", member.serviceSummary(asOf: day)), ("Next anniversary", nextAnniversary),
            ("Salary", details.salaryHistory.current(asOf: day).map { "\($0) a month" }),
            ("Leave", "\(member.annualLeave) days a year"), ("Duties", member.duties), ("Language", member.language?.label),
            ("Contract gratuity", member.contractGratuity?.reading),
        ])
        print("\nSalary history:")
        print(StaffPresenter.salaryTable(details.salaryHistory).renderTable())
        print("\nDocuments:")
        print(documents.isEmpty ? "(none)" : DocumentPresenter.table(documents, asOf: day, showHousehold: false).renderTable())
    }
}
