import ArgumentParser

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Payroll, tenure and what is due.",
        subcommands: [ReportPayroll.self, ReportOwed.self, ReportTenure.self, ReportDue.self])
}
