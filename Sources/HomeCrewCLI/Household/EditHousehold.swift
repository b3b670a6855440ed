import ArgumentParser
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct EditHousehold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a household's name, address, notes or language (an empty text clears one).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The household's current name.") var name: String
    @Option(name: .customLong("name"), help: "A new name.") var newName: String?
    @Option(help: "A new address; \"\" clears it.") var address: String?
    @Option(help: "New notes; \"\" clears them.") var notes: String?
    @Option(help: ArgumentHelp("Unused annual leave days carried into the next year, at most (default 0).", valueName: "days"))
    var leaveCarryOver: String?
    @Option(help: ArgumentHelp("The rules its final settlements follow (homecrew settle --help lists them); \"\" clears them.", valueName: "id"))
    var settlementRules: String?
    @Option(help: ArgumentHelp("The language its papers are written in beside each worker's, a BCP 47 tag; \"\" clears it (English).",
                               valueName: "tag"))
    var language: String?

    func validate() throws {
        if newName == nil && address == nil && notes == nil && leaveCarryOver == nil && settlementRules == nil && language == nil {
            throw ValidationError("nothing to change: give --name, --address, --notes, --leave-carry-over, --settlement-rules or --language")
        }
        if let id = settlementRules, !id.isEmpty {
            do { _ = try SettlementRuleBook.shipped.get().ruleSet(id) } catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        var changes = HouseholdChanges(name: newName, address: address, notes: notes, leaveCarryOverCap: try leaveCarryOver.map(LeaveDays.init(parsing:)),
                                       settlementRules: settlementRules)
        if let language {
            if language.trimmingCharacters(in: .whitespaces).isEmpty { changes.clearLanguage = true }
            else { changes.language = try StaffLanguage(parsing: language) }
        }
        let household = try vault.openForWriting().editHousehold(named: name, changes)
        print("Updated household \"\(Terminal.sanitize(household.name))\".")
    }
}
