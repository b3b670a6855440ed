import ArgumentParser
import HomeCrewCore

struct AddLeave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Record leave: days from --from to --to, both counted, or a half day.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Option(help: ArgumentHelp("The first day of leave.", valueName: "yyyy-mm-dd"), transform: Parse.date) var from: CalendarDate
    @Option(help: ArgumentHelp("The last day of leave (default: the first).", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var to: CalendarDate?
    @Flag(help: "Half of one day.") var halfDay = false
    @Option(help: "annual (counts against the allocation), sick, unpaid (deducted from pay) or other.") var type: LeaveType = .annual
    @Option(help: "A note.") var note: String?

    func validate() throws {
        if let to, to < from { throw ValidationError("--to \(to) is before --from \(from)") }
        if halfDay, let to, to != from { throw ValidationError("--half-day is one day: leave out --to or make it equal to --from") }
    }

    func run() throws {
        let added = try vault.openForWriting().addLeave(staff, range: DateRange(from, to ?? from), halfDay: halfDay,
                                                         type: type, note: note)
        let entry = added.value
        print("Recorded \(entry.days) day\(entry.halfDays == 2 ? "" : "s") of \(entry.type.rawValue) leave for "
              + "\(Terminal.sanitize(added.member.legalName)), \(entry.range.start == entry.range.end ? entry.range.start.description : entry.range.description) (\(entry.id.short)).")
    }
}
