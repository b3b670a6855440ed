import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewStore

struct ImportData: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a HomeCrew JSON export into the vault by id: all of it or none of it.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "A file written by `homecrew export`.") var file: String
    @Flag(help: "Say what would be added or changed, and change nothing.") var dryRun = false

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw VaultInputError.cannotRead(file)
        }
        let export = try ExchangeJSON.decode(data)
        let database = dryRun ? try vault.openForReading() : try vault.openForWriting()
        let summary = try database.importData(export, dryRun: dryRun, today: vault.todayDate)
        print(ImportReport.lines(summary, dryRun: dryRun).joined(separator: "\n"))
    }
}

enum ImportReport {
    static func lines(_ summary: ImportSummary, dryRun: Bool) -> [String] {
        func list(_ counts: [String: Int]) -> String {
            counts.isEmpty ? "nothing" : counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        var lines = [(dryRun ? "Would add: " : "Added: ") + list(summary.added),
                     (dryRun ? "Would change: " : "Changed: ") + list(summary.changed),
                     "Unchanged: \(summary.unchanged) record(s)"]
        if !summary.documentsWithoutFile.isEmpty {
            lines.append("Not imported: \(summary.documentsWithoutFile.count) document(s) whose file is not in this vault "
                         + "(restore it with `homecrew vault restore`, or add the file with `doc add`)")
        }
        if dryRun { lines.append("Dry run: nothing was changed.") }
        return lines
    }
}

enum VaultInputError: HomeCrewError {
    case cannotRead(String)

    var category: ErrorCategory { .notFound }
    var description: String {
        switch self {
        case .cannotRead(let path): return "cannot read \(path): no such file, or it is not readable"
        }
    }
}
