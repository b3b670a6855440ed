import ArgumentParser
import HomeCrewStore

struct InitVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create a vault (it is also created by the first command that writes).")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "Where to create it (default: --vault, $HOMECREW_VAULT or $XDG_DATA_HOME/homecrew).")
    var directory: String?

    func run() throws {
        let location = directory.map(VaultLocation.init(directory:)) ?? vault.location
        // Refused before anything is made (a restore's folder, links).
        try location.checkInternals()
        let created = try location.create()
        _ = try AppDatabase.open(location, create: true)
        print(created ? "Created a vault at \(location.directory)" : "A vault is already at \(location.directory)")
    }
}
