import ArgumentParser
import HomeCrewCore

struct ReopenMonth: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Reopen a closed month so that it can be changed.")

    @OptionGroup var arguments: HouseholdMonth

    func run() throws {
        let (database, household) = try arguments.open()
        let month = arguments.month
        guard try database.reopenMonth(month, householdID: household.id) else {
            throw PayCommandError.notClosed(month, household: household.name)
        }
        print("Reopened \(month) for \(Terminal.sanitize(household.name)).")
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
