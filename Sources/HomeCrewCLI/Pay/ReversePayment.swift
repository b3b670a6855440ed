import ArgumentParser
import HomeCrewCore

struct ReversePayment: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse",
        abstract: "Undo a payment recorded by mistake with an entry of the opposite sign; both stay in the ledger.",
        discussion: "Reversing an advance's payment undoes the advance, while nothing has been repaid on it.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The payment's id (or a unique prefix of it).") var payment: String
    @Option(name: .customLong("on"), help: ArgumentHelp("The day of the reversal (default: today).", valueName: "yyyy-mm-dd"),
            transform: Parse.date)
    var day: CalendarDate?
    @Option(help: "Why it is reversed.") var note: String?

    func run() throws {
        let entry = try vault.openForWriting().reversePayment(payment, on: day ?? vault.todayDate, note: note)
        print("Reversed payment \(entry.payment.reverses?.short ?? "") with \(entry.payment.id.short): \(entry.payment.amount) "
              + "for \(Terminal.sanitize(entry.member.legalName)).")
    }
}
