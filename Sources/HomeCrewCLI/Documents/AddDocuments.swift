import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

struct AddDocuments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add files to the vault (PDF, JPEG, PNG, HEIC), linked to staff.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var target: HouseholdOption
    @Argument(help: "Files (or, with --recursive, folders) to add.") var files: [String]
    @Flag(name: .shortAndLong, help: "Add every file under the folders given.") var recursive = false
    @Option(help: "A staff member the document concerns (repeatable).") var staff: [String] = []
    @Option(help: "contract, id, passport, visa, permit, payslip, certificate, medical or other.", transform: Parse.kind)
    var kind: DocumentKind = .other
    @Option(help: "Title (default: the file name without its extension).") var title: String?
    @Option(help: ArgumentHelp("Date of issue.", valueName: "yyyy-mm-dd"), transform: Parse.date) var issued: CalendarDate?
    @Option(help: ArgumentHelp("Expiry date.", valueName: "yyyy-mm-dd"), transform: Parse.date) var expires: CalendarDate?
    @Option(help: "Password of an encrypted PDF (used to read it; never stored).") var password: String?
    @Flag(help: "Keep files of other types too (stored without text or thumbnail).") var allowOther = false
    @Flag(help: "Apply what each document's text says (kind, dates, person); values given here are kept.")
    var applySuggestions = false
    @OptionGroup var ocr: OCROptions

    func validate() throws {
        try ocr.validate()
        if title != nil && (files.count > 1 || recursive) { throw ValidationError("--title applies to a single file") }
        if let issued, let expires, expires < issued { throw ValidationError("--expires \(expires) is before --issued \(issued)") }
    }

    func run() throws {
        let database = try vault.openForWriting()
        let choice = try database.chooseHousehold(target.household)
        choice.announceIfImplicit()
        let paths = try FileList.expand(files, recursive: recursive)
        let request = IngestRequest(household: choice.household, staff: staff, kind: kind, title: title,
                                    issuedOn: issued, expiresOn: expires, password: password, allowOther: allowOther,
                                    ocrLanguages: try ocr.languages(database, enabledByDefault: true))
        let reporter = BatchReporter(total: paths.count, format: output.format)
        vault.ingestor(database).ingest(paths, request, started: reporter.started, finished: reporter.finished)
        let finished = Result { try reporter.finish() }
        try suggest(reporter.added, database)
        try finished.get()
    }

    /// After filing: what each new document's text says, applied with --apply-suggestions, else shown
    /// with the command that applies it.
    private func suggest(_ added: [DocumentDetails], _ database: AppDatabase) throws {
        let suggestions = DocumentSuggestions(database: database)
        if applySuggestions {
            for details in added {
                let applied = try suggestions.apply(document: details.document.id.rawValue)
                if output.format == .table && !(applied.set.isEmpty && applied.kept.isEmpty) { print(ApplySuggestions.text(applied)) }
            }
        } else if output.format == .table {
            for result in try suggestions.reports(added) {
                let report = try result.get()
                if let brief = SuggestionText.brief(report) { print("\(report.details.document.id)\n\(brief)") }
            }
        }
    }
}

enum FileList {
    /// The files named, with folders walked when `recursive` (hidden files skipped, links not followed into).
    static func expand(_ arguments: [String], recursive: Bool) throws -> [String] {
        var paths: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if recursive, FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let walker = FileManager.default.enumerator(atPath: argument)
                var found: [String] = []
                while let relative = walker?.nextObject() as? String {
                    let full = (argument as NSString).appendingPathComponent(relative)
                    let isHidden = relative.split(separator: "/").contains { $0.hasPrefix(".") }
                    var entryIsDirectory: ObjCBool = false
                    if !isHidden, FileManager.default.fileExists(atPath: full, isDirectory: &entryIsDirectory), !entryIsDirectory.boolValue {
                        found.append(full)
                    }
                }
                paths += found.sorted()
            } else {
                paths.append(argument)
            }
        }
        return paths
    }
}
