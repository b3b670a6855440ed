import ArgumentParser
import HomeCrewCore

/// `--role viewer|manager`: checked before the vault is opened (exit 64).
extension HouseholdRole: ExpressibleByArgument {
    public init?(argument: String) {
        guard let role = try? HouseholdRole.invitable(argument) else { return nil }
        self = role
    }

    public static var allValueStrings: [String] { ["viewer", "manager"] }
}
