import ArgumentParser
import HomeCrewCore
import HomeCrewStore

/// `--household NAME | --all-households` for reports and listings.
struct HouseholdScope: ParsableArguments {
    @Option(help: "The household (default: the active one, else the primary one).") var household: String?
    @Flag(help: "Every household.") var allHouseholds = false

    func validate() throws {
        if allHouseholds && household != nil { throw ValidationError("give either --household or --all-households, not both") }
    }

    /// The chosen household's id, or nil for every household; says which one when implicit.
    func householdID(_ database: AppDatabase) throws -> RecordID? {
        guard !allHouseholds else { return nil }
        let choice = try database.chooseHousehold(household)
        choice.announceIfImplicit()
        return choice.household.id
    }
}

extension Parse {
    @Sendable static func month(_ text: String) throws -> YearMonth {
        try YearMonth(parsing: text)
    }
}
