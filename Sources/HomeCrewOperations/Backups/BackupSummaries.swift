import Foundation

/// What `ResticBackups.backup(keep:)` did.
public struct BackupSummary: Sendable, Equatable {
    /// The repository in its display form.
    public var repository: String
    public var snapshotID: String
    /// True when this run initialised the repository (it did not exist).
    public var initialisedRepository: Bool
    public var objectCount: Int
    /// Bytes of the database snapshot and every object, as read.
    public var bytesProcessed: Int64
    /// Bytes restic added to the repository (before compression): small when little changed.
    public var bytesAdded: Int64
    /// Record counts of the snapshot (`SnapshotFacts.countedTables`).
    public var counts: [String: Int]
    /// Snapshots of this vault that `--keep` removed (nil without `--keep`).
    public var snapshotsForgotten: Int?
    /// Why `--keep` could not forget or prune (the snapshot itself is safe): the next run tries again.
    public var retentionProblem: String? = nil
}

/// One snapshot of this vault in the repository (`vault backups`).
public struct SnapshotListing: Sendable, Equatable {
    public var id: String
    public var shortID: String
    public var time: Date
    public var vaultID: String?
    public var formatVersion: Int?
    /// Bytes of the database snapshot and every object (from the snapshot's tags).
    public var bytes: Int64?
    public var counts: [String: Int]
}

/// What `ResticBackups.restore(snapshot:into:)` restored.
public struct RestoreSummary: Sendable, Equatable {
    public var snapshotID: String
    public var directory: String
    public var objectCount: Int
    public var bytes: Int64
    public var counts: [String: Int]
    /// Text files of the snapshot that were missing or damaged: their documents were restored
    /// without text, marked to be read again.
    public var unreadableText: [String] = []
    /// With `--other-vault`, whose the snapshot is when it is not this vault's (nil when it is).
    public var otherVault: String? = nil
    /// Why the live vault (`--vault`) could not be read, when it could not: the snapshot's owner
    /// was then not compared with it.
    public var liveVaultUnreadable: String? = nil
}

/// What the restore drill found (`vault backup --restic REPO --check`).
public struct DrillSummary: Sendable, Equatable {
    public var repository: String
    public var snapshotID: String
    public var snapshotTime: Date
    /// Objects restored and re-hashed.
    public var objectCount: Int
    public var bytes: Int64
    /// The snapshot's objects the live vault still has (it may have dropped some since, through gc).
    public var objectsInLiveVault: Int
    /// True when the live vault's records are still exactly those of the snapshot.
    public var liveVaultUnchanged: Bool
    public var counts: [String: Int]
    public var liveCounts: [String: Int]
}
