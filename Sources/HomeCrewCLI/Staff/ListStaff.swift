import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ListStaff: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List staff.")

    enum StatusChoice: String, ExpressibleByArgument, CaseIterable {
        case current, active, upcoming, left, all

        var statuses: Set<EmploymentStatus> {
            switch self {
            case .current: return [.active, .upcoming]
            case .active: return [.active]
            case .upcoming: return [.upcoming]
            case .left: return [.left]
            case .all: return Set(EmploymentStatus.allCases)
            }
        }
    }

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var target: HouseholdOption
    @Flag(help: "List the staff of every household.") var allHouseholds = false
    @Option(help: "Which staff: current (active and upcoming), active, upcoming, left or all.")
    var status: StatusChoice = .current
    @Option(help: ArgumentHelp("Derive status and tenure on this date (default: today).", valueName: "yyyy-mm-dd"),
            transform: Parse.date)
    var asOf: CalendarDate?

    func validate() throws {
        if allHouseholds && target.household != nil {
            throw ValidationError("give either --household or --all-households, not both")
        }
    }

    func run() throws {
        let database = try vault.openForReading()
        var householdID: RecordID?
        if !allHouseholds {
            let choice = try database.chooseHousehold(target.household)
            choice.announceIfImplicit()
            householdID = choice.household.id
        }
        let day = asOf ?? vault.todayDate
        let staff = try database.staffListing(StaffFilter(householdID: householdID, statuses: status.statuses, asOf: day))
        let table = output.format == .csv
            ? StaffPresenter.csv(staff, asOf: day)
            : StaffPresenter.table(staff, asOf: day, showHousehold: allHouseholds)
        try Output.print(output.format, table: table, json: .array(staff.map { StaffPresenter.json($0, asOf: day) }))
    }
}
