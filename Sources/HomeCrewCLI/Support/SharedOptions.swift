import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

/// Options every command that touches a vault takes.
struct VaultOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The vault directory (default: $HOMECREW_VAULT, else $XDG_DATA_HOME/homecrew).", valueName: "dir"))
    var vault: String?

    @Option(name: .long, help: ArgumentHelp("Take this date as today, so that output can be reproduced (default: $HOMECREW_TODAY, else the local date).", valueName: "yyyy-mm-dd"),
            transform: Parse.date)
    var today: CalendarDate?

    var location: VaultLocation {
        VaultLocation.resolve(explicit: vault, environment: ProcessInfo.processInfo.environment)
    }

    /// For commands that only read: a missing vault reads as an empty one.
    func openForReading() throws -> AppDatabase {
        try announce(AppDatabase.open(location, create: false))
    }

    private func announce(_ database: AppDatabase) -> AppDatabase {
        if let upgrade = database.upgrade {
            Terminal.printNote("upgraded the vault from format \(upgrade.fromFormat); the old database is kept at \(upgrade.copyPath)")
        }
        return database
    }

    /// For checks of the vault (`vault verify`): there must be one (`AppDatabase.openExisting`).
    func openExisting() throws -> AppDatabase {
        try announce(AppDatabase.openExisting(location))
    }

    /// For commands that write: the vault is created on the first write.
    func openForWriting() throws -> AppDatabase {
        try announce(AppDatabase.open(location, create: true))
    }

    /// Scripts and the guide's examples fix the date for every command at once with this variable.
    static let todayVariable = "HOMECREW_TODAY"

    func validate() throws {
        guard today == nil, let text = Self.todayFromEnvironment else { return }
        do { _ = try CalendarDate(parsing: text) } catch { throw ValidationError("\(Self.todayVariable)=\(text): \(error)") }
    }

    private static var todayFromEnvironment: String? {
        ProcessInfo.processInfo.environment[todayVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `--today`, else `$HOMECREW_TODAY`; nil when neither fixes the date.
    var fixedToday: CalendarDate? {
        today ?? Self.todayFromEnvironment.flatMap { try? CalendarDate(parsing: $0) }
    }

    /// `--today`, `$HOMECREW_TODAY`, or the local calendar date.
    var todayDate: CalendarDate {
        fixedToday ?? .localToday()
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

/// `--format` for commands that print records.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "How to print records: table, json or csv.")
    var format: OutputFormat = .table
}

/// Converters for option values; each failure reads as one line naming the problem.
enum Parse {
    @Sendable static func date(_ text: String) throws -> CalendarDate {
        try CalendarDate(parsing: text)
    }

    @Sendable static func year(_ text: String) throws -> Int {
        try CalendarDate.year(parsing: text)
    }

    @Sendable static func currency(_ text: String) throws -> Currency {
        try Currency(code: text)
    }
}

extension HouseholdChoice {
    /// Says which household a command used when the user did not name it.
    func announceIfImplicit() {
        guard reason != .explicit else { return }
        Terminal.printNote("household: \(household.name) (\(reason.rawValue))")
    }
}

extension VaultOptions {
    var objectStore: ObjectStore { ObjectStore(vaultDirectory: location.directory) }

    func ingestor(_ database: AppDatabase) -> DocumentIngestor {
        DocumentIngestor(database: database, objects: objectStore, extractor: IsolatedExtractor())
    }
}

extension Parse {
    @Sendable static func kind(_ text: String) throws -> DocumentKind {
        do { return try DocumentListing.kind(text) } catch { throw ValidationError(error.description) }
    }
}

/// `--ocr`, `--no-ocr` and `--ocr-lang`: whether and in which languages to OCR.
struct OCROptions: ParsableArguments {
    @Flag(name: .customLong("ocr"), help: "Run OCR on images and pages without text.") var forceOCR = false
    @Flag(name: .customLong("no-ocr"), help: "Do not run OCR.") var noOCR = false
    @Option(name: .customLong("ocr-lang"), help: "OCR languages joined by + (default: the vault's ocr.languages, else eng).")
    var ocrLanguages: String?

    func validate() throws {
        if forceOCR && noOCR { throw ValidationError("give either --ocr or --no-ocr, not both") }
        if noOCR && ocrLanguages != nil { throw ValidationError("--ocr-lang has no effect with --no-ocr") }
    }

    /// The languages to OCR in, nil for none; checks that their data is installed.
    func languages(_ database: AppDatabase, enabledByDefault: Bool) throws -> String? {
        guard !noOCR, enabledByDefault || forceOCR || ocrLanguages != nil else { return nil }
        return try OCRLanguages.validate(ocrLanguages ?? database.setting(.ocrLanguages))
    }
}
