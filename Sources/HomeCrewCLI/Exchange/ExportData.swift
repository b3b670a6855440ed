import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

struct ExportData: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write households, staff, salary history, leave, adjustments, closed months and document metadata to JSON.",
        discussion: "The format is documented in the README. Document files are not included: use `vault backup` for them.")

    @OptionGroup var vault: VaultOptions
    @Option(help: "Only this household (default: every household).") var household: String?
    @Option(help: ArgumentHelp("The JSON file to write.", valueName: "file")) var out: String
    @Flag(help: "Replace the file if it exists.") var force = false

    func run() throws {
        let database = try vault.openForReading()
        let householdID = try household.map { try database.chooseHousehold($0).household.id }
        let export = try database.exportData(householdID: householdID)
        try SafeFile.write(Array(try ExchangeJSON.encode(export)), to: out, overwrite: force)
        let staff = export.households.reduce(0) { $0 + $1.staff.count }
        let documents = export.households.reduce(0) { $0 + $1.documents.count }
        print("Exported \(export.households.count) household(s), \(staff) staff member(s) and \(documents) document record(s) to \(Terminal.sanitize(out)).")
    }
}

enum ExchangeJSON {
    static func encode(_ file: ExportFile) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(file) + Data("\n".utf8)
    }

    static func decode(_ data: Data) throws -> ExportFile {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(ExportFile.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw ImportError.unreadable("\(path(context.codingPath + [key])) is missing")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw ImportError.unreadable("\(path(context.codingPath)) has the wrong type")
        } catch {
            throw ImportError.unreadable("it is not valid JSON")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
