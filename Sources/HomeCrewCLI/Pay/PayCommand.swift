import ArgumentParser

struct PayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay", abstract: "One-off adjustments to pay, and closing months that have been paid.",
        subcommands: [AdjustPay.self, ListAdjustments.self, RemoveAdjustment.self, CloseMonth.self, ReopenMonth.self,
                      ListClosedMonths.self])
}
