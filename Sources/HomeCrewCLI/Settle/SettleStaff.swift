import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct SettleStaff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Work out what is owed when someone leaves: final pay, leave not taken, notice, gratuity, advances.",
        discussion: """
            Every line shows its arithmetic and the rule's source; what the law leaves open is said. A rule set has \
            versions, each in force from its own date: the one in force on the leaving day settles, and the statement \
            names it. --list-rules shows every set with its versions.
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String?
    @Option(help: ArgumentHelp("The last day of work.", valueName: "yyyy-mm-dd"), transform: Parse.date) var leaving: CalendarDate?
    @Option(help: "Why employment ends: resignation, termination, redundancy, end-of-contract or resignation-with-cause (where the rules distinguish it).") var reason: String?
    @Option(help: ArgumentHelp("The day notice was given, by either side.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var noticeGiven: CalendarDate?
    @Option(help: "The rule set to settle by (default: the household's); --list-rules shows them.") var rules: String?
    @Flag(help: "List the rule sets, each with its versions and the day each comes into force, and stop.") var listRules = false
    @Option(help: "A contract's gratuity in days of the last wage a year, instead of the rules' (default: the person's).")
    var contractGratuityDays: Int?
    @Option(help: "With --contract-gratuity-days: the days the contract counts a month as, 30 or 26 (default: the person's, else 30).")
    var contractMonthDays: Int?
    @Option(help: "With --contract-gratuity-days: the completed years of service the contract asks before it pays (default: the person's, else 0).")
    var contractMinimumYears: Int?
    @Flag(help: "Record it: the leaving date, the ledger's entries and the statement PDF (a document of the person).") var confirm = false
    @Option(help: ArgumentHelp("With --confirm: cash, bank-transfer, upi, cheque, wps or other.", valueName: "method"), transform: Parse.method)
    var method: PaymentMethod?
    @Option(help: ArgumentHelp("With --confirm: the day it is paid (default: the leaving date).", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var paidOn: CalendarDate?
    @Option(help: "With --confirm: a transfer's or cheque's reference.") var reference: String?

    func validate() throws {
        if listRules {
            let others: [Any?] = [staff, leaving, reason, rules, noticeGiven, contractGratuityDays, contractMonthDays, contractMinimumYears,
                                  method, paidOn, reference]
            guard others.allSatisfy({ $0 == nil }), !confirm else { throw ValidationError("--list-rules takes nothing else") }
            return
        }
        guard staff != nil else { throw ValidationError("give the person to settle (or --list-rules)") }
        guard leaving != nil else { throw ValidationError("--leaving is required: the last day of work") }
        let reasons = LeavingReason.allCases.map(\.rawValue).joined(separator: ", ")
        guard let reason else { throw ValidationError("--reason is required: one of \(reasons)") }
        guard LeavingReason(rawValue: reason) != nil else { throw ValidationError("--reason takes one of: \(reasons) (got '\(reason)')") }
        if let days = contractGratuityDays, !StaffMember.contractGratuityRange.contains(days) { throw ValidationError("--contract-gratuity-days takes 1 to 365 (got \(days))") }
        if let days = contractMonthDays, !GratuityRule.contractMonthDays.contains(days) { throw ValidationError("--contract-month-days takes 26 or 30 (got \(days))") }
        if let years = contractMinimumYears, !StaffMember.contractMinimumYearsRange.contains(years) {
            throw ValidationError("--contract-minimum-years takes 0 to \(StaffMember.contractMinimumYearsRange.upperBound) (got \(years))")
        }
        if confirm && method == nil { throw ValidationError("--confirm needs --method: how the settlement is paid") }
        if !confirm && (method != nil || paidOn != nil || reference != nil) {
            throw ValidationError("--method, --paid-on and --reference go with --confirm")
        }
    }

    func run() throws {
        if listRules { return try SettlementPresenter.printRuleSets(SettlementRuleBook.shipped.get(), format: output.format) }
        guard let staff, let leaving, let reason = reason.flatMap(LeavingReason.init(rawValue:)) else { return }
        var request = SettlementRequest(staff: staff, leaving: leaving, reason: reason, noticeGiven: noticeGiven,
                                        rules: rules, contractDaysPerYear: contractGratuityDays)
        (request.contractMonthDays, request.contractMinimumYears) = (contractMonthDays, contractMinimumYears)
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
