import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewStore

struct ImportStaff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add staff from a CSV file (the columns of `staff list --format csv`); nothing is imported if any row is wrong.",
        discussion: "Required columns: legal_name, start_date, salary, currency. Optional: id, household, known_as, status (ignored), leaving_date, annual_leave_days, duties, language.")

    @OptionGroup var vault: VaultOptions
    @Argument(help: "The CSV file.") var file: String
    @Option(help: "Put every row in this household (default: each row's household column).") var household: String?
    @Flag(help: "Check every row and say what would happen; change nothing.") var dryRun = false

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw VaultInputError.cannotRead(file) }
        guard let text = String(data: data, encoding: .utf8) else { throw StaffImportError.notUTF8 }
        let records: [(line: Int, fields: [String])]
        do { records = try CSVReader.records(text) } catch { throw StaffImportError.malformed(line: error.line, reason: error.reason) }
        guard let first = records.first else { throw StaffImportError.empty }
        let header = try StaffCSVRow.header(first.fields)
        var rows: [StaffCSVRow] = [], problems: [StaffCSVRow.RowError] = []
        for record in records.dropFirst() {
            do { rows.append(try StaffCSVRow(line: record.line, fields: record.fields, header: header, householdID: RecordID(rawValue: ""))) }
            catch { problems.append(error) }
        }
        let database = dryRun ? try vault.openForReading() : try vault.openForWriting()
        let householdID = try household.map { try database.chooseHousehold($0).household.id }
        if problems.isEmpty {
            do {
                let result = try database.importStaff(rows, defaultHousehold: householdID, dryRun: dryRun)
                let verb = dryRun ? "Would add" : "Added"
                print("\(verb) \(result.added), \(dryRun ? "would update" : "updated") \(result.updated), unchanged \(result.unchanged)."
                      + (dryRun ? " Dry run: nothing was changed." : ""))
                return
            } catch let failure as StaffImportFailure {
                problems = failure.problems
            }
        }
        for problem in problems.sorted(by: { $0.line < $1.line }) { Terminal.printError(problem.description) }
        Terminal.printNote("nothing was imported: \(problems.count) row(s) need fixing")
        throw ExitCode(65)
    }
}

enum StaffImportError: HomeCrewError {
    case notUTF8
    case empty
    case malformed(line: Int, reason: String)

    var category: ErrorCategory { .invalidData }
    var description: String {
        switch self {
        case .notUTF8: return "the CSV file is not UTF-8 text"
        case .empty: return "the CSV file is empty; it needs a header row"
        case let .malformed(line, reason): return "line \(line): the CSV cannot be read (\(reason)); nothing was imported"
        }
    }
}
