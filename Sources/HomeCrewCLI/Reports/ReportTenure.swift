import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ReportTenure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tenure", abstract: "Each person's service, completed years and next work anniversary, longest first.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Option(help: ArgumentHelp("Measure on this day (default: today).", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var asOf: CalendarDate?
    @Flag(help: "Include people who have left.") var includeLeft = false

    func run() throws {
        let database = try vault.openForReading()
        let day = asOf ?? vault.todayDate
        let statuses: Set<EmploymentStatus> = includeLeft ? Set(EmploymentStatus.allCases) : [.active, .upcoming]
        let staff = try database.staffListing(StaffFilter(householdID: scope.householdID(database), statuses: statuses, asOf: day))
        let households = Dictionary(staff.map { ($0.member.id, $0.household.name) }, uniquingKeysWith: { first, _ in first })
        let lines = try TenureReport.lines(staff.map(\.member), asOf: day)
        let table = try ReportTables.tenure(lines, households: households, asOf: day)
        try Output.print(output.format, table: table, json: .array(lines.map { line in
            .object(["staff": StaffPresenter.reference(line.member), "household": .string(households[line.member.id] ?? ""),
                     "start_date": .string(line.member.startDate.description), "leaving_date": .optional(line.member.leavingDate?.description),
                     "status": .string(line.member.status(asOf: day).rawValue), "tenure": line.tenure.json,
                     "completed_years": .int(line.completedYears), "next_anniversary": .optional(line.nextAnniversary?.description),
                     "days_until_anniversary": line.daysUntilAnniversary.map(JSON.int) ?? .null, "as_of": .string(day.description)])
        }))
    }
}
