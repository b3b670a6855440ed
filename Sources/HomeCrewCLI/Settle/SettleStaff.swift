import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct SettleStaff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Work out what is owed when someone leaves: final pay, leave not taken, notice, gratuity, advances.",
        discussion: """
            Every line shows its arithmetic and the rule's source; what the law leaves open is said. Rule sets: \
            ae-domestic-2022, hk-cap57, sa-domestic-2013, in-contract, jp-contract.
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Option(help: ArgumentHelp("The last day of work.", valueName: "yyyy-mm-dd"), transform: Parse.date) var leaving: CalendarDate
    @Option(help: "Why employment ends: resignation, termination or end-of-contract.") var reason: String
    @Option(help: ArgumentHelp("The day notice was given, by either side.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var noticeGiven: CalendarDate?
    @Option(help: "The rule set to settle by (default: the household's).") var rules: String?
    @Option(help: "A contract's gratuity in days of the last wage a year (a month counted as 30 days), instead of the rules' (default: the person's).")
    var contractGratuityDays: Int?
    @Flag(help: "Record it: the leaving date, the ledger's entries and the statement PDF (a document of the person).") var confirm = false
    @Option(help: ArgumentHelp("With --confirm: cash, bank-transfer, upi, cheque, wps or other.", valueName: "method"), transform: Parse.method)
    var method: PaymentMethod?
    @Option(help: ArgumentHelp("With --confirm: the day it is paid (default: the leaving date).", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var paidOn: CalendarDate?
    @Option(help: "With --confirm: a transfer's or cheque's reference.") var reference: String?

    func validate() throws {
        guard LeavingReason(rawValue: reason) != nil else {
            throw ValidationError("--reason takes one of: \(LeavingReason.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(reason)')")
        }
        if let days = contractGratuityDays, !StaffMember.contractGratuityRange.contains(days) { throw ValidationError("--contract-gratuity-days takes 1 to 365 (got \(days))") }
        if confirm && method == nil { throw ValidationError("--confirm needs --method: how the settlement is paid") }
        if !confirm && (method != nil || paidOn != nil || reference != nil) {
            throw ValidationError("--method, --paid-on and --reference go with --confirm")
        }
    }

    func run() throws {
        let request = SettlementRequest(staff: staff, leaving: leaving, reason: LeavingReason(rawValue: reason)!, noticeGiven: noticeGiven,
                                        rules: rules, contractDaysPerYear: contractGratuityDays)
        guard confirm, let method else {
            let (settlement, facts, household) = try Settling.preview(request, vault.openForReading())
            return try SettlementPresenter.print(settlement, facts, household, format: output.format)
        }
        let database = try vault.openForWriting()
        let recorded = try Settling.confirm(request, .init(paidOn: paidOn ?? leaving, method: method, reference: reference),
                                            database, vault.ingestor(database))
        for entry in recorded.entries {
            print("Recorded \(entry.payment.id.short): \(entry.payment.amount) \(PaymentPresenter.months(entry.payment)) on \(entry.payment.paidOn)")
        }
        print("\(Terminal.sanitize(staff)) leaves on \(leaving); settlement total \(recorded.settlement.total); statement filed as document \(recorded.statement.prefix(6)).")
        recorded.settlement.notes.forEach(Terminal.printNote)
    }
}
