import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

struct ReportPayroll: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payroll",
        abstract: "What to pay each person, one line per person per month, with totals per currency.",
        discussion: "PERIOD: 2026-11, 2026-Q4, 2026, 'this month' (the default), 'last month', or 2026-11-01..2026-11-15.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: HouseholdScope
    @Argument(help: "The period (default: this month).") var period: String?
    @Flag(help: "Print the arithmetic of every line.") var explain = false
    @Flag(help: "Render a PDF payslip per line and keep it in the vault, linked to the staff member.") var payslips = false

    func validate() throws {
        if explain && output.format != .table { throw ValidationError("--explain prints text; use it with --format table") }
    }

    func run() throws {
        let period = try Period.parse(self.period ?? "this month", today: vault.todayDate)
        let database = payslips ? try vault.openForWriting() : try vault.openForReading()
        let report = try database.payroll(period, householdID: scope.householdID(database))
        if payslips { try storePayslips(report, database) }
        guard output.format == .table else {
            return try Output.print(output.format, table: ReportTables.payroll(report), json: PayrollPresenter.json(report))
        }
        print("Payroll \(period.label) (\(period.range))")
        let table = PayrollPresenter.table(report, showHousehold: scope.allHouseholds)
        guard explain else { return try Output.print(.table, table: table, json: .null) }
        for entry in report.entries {
            print("\n\(Terminal.sanitize(entry.member.legalName)), \(Terminal.sanitize(entry.household.name)), \(entry.line.month):")
            for text in PayrollExplanation.lines(entry.line) { print("  " + Terminal.sanitize(text)) }
        }
        print("")
        try Output.print(.table, table: table, json: .null)
    }

    /// One PDF per line, filed as a `payslip` document; the same payslip is stored once.
    private func storePayslips(_ report: PayrollReport, _ database: AppDatabase) throws {
        let ingestor = vault.ingestor(database)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homecrew-payslips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for entry in report.entries where !entry.line.segments.isEmpty || !entry.line.adjustments.isEmpty {
            let payslip = Payslip(household: entry.household, member: entry.member, line: entry.line)
            let file = folder.appendingPathComponent(Payslip.fileName(month: entry.line.month, member: entry.member))
            try Data(PayslipRenderer.pdf(payslip)).write(to: file)
            let request = IngestRequest(household: entry.household, staff: [entry.member.id.rawValue], kind: .payslip,
                                        title: "Payslip \(entry.line.month) \(entry.member.legalName)"
                                            + (report.entries.filter { $0.member.id == entry.member.id && $0.line.month == entry.line.month }.count > 1
                                               ? " (\(entry.line.currency.code))" : ""),
                                        issuedOn: entry.line.month.last, allowOther: false, ocrLanguages: nil)
            switch ingestor.ingest(file.path, request) {
            case .added(let details): Terminal.printNote("payslip \(details.document.id.short): \(Terminal.sanitize(details.document.title))")
            case .alreadyPresent(let document, _): Terminal.printNote("payslip already in vault as \(document.id.short): \(Terminal.sanitize(document.title))")
            case .refused(_, let error): throw error
            }
        }
    }
}
