import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewStore

struct EditStaff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a staff member's details (salary changes: staff salary set).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Option(name: .customLong("name"), help: "Full legal name.") var legalName: String?
    @Option(help: "The name the person goes by; \"\" clears it.") var knownAs: String?
    @Option(help: ArgumentHelp("First day of work; the first salary entry moves with it.", valueName: "yyyy-mm-dd"),
            transform: Parse.date)
    var start: CalendarDate?
    @Option(help: ArgumentHelp("Last day of work.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var leaving: CalendarDate?
    @Flag(help: "Remove the leaving date.") var clearLeaving = false
    @Option(help: "Annual leave days, 0 to 366 in steps of 0.5.") var leaveDays: String?
    @Option(help: "Agreed duties; \"\" clears them.") var duties: String?
    @Option(help: ArgumentHelp("The language the person reads, a BCP 47 tag; \"\" clears it (the household's: English).",
                               valueName: "tag"))
    var language: String?
    @Option(help: "The contract's end-of-service gratuity, in days of the last monthly wage a year (1 to 365).")
    var contractGratuityDays: Int?
    @Option(help: "The days the contract's gratuity counts a month as: 30 or 26.") var contractMonthDays: Int?
    @Option(help: "The completed years of service the contract asks before its gratuity is paid (0 to 50).") var contractMinimumYears: Int?
    @Flag(help: "The contract gives no gratuity of its own: the household's rules decide.") var clearContractGratuity = false

    func changes() throws -> StaffChanges {
        var changes = StaffChanges()
        changes.legalName = legalName
        changes.knownAs = knownAs
        changes.startDate = start
        changes.leavingDate = leaving
        changes.clearLeavingDate = clearLeaving
        changes.annualLeave = try leaveDays.map(LeaveDays.init(parsing:))
        changes.duties = duties
        if let language {
            if language.trimmingCharacters(in: .whitespaces).isEmpty { changes.clearLanguage = true }
            else { changes.language = try StaffLanguage(parsing: language) }
        }
        changes.contractGratuityDays = contractGratuityDays
        (changes.contractGratuityMonthDays, changes.contractGratuityMinimumYears) = (contractMonthDays, contractMinimumYears)
        changes.clearContractGratuity = clearContractGratuity
        return changes
    }

    func validate() throws {
        let nothing = legalName == nil && knownAs == nil && start == nil && leaving == nil && !clearLeaving
            && leaveDays == nil && duties == nil && language == nil && contractGratuityDays == nil && !clearContractGratuity
            && contractMonthDays == nil && contractMinimumYears == nil
        if nothing { throw ValidationError("nothing to change: give at least one of the options") }
        if leaving != nil && clearLeaving { throw ValidationError("give either --leaving or --clear-leaving, not both") }
        if contractGratuityDays != nil && clearContractGratuity {
            throw ValidationError("give either --contract-gratuity-days or --clear-contract-gratuity, not both")
        }
        if clearContractGratuity && (contractMonthDays != nil || contractMinimumYears != nil) {
            throw ValidationError("--clear-contract-gratuity clears the contract's month and minimum service too; give them with --contract-gratuity-days")
        }
        if let days = contractMonthDays, !GratuityRule.contractMonthDays.contains(days) { throw ValidationError("--contract-month-days takes 26 or 30 (got \(days))") }
        if let years = contractMinimumYears, !StaffMember.contractMinimumYearsRange.contains(years) {
            throw ValidationError("--contract-minimum-years takes 0 to \(StaffMember.contractMinimumYearsRange.upperBound) (got \(years))")
        }
    }

    func run() throws {
        let wanted = try changes()
        let details = try vault.openForWriting().editStaff(staff, wanted)
        print("Updated \(Terminal.sanitize(StaffPresenter.label(details.member))).")
    }
}
