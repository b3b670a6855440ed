import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

struct RunDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Build a fresh demo vault from Samples/ and show what a new user sees first.",
        discussion: "Without --vault the demo vault goes to a new temporary directory; your own vault is never touched.")

    @OptionGroup var vault: VaultOptions
    @Option(help: ArgumentHelp("The Samples folder (default: found next to the program).", valueName: "dir"))
    var samples: String?

    func run() throws {
        let samplesDirectory = try locateSamples()
        let data = try SampleData.load(from: samplesDirectory)
        let location = try demoLocation()
        do {
            let database = try AppDatabase.open(location, create: true)
            let ingestor = DocumentIngestor(database: database, objects: ObjectStore(vaultDirectory: location.directory),
                                            extractor: IsolatedExtractor())
            try data.seed(database, ingestor: ingestor, samples: samplesDirectory, today: vault.todayDate)
        } catch {
            try? FileManager.default.removeItem(atPath: location.directory)
            throw error
        }
        let database = try AppDatabase.open(location, create: false)
        try show(database, location: location)
        try checkDocumentsWereRead(database)
    }

    /// October's payslip and receipt of each person who reads another language than the household's,
    /// in theirs with the household's under it, written to the vault's `demo-papers` folder: the
    /// first papers a new user opens. Not documents of the vault: the tour's lists stay as they are.
    private func printPapers(_ database: AppDatabase, location: VaultLocation) throws {
        let folder = URL(fileURLWithPath: location.directory).appendingPathComponent("demo-papers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let october = try Period.parse("2026-10", today: vault.todayDate)
        let payments = try database.paymentListing(staff: nil, householdID: nil).filter { $0.reversedBy == nil && $0.payment.reverses == nil }
        print("\nPapers in each worker's own language, the household's under it (\(folder.path))")
        var table = RecordTable(headers: ["NAME", "LANGUAGE", "PAYSLIP", "RECEIPT"])
        for entry in try database.payroll(october, householdID: nil).entries {
            guard let language = entry.member.language, language.tag != (entry.household.language?.tag ?? "en") else { continue }
            let payslip = Payslip.fileName(month: entry.line.month, member: entry.member)
            try SafeFile.write(PayslipRenderer.pdf(Payslip(household: entry.household, member: entry.member, line: entry.line)),
                               to: folder.appendingPathComponent(payslip).path, overwrite: true)
            var receipt = ""
            if let paid = payments.first(where: { $0.member.id == entry.member.id && $0.payment.months.contains { $0.month == entry.line.month } }) {
                receipt = PaymentReceipt.fileName(paid.payment, member: paid.member)
                try SafeFile.write(PaymentRecorder.receiptPDF(paid), to: folder.appendingPathComponent(receipt).path, overwrite: true)
            }
            table.append([entry.member.displayName, language.label, payslip, receipt])
        }
        print(table.renderTable())
    }

    /// What two scans said about themselves: the passport's facts applied as it was filed (it was
    /// added with no kind, person or dates), the visa's left for the user to apply.
    private func showSuggestions(_ database: AppDatabase) throws {
        print("\nRead from their machine-readable zones (no one typed these)")
        let suggestions = DocumentSuggestions(database: database, today: vault.todayDate)
        for details in try database.documentListing(DocumentFilter()) where details.document.originalName.hasSuffix("-scan.jpg") {
            let report = try suggestions.report(details)
            let title = Terminal.sanitize(details.document.title)
            if report.pending.isEmpty, let summary = report.summary {
                print("  \(title): applied as filed: \(Terminal.sanitize(summary))")
            } else if let brief = SuggestionText.brief(report) {
                print("  \(title):\n  \(brief.replacingOccurrences(of: "\n", with: "\n  "))")
            }
        }
    }

    /// A demo whose documents were not read is a broken installation (most often a missing
    /// `homecrew-extract`): say which document and why, and fail.
    private func checkDocumentsWereRead(_ database: AppDatabase) throws {
        let documents = try database.documentListing(DocumentFilter())
        let unread = documents.filter { $0.object.content.status != .complete || $0.object.thumbnailHash == nil }
        guard !unread.isEmpty else { return }
        fflush(nil)
        for details in unread.sorted(by: { $0.document.originalName < $1.document.originalName }) {
            let content = details.object.content
            let why = content.status == .complete ? "no thumbnail was made" : "\(content.status.rawValue): \(content.note ?? "no reason given")"
            Terminal.printNote("demo: \(details.document.originalName) was not read completely (\(why))")
        }
        throw DemoError.documentsNotRead(unread.count, of: documents.count)
    }

    /// `--vault` if given (it must not hold a vault yet), else a new temporary directory.
    private func demoLocation() throws -> VaultLocation {
        if let explicit = vault.vault {
            let location = VaultLocation(directory: explicit)
            if location.databaseExists { throw DemoError.vaultNotEmpty(location.directory) }
            return location
        }
        var template = Array((NSTemporaryDirectory() + "/homecrew-demo-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw StoreError.cannotCreateVault(path: NSTemporaryDirectory(), reason: String(cString: strerror(errno)))
        }
        return VaultLocation(directory: String(cString: made))
    }

    private func locateSamples() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [samples, environment["HOMECREW_SAMPLES"]].compactMap { $0 }.map(URL.init(fileURLWithPath:))
        if samples == nil {
            // The program lives in .build/<triple>/<config>/ inside the checkout.
            // /proc/self/exe, not argv[0]: a program found through PATH is called by its bare name.
            let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            var directory = URL(fileURLWithPath: program).resolvingSymlinksInPath().deletingLastPathComponent()
            // Installed by Scripts/install: PREFIX/bin/homecrew and PREFIX/share/homecrew/Samples.
            candidates.append(directory.deletingLastPathComponent().appendingPathComponent("share/homecrew/Samples"))
            for _ in 0..<5 {
                candidates.append(directory.appendingPathComponent("Samples"))
                directory.deleteLastPathComponent()
            }
            candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Samples"))
        }
        guard let found = candidates.first(where: {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("demo.json").path)
        }) else { throw DemoError.samplesNotFound }
        return found
    }

    private func show(_ database: AppDatabase, location: VaultLocation) throws {
        let today = vault.todayDate
        print("HomeCrew demo vault: \(location.directory)")
        print("Dates below are as of \(today).\n")
        print("Households")
        print(HouseholdPresenter.table(try database.householdSummaries()).renderTable())
        let staff = try database.staffListing(StaffFilter(householdID: nil, statuses: Set(EmploymentStatus.allCases), asOf: today))
        print("\nStaff")
        print(StaffPresenter.table(staff, asOf: today, showHousehold: true).renderTable())
        print("\nTenure, longest first (people employed or about to start)")
        var tenure = RecordTable(headers: ["NAME", "HOUSEHOLD", "START", "TENURE", "NEXT ANNIVERSARY"])
        let current = staff.filter { $0.member.status(asOf: today) != .left }
        let households = Dictionary(current.map { ($0.member.id, $0.household.name) }, uniquingKeysWith: { first, _ in first })
        for line in try TenureReport.lines(current.map(\.member), asOf: today) {
            let next = line.nextAnniversary.flatMap { day in line.daysUntilAnniversary.map { "\(day) (in \(counted($0, "day")))" } } ?? ""
            tenure.append([line.member.displayName, households[line.member.id] ?? "", line.member.startDate.description, line.summary, next])
        }
        print(tenure.renderTable())
        let documents = try database.documentListing(DocumentFilter())
            .sorted { ($0.household.name, $0.document.title) < ($1.household.name, $1.document.title) }
        print("\nDocuments")
        print(DocumentPresenter.table(documents, asOf: today, showHousehold: true).renderTable())
        try showSuggestions(database)
        let month = try Period.parse("2026-11", today: today)
        print("\nPayroll \(month.label), all households: a joiner (Priya, from the 17th), a leaver (Grace, to the 20th),")
        print("a raise on the 15th (Ramesh), two days' unpaid leave (Asha), a bonus (Maria), and three currencies")
        print(PayrollPresenter.table(try database.payroll(month, householdID: nil), showHousehold: true).renderTable())
        let months = Period(range: DateRange(try CalendarDate(parsing: "2026-10-01"), try CalendarDate(parsing: "2026-11-30")), label: "October and November 2026")
        print("\nOwed for \(months.label): October paid (but Hanako's), November not yet; an advance to Ramesh, repaid from December")
        print(PaymentPresenter.owedTable(try database.owed(months, householdID: nil), showHousehold: true).renderTable())
        let leaving = try CalendarDate(parsing: "2026-11-30")
        let settlement = try Settling.preview(SettlementRequest(staff: "Ramesh", leaving: leaving, reason: .termination), database).settlement
        print("\nIf Ramesh left on \(leaving) (a preview; his household settles by \(settlement.rules.versionName), his contract gives 15 days a year)")
        var settled = RecordTable(headers: ["PART", "AMOUNT"], rightAligned: ["AMOUNT"])
        for line in settlement.lines { settled.append([line.heading, line.amount.description]) }
        settled.append(["TOTAL", settlement.total.description])
        print(settled.renderTable())
        let due = try Settling.dueItems(DueList(today: today, withinDays: 60), database)
        print("\nDue in the next 60 days (expired documents first)")
        var dueTable = RecordTable(headers: ["DATE", "WHAT", "STAFF", "HOUSEHOLD", "DETAILS"])
        for item in due {
            dueTable.append([item.date.description, item.isExpired ? "EXPIRED" : item.kind.rawValue,
                             item.staffNames.joined(separator: ", "), item.householdName, item.summary])
        }
        print(due.isEmpty ? "(none)" : dueTable.renderTable())
        try printPapers(database, location: location)
        print("\nExplore it:")
        print("  export HOMECREW_VAULT=\(location.directory)")
        print("  homecrew staff show Asha")
        print("  homecrew staff salary history Ramesh")
        print("  homecrew household show \"Marina Apartment\"")
        print("  homecrew doc list --expiring-within 60 --all-households")
        print("  homecrew report payroll 2026-11 --all-households --explain")
        print("  homecrew leave balance --all-households --year 2026")
        print("  homecrew pay list --all-households")
        print("  homecrew advance list Ramesh --through 2027-03")
        print("  homecrew settle Ramesh --leaving 2026-11-30 --reason termination")
        print("  homecrew report due --within 60 --format ics > due.ics")
        print("\nOr in a browser on this machine (it prints a sign-in address that works once):")
        print("  homecrew serve --vault \(location.directory)")
    }
}
