import Foundation
import HomeCrewCore

/// Writes a file for the user (exports, thumbnails) without surprises: it never replaces an
/// existing file unless asked, never writes through a symbolic link, and replaces atomically
/// (a temporary file in the same directory, renamed over the target).
public enum SafeFile {
    public enum Failure: HomeCrewError {
        case exists(String)
        case symbolicLink(String)

        public var category: ErrorCategory { .cannotCreate }

        public var description: String {
            switch self {
            case .exists(let path): return "\(path) already exists; pass --force to replace it"
            case .symbolicLink(let path): return "\(path) is a symbolic link; HomeCrew does not write through links"
            }
        }
    }

    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK { throw Failure.symbolicLink(path) }
            if !overwrite { throw Failure.exists(path) }
        }
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let temporary = "\(directory)/.homecrew-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).part"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw VaultError.posix(path, writing: true) }
        var done = false
        defer { if !done { unlink(temporary) } }
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; return false }
                offset += written
            }
            return fsync(descriptor) == 0
        }
        close(descriptor)
        guard ok else { throw VaultError.posix(path, writing: true) }
        // With no --force, link() refuses an existing target atomically (a race with another writer).
        if overwrite {
            guard rename(temporary, path) == 0 else { throw VaultError.posix(path, writing: true) }
        } else {
            guard link(temporary, path) == 0 else {
                if errno == EEXIST { throw Failure.exists(path) }
                throw VaultError.posix(path, writing: true)
            }
            unlink(temporary)
        }
        done = true
    }
}
