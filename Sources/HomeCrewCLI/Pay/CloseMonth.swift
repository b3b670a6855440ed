import ArgumentParser
import HomeCrewCore

struct CloseMonth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Record that a month is paid; changes that would alter its payroll are then refused.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var target: HouseholdOption
    @Argument(help: ArgumentHelp("The month.", valueName: "yyyy-mm"), transform: Parse.month) var month: YearMonth

    func run() throws {
        let database = try vault.openForWriting()
        let choice = try database.chooseHousehold(target.household)
        choice.announceIfImplicit()
        let closed = try database.closeMonth(month, householdID: choice.household.id)
        print(closed ? "Closed \(month) for \(Terminal.sanitize(choice.household.name))."
                     : "\(month) was already closed for \(Terminal.sanitize(choice.household.name)).")
    }
}

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

struct ListClosedMonths: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "closed", abstract: "List the closed months.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope

    func run() throws {
        let database = try vault.openForReading()
        let households = Dictionary(uniqueKeysWithValues: try database.householdSummaries().map { ($0.household.id, $0.household.name) })
        let months = try database.closedMonths(householdID: scope.householdID(database))
        var table = RecordTable(headers: ["MONTH", "HOUSEHOLD"])
        for closed in months { table.append([closed.month.description, households[closed.householdID] ?? "?"]) }
        try Output.print(output.format, table: table, json: .array(months.map {
            .object(["month": .string($0.month.description), "household": .string(households[$0.householdID] ?? "?")])
        }))
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
