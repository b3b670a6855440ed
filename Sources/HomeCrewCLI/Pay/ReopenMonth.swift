import ArgumentParser
import HomeCrewCore

struct ReopenMonth: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Reopen a closed month so that it can be changed.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var target: HouseholdOption
    @Argument(help: ArgumentHelp("The month.", valueName: "yyyy-mm"), transform: Parse.month) var month: YearMonth

    func run() throws {
        let database = try vault.openForWriting()
        let choice = try database.chooseHousehold(target.household)
        choice.announceIfImplicit()
        guard try database.reopenMonth(month, householdID: choice.household.id) else {
            throw PayCommandError.notClosed(month, household: choice.household.name)
        }
        print("Reopened \(month) for \(Terminal.sanitize(choice.household.name)).")
    }
}

enum PayCommandError: HomeCrewError {
    case notClosed(YearMonth, household: String)

    var category: ErrorCategory { .notFound }

    var description: String {
        switch self {
        case let .notClosed(month, household): return "\(month) is not closed for \(household); see: homecrew pay closed"
        }
    }
}
