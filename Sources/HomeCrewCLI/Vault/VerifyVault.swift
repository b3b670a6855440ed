import ArgumentParser
import HomeCrewCore

struct VerifyVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Re-hash every object and check the database; exit 65 when anything is wrong.")

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let database = try vault.openForReading()
        let report = try VaultMaintenance(database: database, objects: vault.objectStore).verify()
        for problem in report.problems { print("problem: \(Terminal.sanitize(problem))") }
        for note in report.notes { print("note: \(Terminal.sanitize(note))") }
        print("\(report.objectsChecked) objects re-hashed (\(report.bytesChecked) bytes); database integrity checked; "
              + (report.problems.isEmpty ? "no problems." : "\(report.problems.count) problem(s)."))
        if !report.problems.isEmpty { throw ExitCode(ExitStatus.invalidData) }
    }
}
