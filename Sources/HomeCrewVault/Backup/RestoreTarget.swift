import Foundation

/// Where a restore may go: a new path, or an empty directory (never a link, a file, or a folder
/// that holds something). Both restores, from an archive and from restic, ask it first.
public enum RestoreTarget {
    public static func requireEmpty(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return try requireParent(of: path) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw BackupError.targetNotADirectory(path) }
        guard (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true else { throw BackupError.targetNotEmpty(path) }
    }

    /// A new directory is made beside its siblings (staged there first): its folder must exist.
    private static func requireParent(of path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        var info = stat()
        guard parent.isEmpty || (stat(parent, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) else {
            throw BackupError.targetParentMissing(parent)
        }
    }
}
