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
            "<p class=\"note\">This server backs up every \($0.every) and checks a restore of the latest backup every \($0.drillEvery).</p>"
        } ?? "<p class=\"note\">This server does not back up by itself: <code>homecrew serve --backup-to REPOSITORY</code> or <code>homecrew vault backup --restic REPOSITORY</code> does.</p>"
        return """
            <h2 id="backups">Backups</h2>
            <p>\(line("Last backup", health.lastBackup, none: "No backup yet.", detailed: context.reach.isEverything))</p>
            <p>\(line("Last restore drill", health.lastDrill, none: "No restore drill yet.", detailed: context.reach.isEverything))</p>
            \(schedule)
            """
    }

    /// "Last backup: 25 Nov 2026 03:00, passed, to s3:…/homecrew." Where it goes and why it
    /// failed are the server keeper's (`detailed`), not every household owner's on a shared server.
    static func line(_ label: String, _ run: BackupRun?, none: String, detailed: Bool = true) -> String {
        guard let run else { return none }
        let outcome = run.succeeded ? "passed" : "failed"
        guard detailed else { return "\(label): \(BackupRun.shownTime(run.finishedAt)), \(outcome)." }
        let place = run.kind == .drill ? "from" : "to"
        let why = run.succeeded ? "" : run.message.map { ": \($0)" } ?? ""
        return "\(label): \(BackupRun.shownTime(run.finishedAt)), \(outcome), \(place) \(run.repository)\(why)."
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
