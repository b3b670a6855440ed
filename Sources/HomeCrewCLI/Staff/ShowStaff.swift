import ArgumentParser
import HomeCrewCore

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
        let details = try vault.openForReading().findStaff(staff)
        let day = asOf ?? vault.todayDate
        guard output.format == .table else {
            return try Output.print(output.format, table: StaffPresenter.csv([details], asOf: day),
                                    json: StaffPresenter.json(details, asOf: day))
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
            ("Tenure", member.tenure(asOf: day).description), ("Next anniversary", nextAnniversary),
            ("Salary", details.salaryHistory.current(asOf: day).map { "\($0) a month" }),
            ("Leave", "\(member.annualLeave) days a year"), ("Duties", member.duties),
        ])
        print("\nSalary history:")
        print(StaffPresenter.salaryTable(details.salaryHistory).renderTable())
    }
}
