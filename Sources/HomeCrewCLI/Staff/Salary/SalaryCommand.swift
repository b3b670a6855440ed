import ArgumentParser

struct SalaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "salary", abstract: "A staff member's effective-dated salary history.",
        subcommands: [SetSalary.self, ShowSalaryHistory.self])
}
