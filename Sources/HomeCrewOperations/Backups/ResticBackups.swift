import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// Backups of a vault into a restic repository (a local path, `sftp:`, `s3:`, `rest:`, `b2:`…),
/// a restore drill, and restores. The CLI (`vault backup --restic`) and the server's schedule
/// call the same methods; `backup` and `drill` record their run in the vault themselves.
///
/// Each snapshot holds `objects/sha256/…` (the vault's objects, unchanged) and
/// `backup-snapshot/homecrew.sqlite` (SQLite's consistent copy) with
/// `backup-snapshot/homecrew-backup.json` (its manifest); Vault/FORMAT.md describes them.
///
/// Blocking: each method runs restic as a child process and waits for it.
public struct ResticBackups: Sendable {
    public let vault: VaultLocation
    /// As given: it may hold credentials, so it is only ever handed to restic's environment.
    let repository: String
    let passwordFile: String?

    public init(vault: VaultLocation, repository: String, passwordFile: String?) {
        self.vault = vault
        self.repository = RepositoryName.absolute(repository)
        // restic runs in the vault's directory: a relative path is the caller's.
        self.passwordFile = passwordFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// The repository as HomeCrew shows and stores it (no credentials).
    public var displayRepository: String { RepositoryName.display(repository) }

    static let stagingName = "backup-snapshot"
    static let manifestName = "homecrew-backup.json"
    static let drillName = "backup-drill"
    static let textName = "backup-text"
    static let tag = "homecrew"

    var restic: ResticProcess { ResticProcess(repository: repository, passwordFile: passwordFile) }

    /// restic run in the vault's directory, so that a snapshot's paths are `objects/…` and
    /// `backup-snapshot/…` wherever the vault lives.
    var resticInVault: ResticProcess {
        ResticProcess(repository: repository, passwordFile: passwordFile, workingDirectory: vault.directory)
    }

    // MARK: backup

    /// Snapshots the database, backs it up with every object, then (with `keep`) forgets and
    /// prunes this vault's older snapshots. Records the run, succeeded or failed. A missing
    /// repository is made only in an absent or empty local folder, or anywhere with `initialise`.
    public func backup(keep: RetentionPolicy?, initialise: Bool = false) throws -> BackupSummary {
        try recording(.backup, snapshot: \.snapshotID) { try performBackup(keep: keep, initialise: initialise) }
    }

    private func performBackup(keep: RetentionPolicy?, initialise: Bool) throws -> BackupSummary {
        let database = try openVault()
        let exclusive = try BackupLock(vault: vault)
        defer { withExtendedLifetime(exclusive) {} }
        var summary = try send(database, initialise: initialise)
        // The snapshot is safe once sent: a retention that fails is told, not taken for a failed backup.
        if let keep {
            do { summary.snapshotsForgotten = try forget(keep: keep, vaultID: try database.backupVaultID()) }
            catch { summary.retentionProblem = ErrorText.sentence(for: error).oneLine }
        }
        return summary
    }

    /// The snapshot and the objects into the repository.
    private func send(_ database: AppDatabase, initialise asked: Bool) throws -> BackupSummary {
        // Garbage collection waits while they are sent (not while --keep prunes), so no object
        // the snapshot names can vanish.
        let shared = try VaultLock(vaultDirectory: vault.directory, mode: .shared)
        defer { withExtendedLifetime(shared) {} }
        let staging = vault.directory + "/" + Self.stagingName
        // What a backup or drill killed in the middle left (no other runs: this one holds backup.lock).
        try Self.removeTree(vault.directory + "/" + Self.drillName)
        try Self.removeTree(staging)
        guard mkdir(staging, 0o700) == 0 else { throw Self.writeFailure(staging) }
        defer { try? Self.removeTree(staging) }
        // restic would keep a link, not the file it points to: the backup would lack the document.
        try RestoredVault.requirePlainFilesAndFolders(vault.directory + "/objects")
        try RestoredVault.requirePlainFilesAndFolders(vault.directory + "/" + Self.textName)
        let text = try database.snapshotWithoutText(to: staging + "/homecrew.sqlite", mirror: TextMirror(directory: vault.directory + "/" + Self.textName))
        chmod(staging + "/homecrew.sqlite", 0o600)
        let facts = try AppDatabase.snapshotFacts(ofDatabaseAt: staging + "/homecrew.sqlite")
        let objects = ObjectStore(vaultDirectory: vault.directory)
        let manifest = try BackupManifest(facts: facts, database: staging + "/homecrew.sqlite", objects: objects, text: text)
        try manifest.write(to: staging + "/" + Self.manifestName)
        var paths = [Self.stagingName, Self.textName]
        if FileManager.default.fileExists(atPath: vault.directory + "/objects") { paths.insert("objects", at: 0) }
        let arguments = ["backup", "--json", "--quiet"] + manifest.tags.flatMap { ["--tag", $0] } + paths
        // Opening a repository costs restic a key derivation (half a second): try the backup
        // first, and initialise the repository only when it turns out not to exist.
        var initialised = false
        let output: ResticProcess.Output
        do {
            output = try resticInVault.run(arguments)
        } catch BackupError.notARepository {
            // A repository this vault was backed up into before is not made again: a disk that is
            // not mounted must not turn an offsite backup into one beside the vault.
            guard try !database.hasPassedBackup(to: displayRepository) else { throw BackupError.repositoryMissing(displayRepository) }
            let local = RepositoryName.localPath(repository)
            if let local { try Self.removeUnfinished(local) }
            if !asked { try Self.requireNothingThere(local, repository: displayRepository) }
            initialised = try initialise(local)
            output = try resticInVault.run(arguments)
        }
        let result = try ResticJSON.backupSummary(output.stdout)
        return BackupSummary(repository: displayRepository, snapshotID: result.snapshotID, initialisedRepository: initialised,
                             objectCount: facts.objects.count, bytesProcessed: manifest.bytes, bytesAdded: result.dataAdded,
                             counts: facts.counts, snapshotsForgotten: nil)
    }

    /// A repository is made only where nothing is: a local folder that is absent or empty. What
    /// HomeCrew cannot look into (s3:, sftp:, rest:…) is made only when the person says --init.
    static func requireNothingThere(_ local: String?, repository: String) throws {
        guard let local else { throw BackupError.notMadeWithoutLooking(repository: repository) }
        var info = stat()
        guard lstat(local, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw BackupError.locationNotEmpty(repository: repository, names: []) }
        let names = try FileManager.default.contentsOfDirectory(atPath: local).sorted()
        guard names.isEmpty else { throw BackupError.locationNotEmpty(repository: repository, names: shownNames(names)) }
    }

    /// What a `restic init` stopped in the middle left (a killed server, a full disk) is removed,
    /// so that the repository is made again from the start: restic would keep a stale key.
    static func removeUnfinished(_ local: String) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: local)) ?? []
        guard !names.isEmpty, isUnfinished(local, names: names) else { return }
        for name in names { try removeTree(local + "/" + name) }
    }

    /// restic's folders without a config, and no file in them but keys (which open nothing without it).
    static func isUnfinished(_ local: String, names: [String]) -> Bool {
        guard Set(names).isSubset(of: ["data", "index", "keys", "locks", "snapshots"]) else { return false }
        for name in names where name != "keys" {
            guard let walker = FileManager.default.enumerator(atPath: local + "/" + name) else { return false }
            while walker.nextObject() != nil {
                guard walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory else { return false }
            }
        }
        return true
    }

    /// The first few names in a folder, each short and without control characters: for one line.
    /// The first three names (each at most 40 characters), then how many more there are.
    static func shownNames(_ names: [String]) -> [String] {
        let shown = names.prefix(3).map { name in
            let harmless = RepositoryLocation.harmless(name)
            return harmless.count > 40 ? String(harmless.prefix(40)) + "…" : harmless
        }
        return names.count > 3 ? shown + ["\(names.count - 3) more"] : shown
    }

    /// True when it initialised the repository (false when another run just did). A local one
    /// whose making failed midway names what it left (the folder was absent or empty before).
    private func initialise(_ local: String?) throws -> Bool {
        do {
            try restic.run(["init"])
            return true
        } catch BackupError.resticFailed(let reason) where reason.contains("already") {
            return false
        } catch let error as BackupError {
            let reason: String
            switch error {
            case .resticFailed(let said), .diskFull(let said): reason = said
            case .resticKilled(let signal): reason = "restic was stopped by signal \(signal)"
            default: throw error
            }
            let left = local.map { (try? FileManager.default.contentsOfDirectory(atPath: $0)).map { Self.shownNames($0.sorted()) } ?? [] }
            throw BackupError.initialisationFailed(repository: displayRepository, reason: reason, left: left)
        }
    }

    /// Forgets and prunes this vault's older snapshots. It needs the repository to itself: locks
    /// left by a restic that is gone are removed first (`ResticProcess.run`).
    private func forget(keep: RetentionPolicy, vaultID: String) throws -> Int {
        let output = try restic.run(["forget", "--prune", "--json", "--tag", "homecrew-vault=\(vaultID)"] + keep.resticArguments)
        return ResticJSON.forgottenCount(output.stdout)
    }

    // MARK: snapshots

    /// This vault's snapshots, oldest first; with no vault here (or one that cannot be read),
    /// every HomeCrew snapshot.
    public func snapshots() throws -> [SnapshotListing] {
        let all = try allSnapshots()
        guard let vaultID = liveVault().id else { return all }
        return all.filter { $0.vaultID == vaultID }
    }

    /// Every HomeCrew snapshot in the repository, of any vault, oldest first.
    func allSnapshots() throws -> [SnapshotListing] {
        let output = try restic.run(["snapshots", "--json", "--tag", Self.tag])
        return try ResticJSON.snapshots(output.stdout).sorted { $0.time < $1.time }
    }

    /// The live vault's id, read without writing anything. A vault that cannot be read (damaged,
    /// a read-only disk, a restore that did not complete) is what one restores from: it counts as
    /// none, and `unreadable` says why.
    func liveVault() -> (id: String?, unreadable: String?) {
        do { return (try AppDatabase.readVaultID(vault), nil) } catch {
            return (nil, "the vault at \(vault.directory) could not be read (\(ErrorText.sentence(for: error)))")
        }
    }

    // MARK: restore

    /// Restores a snapshot (the latest of this vault when nil) into `into`, a new or empty
    /// directory: staged in a hidden sibling and renamed into place only once every object
    /// re-hashes and the records match the manifest's digest. It never needs the live vault
    /// (`liveVault`).
    /// `otherVault`: a snapshot of another vault than the live one (or than its tag names) is
    /// restored, and said to be, instead of refused (`SnapshotOwner`).
    public func restore(snapshot: String?, into target: String, otherVault: Bool = false) throws -> RestoreSummary {
        let target = try RestoreStaging.target(target)
        let (live, unreadable) = liveVault()
        let chosen = try choose(snapshot, live: live, unreadable: unreadable)
        let owner = SnapshotOwner(repository: displayRepository, live: live, otherVault: otherVault)
        // Its tag already says it is another vault's: refused before anything is downloaded.
        if let tagged = chosen.vaultID { _ = try owner.check(holds: tagged, snapshot: chosen, byTag: true) }
        let staging = RestoreStaging.newPath(besides: target)
        defer { try? Self.removeTree(staging) }
        let claim = try RestoreStaging.create(at: staging)
        let restored = try restoreVerified(chosen, into: staging)
        let other = try owner.check(holds: restored.manifest.vaultID, snapshot: chosen)
        try RestoreStaging.complete(staging)
        try withExtendedLifetime(claim) { try RestoreStaging.moveIntoPlace(staging, target: target) }
        return RestoreSummary(snapshotID: chosen.id, directory: target, objectCount: restored.objectCount, bytes: restored.bytes,
                              counts: restored.manifest.counts, unreadableText: restored.unreadableText, otherVault: other,
                              liveVaultUnreadable: unreadable)
    }

    /// Restores `snapshot` into `staging` (a new folder `RestoreStaging.create` made, marked
    /// incomplete until the caller completes it) and checks it (`RestoredVault.verify`).
    func restoreVerified(_ snapshot: SnapshotListing, into staging: String) throws -> RestoredVault {
        try restic.run(["restore", snapshot.id, "--target", staging])
        return try RestoredVault.verify(staging, snapshot: snapshot.shortID)
    }

    /// The named snapshot (any HomeCrew one), else the latest of this vault, else the latest
    /// of the only vault the repository holds.
    func choose(_ id: String?, live: String?, unreadable: String? = nil) throws -> SnapshotListing {
        let all = try allSnapshots()
        if let id {
            let matching = id.count >= 4 ? all.filter { $0.id.hasPrefix(id.lowercased()) } : []
            guard let found = matching.first else { throw BackupError.unknownSnapshot(id) }
            guard matching.count == 1 else { throw BackupError.ambiguousSnapshot(id) }
            return found
        }
        if let live, let latest = latestOwn(all.filter { $0.vaultID == live }, live: live) { return latest }
        guard let latest = all.last else { throw BackupError.noSnapshots(repository: displayRepository) }
        guard Set(all.map { $0.vaultID ?? "" }).count == 1 else { throw BackupError.severalVaults(repository: displayRepository, liveVault: unreadable) }
        return latest
    }

    /// The latest of `tagged` (the snapshots tagged as `live`'s) whose manifest names `live` too:
    /// a tag can be set to anything (`restic tag --set`), so one retagged snapshot must not stand
    /// in the way of this vault's own. The newest when none agrees (its restore then says whose it is).
    private func latestOwn(_ tagged: [SnapshotListing], live: String) -> SnapshotListing? {
        for snapshot in tagged.reversed().prefix(20) {
            let manifest = try? restic.run(["dump", snapshot.id, "/\(Self.stagingName)/\(Self.manifestName)"]).stdout
            if let manifest, (try? JSONDecoder().decode(BackupManifest.self, from: manifest))?.vaultID == live { return snapshot }
        }
        return tagged.last
    }

    // MARK: drill

    /// The restore drill: restores the latest snapshot into a temporary directory inside the
    /// vault, verifies it, compares it with the live vault, deletes it. Records the run.
    public func drill() throws -> DrillSummary {
        try recording(.drill, snapshot: \.snapshotID) { try performDrill() }
    }

    private func performDrill() throws -> DrillSummary {
        let database = try openVault()
        let exclusive = try BackupLock(vault: vault)
        defer { withExtendedLifetime(exclusive) {} }
        let vaultID = try database.backupVaultID()
        guard let chosen = try allSnapshots().last(where: { $0.vaultID == vaultID }) else {
            throw BackupError.noSnapshots(repository: displayRepository)
        }
        let staging = vault.directory + "/" + Self.drillName
        try Self.removeTree(staging)
        defer { try? Self.removeTree(staging) }
        let claim = try RestoreStaging.create(at: staging)
        defer { withExtendedLifetime(claim) {} }
        let restored: RestoredVault
        do {
            restored = try restoreVerified(chosen, into: staging)
            // A restore keeps the records without such text; a drill that finds it has failed.
            if let file = restored.unreadableText.first { throw BackupError.restoredDoesNotVerify("the text file \(file) is damaged in the backup") }
        } catch {
            // A snapshot that took a damaged text file from the vault fails every restore: the next
            // backup must write that file again, not skip it as unchanged.
            let removed = TextMirror(directory: vault.directory + "/" + Self.textName).removeDamaged()
            guard !removed.isEmpty else { throw error }
            let problem = if case BackupError.restoredDoesNotVerify(let problem) = error { problem } else { ErrorText.sentence(for: error) }
            throw BackupError.damagedTextRemoved(problem, files: removed)
        }
        try SnapshotOwner.checkDrill(holds: restored.manifest.vaultID, snapshot: chosen, live: vaultID)
        let live = ObjectStore(vaultDirectory: vault.directory)
        let liveDigest = try database.backupRecordDigest(RecordDigest(manifestVersion: restored.manifest.homecrewBackup))
        return DrillSummary(repository: displayRepository, snapshotID: chosen.id, snapshotTime: chosen.time,
                            objectCount: restored.objectCount, bytes: restored.bytes,
                            objectsInLiveVault: restored.objects.filter { live.contains($0) }.count,
                            liveVaultUnchanged: liveDigest == restored.manifest.recordDigest,
                            counts: restored.manifest.counts, liveCounts: try database.backupCounts())
    }

    /// `vault verify`: the vault's text files for backups re-read, the damaged ones removed (see
    /// `TextMirror.removeDamaged`); nil, and nothing read, while a backup or drill is running.
    public static func removeDamagedText(vaultDirectory: String) -> [String]? {
        let mirror = TextMirror(directory: vaultDirectory + "/" + textName)
        guard FileManager.default.fileExists(atPath: mirror.directory) else { return [] }
        guard let exclusive = try? BackupLock(vault: VaultLocation(directory: vaultDirectory)) else { return nil }
        return withExtendedLifetime(exclusive) { mirror.removeDamaged() }
    }

    // MARK: helpers

    private func openVault() throws -> AppDatabase {
        guard vault.databaseExists else { throw BackupError.noVault(vault.directory) }
        return try AppDatabase.open(vault, create: false)
    }

    /// Runs `work` and records its outcome as a run of `kind` (when the vault exists).
    private func recording<T>(_ kind: BackupRun.Kind, snapshot: KeyPath<T, String>, _ work: () throws -> T) throws -> T {
        let started = Date()
        do {
            let result = try work()
            record(BackupRun(kind: kind, repository: displayRepository, startedAt: started, finishedAt: Date(),
                             succeeded: true, snapshotID: result[keyPath: snapshot]))
            return result
        } catch {
            record(BackupRun(kind: kind, repository: displayRepository, startedAt: started, finishedAt: Date(),
                             succeeded: false, message: ErrorText.sentence(for: error).oneLine))
            throw error
        }
    }

    private func record(_ run: BackupRun) {
        guard vault.databaseExists, let database = try? AppDatabase.open(vault, create: false) else { return }
        do { try database.recordBackupRun(run) } catch {
            // The database refused the run (a repository or message it will not keep): a failure
            // recorded without them still shows, where dropping it would leave the last pass showing.
            var plain = run
            plain.repository = "(a repository HomeCrew does not show)"
            plain.message = run.succeeded ? nil : "the run's message could not be kept"
            try? database.recordBackupRun(plain)
        }
    }

    /// Never through a link (`SafeFile.removeTree`): a link planted there is removed as a link.
    static func removeTree(_ path: String) throws {
        try SafeFile.removeTree(path)
    }

    static func writeFailure(_ path: String) -> any Error {
        VaultError.posix(path, writing: true)
    }
}

extension String {
    /// The first line, at most 500 characters: what a run record keeps of an error.
    var oneLine: String {
        let first = split(whereSeparator: \.isNewline).first.map(String.init) ?? self
        return first.count > 500 ? String(first.prefix(500)) + "…" : first
    }
}
