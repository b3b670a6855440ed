import ArgumentParser

struct StaffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Add, list, change and remove staff, and keep their salary history.",
        subcommands: [AddStaff.self, ListStaff.self, ShowStaff.self, EditStaff.self, EndStaff.self, ImportStaff.self,
                      RemoveStaff.self, SalaryCommand.self]
    )
}

/// `--household NAME` for commands that work on one household.
struct HouseholdOption: ParsableArguments {
    @Option(help: "The household (default: the active one, else the primary one).")
    var household: String?
}
