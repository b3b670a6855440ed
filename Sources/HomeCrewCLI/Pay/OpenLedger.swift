import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct OpenLedger: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opening",
        abstract: "Open the payment ledger where HomeCrew begins: months up to --settled-through were settled before it.",
        discussion: """
            Months an opening covers are neither owed nor paid: report owed, payroll, the household page and settlements \
            say "settled before HomeCrew" for them. A household's opening covers everyone in it; --staff opens one \
            person's ledger instead (theirs wins over the household's). An opening is never edited: undo it with \
            --reverse ID, and the months it covered are owed again. Without --settled-through or --reverse, the \
            household's openings are listed.
            """)

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var target: HouseholdOption
    @Option(name: .customLong("settled-through"), help: ArgumentHelp("The last month settled before HomeCrew.", valueName: "yyyy-mm"),
            transform: Parse.month)
    var settledThrough: YearMonth?
    @Option(help: "One person (id, prefix or name) whose ledger opens, instead of the whole household's.") var staff: String?
    @Option(help: ArgumentHelp("Undo an opening (its id or a unique prefix).", valueName: "id")) var reverse: String?
    @Option(help: "A note.") var note: String?

    func validate() throws {
        guard settledThrough == nil || reverse == nil else { throw ValidationError("give --settled-through or --reverse, not both") }
        guard staff == nil || settledThrough != nil else { throw ValidationError("--staff goes with --settled-through") }
    }

    func run() throws {
        if let reverse {
            let database = try vault.openForWriting()
            // With --household, an opening of another household is not found.
            let household = try target.household.map { try database.chooseHousehold($0).household.id }
            let entry = try database.reverseOpening(reverse, on: vault.todayDate, note: note, householdID: household)
            print("Reversed opening \(entry.opening.reverses?.short ?? "") with \(entry.opening.id.short): "
                  + "\(Terminal.sanitize(entry.scope))'s months up to \(entry.opening.settledThrough) are owed again"
                  // A person's own opening undone hands them back to the household's, if it has one.
                  + (entry.member == nil ? "." : ", but for those \(Terminal.sanitize(entry.household.name))'s own opening covers."))
            return
        }
        guard let settledThrough else { return try list() }
        let database = try vault.openForWriting()
        let choice = try database.chooseHousehold(target.household)
        choice.announceIfImplicit()
        let entry = try database.openLedger(householdID: choice.household.id, staff: staff, settledThrough: settledThrough,
                                            today: vault.todayDate, note: note)
        print("Opened the ledger of \(Terminal.sanitize(entry.scope)) after \(settledThrough) (opening \(entry.opening.id.short)): "
              + "months up to it were settled before HomeCrew.")
    }

    func list() throws {
        let database = try vault.openForReading()
        let household = try database.chooseHousehold(target.household).household
        let entries = try database.openings(householdID: household.id)
        var table = RecordTable(headers: ["ID", "LEDGER", "SETTLED THROUGH", "RECORDED", "STATE"])
        for entry in entries { table.append([entry.opening.id.short, entry.scope, entry.opening.settledThrough.description,
                                             entry.opening.recordedOn.description, Self.state(entry)]) }
        try Output.print(output.format, table: table, json: .array(entries.map { entry in
            .object(["id": .string(entry.opening.id.rawValue), "household": .string(entry.household.name),
                     "staff": entry.member.map { .string($0.legalName) } ?? .null, "settled_through": .string(entry.opening.settledThrough.description),
                     "recorded_on": .string(entry.opening.recordedOn.description), "state": .string(Self.state(entry))])
        }))
    }

    static func state(_ entry: OpeningEntry) -> String {
        if let reversed = entry.opening.reverses { return "reverses \(reversed.short)" }
        return entry.reversedBy.map { "reversed by \($0.short)" } ?? "standing"
    }
}
