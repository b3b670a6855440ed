import Foundation

extension DueList {
    /// The due list's word on the vault's backups (the whole vault's, not a household's): the last
    /// backup failed; or, where a server backs up every `every` seconds, none has passed within
    /// twice that, or none yet. A failed restore drill too: a backup that does not restore is none.
    /// `detailed`: with the repository and restic's reason, for whoever keeps the whole vault;
    /// a household's owner on a shared server is told only that it failed, and when.
    /// How far ahead of now a run may be recorded before the clock is said to be wrong.
    static let clockSlack: TimeInterval = 600

    public static func backupItems(_ health: BackupHealth, every: TimeInterval?, now: Date, today: CalendarDate,
                                   timeZone: TimeZone = .current, detailed: Bool = true) -> [DueItem] {
        var items: [DueItem] = []
        func add(_ id: String, _ summary: String, _ detail: DueItem.Detail) {
            items.append(DueItem(kind: .backup, date: today, householdName: "", staffNames: [], summary: summary, detail: detail,
                                 recordID: RecordID(rawValue: id), isExpired: false))
        }
        let shown = { (run: BackupRun) in BackupRun.shownTime(run.finishedAt, timeZone: timeZone) }
        if let last = health.lastBackup, !last.succeeded {
            add("backup", detailed ? "the last backup failed (\(shown(last)), to \(last.repository))" + (last.message.map { ": \($0)" } ?? "")
                : "the last backup failed (\(shown(last)))",
                .backupFailed(time: last.finishedAt, repository: detailed ? last.repository : nil, reason: detailed ? last.message : nil))
        } else if let last = health.lastBackup, last.finishedAt > now.addingTimeInterval(clockSlack) {
            // Taken at its word it would keep "no backup has passed" quiet until that day comes.
            add("backup", "the last backup is recorded as passed on \(shown(last)), later than now: the machine's clock was or is wrong",
                .backupClockAhead(time: last.finishedAt))
        } else if let every {
            if let last = health.lastBackup {
                if now.timeIntervalSince(last.finishedAt) > 2 * every { add("backup", "no backup has passed since \(shown(last))", .backupOverdue(since: last.finishedAt)) }
            } else {
                add("backup", "no backup yet", .noBackupYet)
            }
        }
        if let drill = health.lastDrill, !drill.succeeded {
            add("drill", detailed ? "the last restore drill failed (\(shown(drill)), from \(drill.repository))" + (drill.message.map { ": \($0)" } ?? "")
                : "the last restore drill failed (\(shown(drill)))",
                .drillFailed(time: drill.finishedAt, repository: detailed ? drill.repository : nil, reason: detailed ? drill.message : nil))
        }
        return items
    }
}

extension BackupRun {
    /// "25 Nov 2026 03:00", in the machine's time zone, for the pages and the due list.
    public static func shownTime(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM yyyy HH:mm"
        return formatter.string(from: date)
    }
}
