import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

struct ReportDue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "Expiring documents, work anniversaries and leaving dates across all households, soonest first; a failed restic backup.",
        discussion: "Documents already expired come first, marked. --format ics writes an iCalendar file.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv, ics }

    @OptionGroup var vault: VaultOptions
    @Option(help: "The window, in days from today.") var within = 30
    @Option(help: "table, json, csv or ics.") var format: Format = .table

    func validate() throws {
        do { _ = try DueList.window(days: String(within)) } catch { throw ValidationError("--within: \(error)") }
    }

    func run() throws {
        let today = vault.todayDate
        let database = try vault.openForReading()
        // A vault backed up with restic whose last backup failed says so first.
        let items = DueList.backupItems(try database.backupHealth(), every: nil, now: Date(), today: today)
            + (try Settling.dueItems(DueList(today: today, withinDays: within), database))
        if format == .ics { return print(try ICalendar.render(items, stamp: today), terminator: "") }
        var table = RecordTable(headers: ["DATE", "IN DAYS", "WHAT", "STAFF", "HOUSEHOLD", "DETAILS"], rightAligned: ["IN DAYS"])
        for item in items {
            table.append([item.date.description, String(today.days(until: item.date)),
                          item.isExpired ? "EXPIRED" : item.kind.rawValue, item.staffNames.joined(separator: ", "),
                          item.householdName, item.summary])
        }
        try Output.print(OutputFormat(rawValue: format.rawValue)!, table: table, json: .array(items.map { item in
            .object(["date": .string(item.date.description), "days_from_today": .int(today.days(until: item.date)),
                     "kind": .string(item.kind.rawValue), "expired": .bool(item.isExpired),
                     "staff": .array(item.staffNames.map(JSON.string)), "household": .string(item.householdName),
                     "summary": .string(item.summary), "id": .string(item.recordID.rawValue)])
        }))
    }
}
