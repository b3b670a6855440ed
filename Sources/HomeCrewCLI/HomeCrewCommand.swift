import ArgumentParser

struct HomeCrewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homecrew",
        abstract: "Keep a household employer's records straight: households, staff, salaries, leave, payroll and documents.",
        discussion: "Data lives in a vault directory: --vault DIR, else $HOMECREW_VAULT, else $XDG_DATA_HOME/homecrew.",
        version: "0.5.0",
        subcommands: [InitVault.self, HouseholdCommand.self, StaffCommand.self, DocumentCommand.self,
                      SearchDocuments.self, LeaveCommand.self, PayCommand.self, AdvanceCommand.self, ReportCommand.self, ExportData.self, ImportData.self, ShowHistory.self, SettleStaff.self, UserCommand.self, VaultCommand.self, ServeVault.self, RunDemo.self]
    )
}
