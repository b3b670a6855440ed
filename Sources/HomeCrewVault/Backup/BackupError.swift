import Foundation
import HomeCrewCore

/// Every way a backup or a restore fails, for tar archives (`vault backup --out`) and restic
/// repositories (`vault backup --restic`) alike: one line each, and the exit code of its
/// category (the README's table). A repository is always named in its display form.
public enum BackupError: HomeCrewError, Equatable {
    case malformed(String)
    case hashMismatch(String)
    case damagedObject(String)
    case targetNotEmpty(String)
    case targetNotADirectory(String)
    case targetParentMissing(String)
    case targetIsStagingName(String)
    case outputExists(String)
    // restic
    case resticMissing
    case noPassword
    case passwordFileUnreadable(String)
    case repositoryFileUnreadable(String, namedBy: String = "RESTIC_REPOSITORY_FILE")
    case wrongPassword(repository: String)
    case unreachable(repository: String, reason: String)
    case diskFull(String)
    case resticKilled(signal: Int32)
    case resticFailed(String)
    case repositoryLocked(repository: String)
    case anotherBackupRunning
    case noSnapshots(repository: String)
    case unknownSnapshot(String)
    /// `liveVault`: why the vault given (`--vault`) could not be read, when that is why none was chosen.
    case severalVaults(repository: String, liveVault: String? = nil)
    case badRetention(String)
    case notAVaultSnapshot(String)
    case restoredDoesNotVerify(String)
    case damagedTextRemoved(String, files: [String])
    case noVault(String)
    case repositoryMissing(String)
    case ambiguousSnapshot(String)
    case notAPlainFile(String)
    case damagedRepository(repository: String, reason: String)
    case notARepository(repository: String)
    case credentialsRefused(repository: String)
    case notMadeWithoutLooking(repository: String)
    case locationNotEmpty(repository: String, names: [String])
    case initialisationFailed(repository: String, reason: String, left: [String]?)

    public var category: ErrorCategory {
        switch self {
        case .targetNotEmpty, .targetNotADirectory, .targetParentMissing, .targetIsStagingName, .outputExists, .locationNotEmpty: return .cannotCreate
        case .resticMissing, .unreachable, .repositoryMissing: return .unavailable
        case .wrongPassword, .credentialsRefused: return .denied
        case .noPassword, .badRetention, .severalVaults, .ambiguousSnapshot: return .usage
        case .passwordFileUnreadable, .repositoryFileUnreadable, .noSnapshots, .unknownSnapshot, .noVault, .notARepository, .notMadeWithoutLooking:
            return .notFound
        case .diskFull, .resticKilled, .resticFailed, .initialisationFailed: return .io
        case .repositoryLocked, .anotherBackupRunning: return .busy
        case .malformed, .hashMismatch, .damagedObject, .notAVaultSnapshot, .restoredDoesNotVerify, .notAPlainFile, .damagedTextRemoved, .damagedRepository:
            return .invalidData
        }
    }

    public var description: String {
        switch self {
        case .malformed(let reason): return "not a usable HomeCrew backup: \(reason)"
        case .hashMismatch(let name): return "the backup is damaged: \(name) does not match its SHA-256 in the manifest"
        case .damagedObject(let hash): return "object \(hash) does not match its name; run: homecrew vault verify"
        case .outputExists(let path): return "\(path) already exists; a backup never replaces a file, so choose a new name"
        case .targetNotEmpty(let path): return "\(path) is not empty; restore into a new or empty directory"
        case .targetNotADirectory(let path): return "\(path) is a file or a link, not a directory; restore into a new or empty directory"
        case .targetParentMissing(let path): return "the folder \(path) does not exist; make it first, or restore somewhere else"
        case .targetIsStagingName(let path):
            return "\(path) is named like a restore's hidden folder (.homecrew-restore-…), which is never opened as a vault "
                + "and is removed once abandoned; restore into another name"
        case .resticMissing:
            return "restic is not installed; install Debian's package restic (sudo apt install restic)"
        case .noPassword:
            return "no password for the restic repository: set RESTIC_PASSWORD_FILE, RESTIC_PASSWORD or RESTIC_PASSWORD_COMMAND, or pass --password-file"
        case .passwordFileUnreadable(let path): return "the password file \(path) cannot be read"
        case .repositoryFileUnreadable(let path, let option): return "\(option): \(path) cannot be read, or names no repository"
        case .wrongPassword(let repository): return "wrong password for the restic repository \(repository)"
        case .unreachable(let repository, let reason): return "the restic repository \(repository) cannot be reached: \(reason)"
        case .diskFull(let place): return "no space left on the disk (\(place)); nothing was changed, free some space and run it again"
        case .resticKilled(let signal):
            return "restic was stopped by signal \(signal) before it finished; the vault is unchanged, run it again"
        case .resticFailed(let reason): return "restic failed: \(reason)"
        case .repositoryLocked(let repository):
            return "the restic repository \(repository) is locked by another restic that is still running; try again later"
        case .anotherBackupRunning: return "another backup of this vault is running; try again when it has finished"
        case .noSnapshots(let repository): return "the restic repository \(repository) holds no snapshot of this vault"
        case .unknownSnapshot(let id): return "no HomeCrew snapshot \(id) in the repository"
        case let .severalVaults(repository, liveVault):
            return "the restic repository \(repository) holds snapshots of several vaults\(liveVault.map { ", and \($0)" } ?? ""); "
                + "name one with --snapshot (see: homecrew vault backups)"
        case .badRetention(let reason): return "--keep: \(reason) (example: --keep daily=7,weekly=4,monthly=12)"
        case .notAVaultSnapshot(let id): return "snapshot \(id) is not a HomeCrew vault (it has no homecrew-backup.json)"
        case .restoredDoesNotVerify(let problem): return "the restored vault does not verify (\(problem)); nothing was restored"
        case .damagedTextRemoved(let problem, let files):
            return "the latest snapshot does not restore (\(problem)): the vault's own text file(s) for backups "
                + "\(files.map { "backup-text/" + $0 }.joined(separator: ", ")) were damaged on this disk and are removed; "
                + "the database holds their text, and the next backup writes them again"
        case .noVault(let path): return "no vault at \(path)"
        case .repositoryMissing(let repository):
            return "the restic repository \(repository) is not there, though this vault was backed up into it before (is its disk mounted?); nothing was backed up"
        case .ambiguousSnapshot(let id): return "more than one snapshot starts with \(id); give more of its id (see: homecrew vault backups)"
        case .notAPlainFile(let path): return "\(path) is a link or a special file, not a plain file; a vault holds only plain files and folders"
        case .damagedRepository(let repository, let reason):
            return "the restic repository \(repository) is damaged: \(reason); nothing was changed (restic check tells more)"
        case .credentialsRefused(let repository):
            return "the storage of the restic repository \(repository) refused the credentials given for it "
                + "(the user and password in its address, or the cloud's keys); nothing was changed"
        case .notARepository(let repository):
            return "there is no restic repository at \(repository): nothing is there, or not a repository"
        case .notMadeWithoutLooking(let repository):
            return "there is no restic repository at \(repository) yet, and HomeCrew cannot see what else is there; "
                + "to make one there, run once: homecrew vault backup --restic REPOSITORY --init"
        case .locationNotEmpty(let repository, let names) where names.isEmpty:
            return "\(repository) is a file, not a folder; nothing was backed up"
        case .locationNotEmpty(let repository, let names):
            return "\(repository) is not a restic repository and holds other files (\(names.joined(separator: ", "))); no repository is made "
                + "beside them: choose an empty or new folder, or give --init to make one there anyway"
        case .initialisationFailed(let repository, let reason, let left):
            let what = left.map { $0.isEmpty ? "it left nothing there" : "it left \($0.joined(separator: ", ")) there, which the next backup removes to make it again" }
                ?? "part of a repository may be left there"
            return "making the restic repository \(repository) failed midway (\(reason)); \(what)"
        }
    }
}
