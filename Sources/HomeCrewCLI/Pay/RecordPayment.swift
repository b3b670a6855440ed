import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct RecordPayment: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record net pay handed to a staff member, for one or more months, with its proof.",
        discussion: """
            Without --for, the payment pays the oldest months still owed up to the month it is made in. \
            It never pays more than is owed: a bonus is an adjustment first (homecrew pay adjust). \
            A payment is never edited; a mistake is undone with: homecrew pay reverse ID.
            """)

    @OptionGroup var vault: VaultOptions
    @Argument(help: "An id (or a unique prefix of one), or a legal or known-as name.") var staff: String
    @Option(help: ArgumentHelp("The amount handed over.", valueName: "amount")) var amount: String
    @Option(name: .customLong("on"), help: ArgumentHelp("The day it was paid.", valueName: "yyyy-mm-dd"), transform: Parse.date)
    var paidOn: CalendarDate
    @Option(help: ArgumentHelp("cash, bank-transfer, upi, cheque, wps or other.", valueName: "method"), transform: Parse.method)
    var method: PaymentMethod
    @Option(name: .customLong("for"), help: ArgumentHelp("The payroll month(s) paid; repeat or separate with commas.", valueName: "yyyy-mm"))
    var months: [String] = []
    @Option(help: "The currency (default: the salary's).", transform: Parse.currency) var currency: Currency?
    @Option(help: "A transaction id, cheque number or UPI reference.") var reference: String?
    @Option(help: "A note.") var note: String?
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Documents (ids) or files that prove it: a bank screenshot, a signed receipt's photo.",
                                                          valueName: "doc-or-file"))
    var proof: [String] = []
    @Flag(help: "Render a receipt for both sides to sign (PDF) and keep it with the payment; its signed photo is added later with pay proof.")
    var receipt = false

    func validate() throws {
        _ = try Parse.months(months)
    }

    func run() throws {
        let database = try vault.openForWriting()
        let files = proof.filter { FileManager.default.fileExists(atPath: $0) }
        let request = PaymentRequest(staff: staff, amount: amount, currency: currency, paidOn: paidOn, method: method,
                                     months: try Parse.months(months), reference: reference, note: note,
                                     proof: proof.filter { !files.contains($0) })
        let entry = try PaymentRecorder(database: database, ingestor: vault.ingestor(database)).record(request, files: files, receipt: receipt)
        let payment = entry.payment
        print("Recorded payment \(payment.id.short): \(payment.amount) to \(Terminal.sanitize(entry.member.legalName)) on \(payment.paidOn) "
              + "by \(payment.method.label) for \(PaymentPresenter.months(payment)).")
        for document in entry.proof { print("  proof \(document.id.short): \(Terminal.sanitize(document.title))") }
        if let month = entry.suggestedOpening {
            Terminal.printNote("note: this is \(Terminal.sanitize(entry.household.name))'s first payment; months before \(month.next) now count as owed. "
                               + "If they were settled before HomeCrew, run: homecrew pay opening --household '\(Terminal.sanitize(entry.household.name))' "
                               + "--settled-through \(month)")
        }
    }
}

extension Parse {
    @Sendable static func method(_ text: String) throws -> PaymentMethod {
        try PaymentMethod(parsing: text)
    }

    /// `--for 2026-10 --for 2026-11` or `--for 2026-10,2026-11`, each once.
    static func months(_ texts: [String]) throws -> [YearMonth] {
        let months = try texts.flatMap { $0.split(separator: ",") }.map { text in
            do { return try YearMonth(parsing: text.trimmingCharacters(in: .whitespaces)) } catch { throw ValidationError("\(error)") }
        }
        guard Set(months).count == months.count else { throw ValidationError("a month is named twice in --for") }
        return months
    }
}
