import ArgumentParser
import HomeCrewCore

struct VerifyVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Re-hash every object and check the database; exit 65 when anything is wrong, 66 when there is no vault.")

    @OptionGroup var vault: VaultOptions

    func run() throws {
        // A check of nothing never passes: no vault is 66, a database that is not a vault's 65.
        let database = try vault.openExisting()
        let report = try VaultMaintenance(database: database, objects: vault.objectStore).verify()
        for problem in report.problems { print("problem: \(Terminal.sanitize(problem))") }
        for note in report.notes { print("note: \(Terminal.sanitize(note))") }
        print("\(report.objectsChecked) objects re-hashed (\(report.bytesChecked) bytes); database integrity checked; "
              + (report.problems.isEmpty ? "no problems." : "\(report.problems.count) problem(s)."))
        if !report.problems.isEmpty { throw ExitCode(ExitStatus.invalidData) }
    }
}
