import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// `serve --backup-to`: the scheduler's jobs are `ResticBackups`' backup and drill (each records
/// its run in the vault), run on a thread of their own so that pages keep being served.
public struct ServerBackups: Sendable {
    let settings: ServeBackups
    let vault: VaultLocation
    let database: AppDatabase

    public init(_ settings: ServeBackups, vault: VaultLocation, database: AppDatabase) {
        self.settings = settings
        self.vault = vault
        self.database = database
    }

    /// Checked before serving: a server whose every backup would fail for want of restic or of a
    /// password says so at once (the run's own one-line error and exit code), not on the due list later.
    public static func check(_ settings: ServeBackups, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard ResticProcess.executable(environment: environment) != nil else { throw BackupError.resticMissing }
        if let file = settings.passwordFile {
            guard access(file, R_OK) == 0 else { throw BackupError.passwordFileUnreadable(file) }
        } else if ["RESTIC_PASSWORD", "RESTIC_PASSWORD_FILE", "RESTIC_PASSWORD_COMMAND"].allSatisfy({ (environment[$0] ?? "").isEmpty }) {
            throw BackupError.noPassword
        }
    }

    /// Until the task running it is cancelled (the server stops; a run in progress is abandoned).
    public func run() async {
        let settings = settings, vault = vault
        let scheduler = BackupScheduler(timetable: settings.timetable) { job in
            await AbandonableThread.run { Self.perform(job, settings, vault) } ?? false
        }
        await scheduler.run(past: Self.past(database, repository: settings.repository))
    }

    /// What the vault recorded before this server started: from when each job last began, and
    /// whether a backup into this repository ever passed (before it, no drill: nothing to restore).
    static func past(_ database: AppDatabase, repository: String) -> BackupTimetable.Past {
        // A vault whose runs cannot be read is treated as never backed up: one backup too many, not one too few.
        guard let health = try? database.backupHealth() else { return .init() }
        let backedUp = (try? database.hasPassedBackup(to: RepositoryName.display(RepositoryName.absolute(repository)))) ?? false
        return .init(backup: health.lastBackup.map { ($0.startedAt, $0.succeeded) }, drill: health.lastDrill.map { ($0.startedAt, $0.succeeded) },
                     backedUp: backedUp)
    }

    /// One job, told on standard error (where the server logs its requests); true when it passed.
    static func perform(_ job: BackupTimetable.Job, _ settings: ServeBackups, _ vault: VaultLocation) -> Bool {
        let restic = ResticBackups(vault: vault, repository: settings.repository, passwordFile: settings.passwordFile)
        let what = job == .backup ? "backup to" : "restore drill from"
        FileHandle.standardError.write(Data("\(what) \(restic.displayRepository): started\n".utf8))
        do {
            switch job {
            case .backup:
                if let problem = try restic.backup(keep: settings.keep).retentionProblem {
                    FileHandle.standardError.write(Data("warning: \(what) \(restic.displayRepository): --keep did not prune: \(problem)\n".utf8))
                }
            case .drill: _ = try restic.drill()
            }
            FileHandle.standardError.write(Data("\(what) \(restic.displayRepository): passed\n".utf8))
            return true
        } catch {
            FileHandle.standardError.write(Data("warning: \(what) \(restic.displayRepository) failed: \(error)\n".utf8))
            return false
        }
    }
}
