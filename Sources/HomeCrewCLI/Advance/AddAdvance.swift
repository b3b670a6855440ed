import ArgumentParser
import HomeCrewCore
import HomeCrewStore

struct AddAdvance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Give an advance (or a loan) and say how it comes back out of pay.",
        discussion: """
            Payroll deducts each month's instalment, never more than the month's net pay; the last \
            instalment takes exactly what is left. The money handed over is recorded as a payment; \
            reversing that payment (homecrew pay reverse) undoes the advance while nothing is repaid.
            """)

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Argument(help: "The amount given, in the salary's currency.") var amount: String
    @Option(name: .customLong("on"), help: ArgumentHelp("The day it was given.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var givenOn: CalendarDate
    @Option(help: ArgumentHelp("A fixed amount repaid each month.", valueName: "amount/month")) var repay: String?
    @Option(help: "A number of equal monthly instalments (1–600).") var instalments: Int?
    @Option(name: .customLong("from"), help: ArgumentHelp("The first month repaid (default: the month after it is given).", valueName: "yyyy-mm"),
            transform: Parse.month)
    var firstMonth: YearMonth?
    @Flag(help: "A loan rather than an advance (the same rules; named so on payslips).") var loan = false
    @Option(help: ArgumentHelp("How it was handed over: cash, bank-transfer, upi, cheque, wps or other.", valueName: "method"),
            transform: Parse.method)
    var method: PaymentMethod = .cash
    @Option(help: "A note.") var note: String?

    func validate() throws {
        switch (repay, instalments) {
        case (nil, nil): throw ValidationError("say how it is repaid: --repay AMOUNT/month or --instalments N")
        case (.some, .some): throw ValidationError("give either --repay or --instalments, not both")
        default: break
        }
    }

    func run() throws {
        let rule: AdvanceRequest.Repay = if let instalments { .instalments(instalments) } else {
            .perMonth(repay!.hasSuffix("/month") ? String(repay!.dropLast("/month".count)) : repay!)
        }
        let entry = try vault.openForWriting().addAdvance(AdvanceRequest(
            staff: staff, kind: loan ? .loan : .advance, amount: amount, givenOn: givenOn, repay: rule, firstMonth: firstMonth,
            method: method, note: note))
        let advance = entry.statement.advance
        print("Gave \(Terminal.sanitize(entry.member.legalName)) \(advance.kind == .loan ? "a loan" : "an advance") of \(advance.amount) "
              + "on \(advance.givenOn) (\(advance.id.short)), repaid \(advance.repayment.description).")
    }
}
