import Foundation

/// Where a restore may go: a new path, or an empty directory (never a link, a file, or a folder
/// that holds something). Both restores, from an archive and from restic, ask it first.
public enum RestoreTarget {
    public static func requireEmpty(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR,
              (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true
        else { throw BackupError.targetNotEmpty(path) }
    }
}
