import ArgumentParser
import HomeCrewCore

struct AdjustPay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adjust",
        abstract: "Add a one-off amount to a month's pay (a bonus, a reimbursement) or deduct one (an advance recovery).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Option(help: ArgumentHelp("The month whose pay it changes.", valueName: "yyyy-mm"), transform: Parse.month) var month: YearMonth
    @Option(parsing: .unconditional, help: ArgumentHelp("+AMOUNT adds, -AMOUNT deducts, in the salary's currency.", valueName: "±amount"))
    var amount: String
    @Option(help: "Why: \"Diwali bonus\", \"advance\", \"advance recovery\", \"taxi reimbursement\".") var reason: String

    func run() throws {
        let plain = amount.hasPrefix("+") ? String(amount.dropFirst()) : amount
        let added = try vault.openForWriting().addAdjustment(staff, month: month, amount: plain, reason: reason)
        let value = added.value
        print("Adjusted \(Terminal.sanitize(added.member.legalName))'s pay for \(value.month) by "
              + "\(value.amount.isNegative ? "" : "+")\(value.amount) (\(Terminal.sanitize(value.reason)); \(value.id.short)).")
    }
}
