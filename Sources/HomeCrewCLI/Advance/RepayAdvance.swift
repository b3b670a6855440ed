import ArgumentParser
import HomeCrewCore

struct RepayAdvance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repay",
        abstract: "Record money handed back on an advance outside payroll (repaying early in cash).",
        discussion: "Never more than is left to repay; later instalments shrink or stop.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The advance's id (or a unique prefix of it).") var advance: String
    @Argument(help: "The amount handed back.") var amount: String
    @Option(name: .customLong("on"), help: ArgumentHelp("The day it was handed back.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var day: CalendarDate
    @Option(help: ArgumentHelp("cash, bank-transfer, upi, cheque, wps or other.", valueName: "method"), transform: Parse.method)
    var method: PaymentMethod = .cash
    @Option(help: "A transaction id or receipt number.") var reference: String?
    @Option(help: "A note.") var note: String?

    func run() throws {
        let entry = try vault.openForWriting().repayAdvance(advance, amount: amount, on: day, method: method, reference: reference, note: note)
        print("Recorded repayment \(entry.payment.id.short): \(entry.payment.amount) from \(Terminal.sanitize(entry.member.legalName)) "
              + "on \(entry.payment.paidOn) against advance \(entry.payment.advanceID?.short ?? "").")
    }
}
