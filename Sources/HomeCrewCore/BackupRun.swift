import Foundation

/// One run of `vault backup --restic` or of its restore drill, as the vault remembers it
/// (table `backup_run`): what the household page and the due list show.
public struct BackupRun: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A snapshot of the vault written to the repository.
        case backup
        /// The latest snapshot restored into a temporary directory, verified and compared.
        case drill
    }

    public var kind: Kind
    /// The repository in its display form (`RepositoryLocation.redacted`): never a credential,
    /// also when read from a row an earlier HomeCrew wrote with rclone's secrets in it.
    public var repository: String
    public var startedAt: Date
    public var finishedAt: Date
    public var succeeded: Bool
    public var snapshotID: String?
    /// One line: why it failed (nil when it succeeded).
    public var message: String?

    public init(kind: Kind, repository: String, startedAt: Date, finishedAt: Date, succeeded: Bool,
                snapshotID: String? = nil, message: String? = nil) {
        self.kind = kind
        self.repository = RepositoryLocation.redacted(repository)
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.succeeded = succeeded
        self.snapshotID = snapshotID
        self.message = message.map(RepositoryLocation.redactedText)
    }
}

/// The latest backup and drill runs, whatever their outcome.
public struct BackupHealth: Sendable, Equatable {
    public var lastBackup: BackupRun?
    public var lastDrill: BackupRun?
    /// The latest backup that succeeded (a failed run after it does not make the data older).
    public var lastSuccessfulBackup: BackupRun?

    public init(lastBackup: BackupRun? = nil, lastDrill: BackupRun? = nil, lastSuccessfulBackup: BackupRun? = nil) {
        self.lastBackup = lastBackup
        self.lastDrill = lastDrill
        self.lastSuccessfulBackup = lastSuccessfulBackup ?? (lastBackup?.succeeded == true ? lastBackup : nil)
    }

    /// True when no backup has succeeded within `every` seconds of `now`, or the latest run failed.
    public func isOverdue(now: Date, every: TimeInterval) -> Bool {
        guard let success = lastSuccessfulBackup else { return true }
        if let last = lastBackup, !last.succeeded { return true }
        return now.timeIntervalSince(success.finishedAt) > every
    }
}
