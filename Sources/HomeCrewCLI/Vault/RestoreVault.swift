import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault

struct RestoreVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup into a new vault directory, checking every object and the database first.",
        discussion: "Either an archive written by `vault backup --out`, or a snapshot of a restic repository (--restic; the latest of this vault unless --snapshot names one).")

    @Argument(help: "The archive written by `homecrew vault backup --out`.") var archive: String?
    @Option(help: ArgumentHelp("The new vault directory; it must not exist or be empty.", valueName: "dir")) var into: String
    @Option(help: ArgumentHelp("Restore from this restic repository (else RESTIC_REPOSITORY or RESTIC_REPOSITORY_FILE, when no archive is given).", valueName: "repo")) var restic: String?
    @Option(help: ArgumentHelp("The snapshot to restore (see: homecrew vault backups); the latest when omitted.", valueName: "id")) var snapshot: String?
    @Option(help: ArgumentHelp("A file holding the repository's password.", valueName: "file")) var passwordFile: String?
    @Flag(help: "Restore a snapshot that is another vault's than this one (--vault), or than its tag names; it says whose.")
    var otherVault = false
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        guard !into.isEmpty else { throw ValidationError("--into: give the new vault directory (it is empty)") }
        guard archive == nil || restic == nil else { throw ValidationError("give either an archive or --restic REPO") }
        guard archive != nil || restic != nil || RepositoryName.isNamedByEnvironment() else {
            throw ValidationError("give either an archive or --restic REPO (or set RESTIC_REPOSITORY)")
        }
        if archive != nil, snapshot != nil || passwordFile != nil || otherVault {
            throw ValidationError("--snapshot, --password-file and --other-vault go with --restic")
        }
    }

    func run() throws {
        if archive == nil, let restic = try restic ?? RepositoryName.fromEnvironment() {
            let backups = ResticBackups(vault: vault.location, repository: restic, passwordFile: passwordFile)
            let summary = try backups.restore(snapshot: snapshot, into: into, otherVault: otherVault)
            if let unreadable = summary.liveVaultUnreadable {
                FileHandle.standardError.write(Data("note: \(Terminal.sanitize(unreadable)), so whose the snapshot is was not compared with it\n".utf8))
            }
            print("Restored snapshot \(summary.snapshotID.prefix(8)) (the database and \(summary.objectCount) object(s), \(summary.bytes) bytes) "
                  + "into \(Terminal.sanitize(summary.directory)); every SHA-256 and the record digest checked.")
            if let owner = summary.otherVault { print("It is another vault's: \(Terminal.sanitize(owner)).") }
            if !summary.unreadableText.isEmpty {
                FileHandle.standardError.write(Data(("warning: \(summary.unreadableText.count) text file(s) of the snapshot were missing or damaged "
                    + "(\(summary.unreadableText.map { "backup-text/" + $0 }.joined(separator: ", "))): every record and document is restored, "
                    + "and the documents whose text they held are marked partial; homecrew doc reprocess ID reads each again\n").utf8))
            }
            return
        }
        guard let archive else { return }
        let target = try RestoreStaging.target(into)
        let staging = RestoreStaging.newPath(besides: target)
        defer { try? SafeFile.removeTree(staging) }
        let claim = try RestoreStaging.create(at: staging)
        let summary = try BackupArchive.unpack(archive, into: staging)
        // The database must open (and be brought up to this HomeCrew's format) and verify.
        let database = try AppDatabase.open(VaultLocation(directory: staging), create: false, restoring: true)
        let report = try VaultMaintenance(database: database, objects: ObjectStore(vaultDirectory: staging)).verify()
        guard report.problems.isEmpty else { throw VaultCommandError.restoreFailed(report.problems[0]) }
        try RestoreStaging.complete(staging)
        try withExtendedLifetime(claim) { try RestoreStaging.moveIntoPlace(staging, target: target) }
        print("Restored the database and \(summary.objectCount) object(s) into \(Terminal.sanitize(target)); every SHA-256 checked.")
    }
}

enum VaultCommandError: HomeCrewError {
    case restoreFailed(String)

    var category: ErrorCategory { .invalidData }

    var description: String {
        switch self {
        case .restoreFailed(let problem): return "the restored vault does not verify (\(problem)); nothing was restored"
        }
    }
}
