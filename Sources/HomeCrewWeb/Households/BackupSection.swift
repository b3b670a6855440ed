import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

/// The vault's backups as owners see them: on a household's page, when the last backup and the
/// last restore drill ran and whether they passed; on the due list, a failed or missing backup.
/// Managers and viewers see neither (a backup is the whole vault's, which an owner answers for).
enum BackupSection {
    static func render(_ app: WebApp, household: RecordID, context: WebContext) throws -> HTML {
        guard context.may(.owner, in: household) else { return .empty }
        let health = try app.database.backupHealth()
        let schedule: HTML = app.backups.map {
            "<p class=\"note\">\(t("This server backs up every {every} and checks a restore of the latest backup every {drill_every}.", ["every": $0.every.description, "drill_every": $0.drillEvery.description]))</p>"
        } ?? "<p class=\"note\">\(t("This server does not back up by itself; either of these commands does:")) <code>homecrew serve --backup-to REPOSITORY</code>, <code>homecrew vault backup --restic REPOSITORY</code></p>"
        return """
            <h2 id="backups">\(t("Backups"))</h2>
            <p>\(line(health.lastBackup, none: t("No backup yet."), detailed: context.reach.isEverything))</p>
            <p>\(line(health.lastDrill, none: t("No restore drill yet."), detailed: context.reach.isEverything))</p>
            \(schedule)
            """
    }

    /// "Last backup: 25 Nov 2026 03:00, passed, to s3:…/homecrew." Where it goes and why it
    /// failed are the server keeper's (`detailed`), not every household owner's on a shared server.
    static func line(_ run: BackupRun?, none: String, detailed: Bool = true) -> String {
        guard let run else { return none }
        let values = ["time": WebText.current.time(run.finishedAt), "repository": run.repository, "reason": run.message ?? "?"]
        let drill = run.kind == .drill
        switch (drill, run.succeeded, detailed) {
        case (false, true, false): return t("Last backup: {time}, passed.", values)
        case (false, false, false): return t("Last backup: {time}, failed.", values)
        case (true, true, false): return t("Last restore drill: {time}, passed.", values)
        case (true, false, false): return t("Last restore drill: {time}, failed.", values)
        case (false, true, true): return t("Last backup: {time}, passed, to {repository}.", values)
        case (true, true, true): return t("Last restore drill: {time}, passed, from {repository}.", values)
        case (false, false, true):
            return run.message == nil ? t("Last backup: {time}, failed, to {repository}.", values)
                : t("Last backup: {time}, failed, to {repository}: {reason}.", values)
        case (true, false, true):
            return run.message == nil ? t("Last restore drill: {time}, failed, from {repository}.", values)
                : t("Last restore drill: {time}, failed, from {repository}: {reason}.", values)
        }
    }
}

extension WebApp {
    /// The due list's backup items for a person who owns a household (the vault's own user owns
    /// them all); nothing for anyone else.
    func backupDueItems(_ reach: Reach) throws -> [DueItem] {
        guard reach.households(atLeast: .owner).map({ !$0.isEmpty }) ?? true else { return [] }
        return DueList.backupItems(try database.backupHealth(), every: backups?.every.seconds, now: Date(), today: today,
                                   detailed: reach.isEverything)
    }
}
