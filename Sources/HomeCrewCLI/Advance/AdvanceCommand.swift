import ArgumentParser

struct AdvanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance", abstract: "Advances and loans given ahead of pay, repaid from pay by a rule.",
        subcommands: [AddAdvance.self, ListAdvances.self, RepayAdvance.self])
}
