import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ShowHousehold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a household and its staff (default: the active or primary one).")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The household's name.") var name: String?

    func run() throws {
        let database = try vault.openForReading()
        let choice = try database.chooseHousehold(name)
        choice.announceIfImplicit()
        let summary = try database.householdSummary(id: choice.household.id)
        let asOf = vault.todayDate
        let staff = try database.staffListing(StaffFilter(
            householdID: summary.household.id, statuses: Set(EmploymentStatus.allCases), asOf: asOf))
        switch output.format {
        case .json:
            var object = HouseholdPresenter.json(summary)
            if case .object(var members) = object {
                members["staff"] = .array(staff.map { StaffPresenter.json($0, asOf: asOf, withHistory: false) })
                object = .object(members)
            }
            print(try object.rendered())
        case .csv:
            try Output.print(.csv, table: HouseholdPresenter.csv([summary]), json: .null)
        case .table:
            let household = summary.household
            let marks = [summary.isPrimary ? "primary" : nil, summary.isActive ? "active" : nil].compactMap { $0 }
            Output.printFields([
                ("Household", household.name), ("ID", household.id.rawValue),
                ("Marks", marks.isEmpty ? nil : marks.joined(separator: ", ")),
                ("Address", household.address), ("Notes", household.notes), ("Language", household.language?.label),
                ("Staff", "\(staff.count)"),
            ])
            if !staff.isEmpty {
                print("")
                print(StaffPresenter.table(staff, asOf: asOf, showHousehold: false).renderTable())
            }
        }
    }
}
