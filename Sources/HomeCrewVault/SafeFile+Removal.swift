import Foundation

extension SafeFile {
    /// Removes `path` and everything under it without following a symbolic link: a link is
    /// removed as a link. Each folder is opened with O_NOFOLLOW and emptied through its
    /// descriptor, and made writable (objects' folders may be read-only) through that descriptor,
    /// never through a path another user could have pointed elsewhere.
    public static func removeTree(_ path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        let folder = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            if errno == ENOENT { return }
            throw VaultError.posix(parent, writing: true)
        }
        defer { close(folder) }
        try removeEntry(Array((path as NSString).lastPathComponent.utf8CString), in: folder, path: path)
    }

    /// `name`: the entry's bytes as the folder holds them (not necessarily UTF-8), NUL-terminated.
    private static func removeEntry(_ name: [CChar], in folder: Int32, path: String) throws {
        // Anything but a folder (a file, a link, a socket) goes at once; Linux says EISDIR for a folder.
        if unlinkat(folder, name, 0) == 0 || errno == ENOENT { return }
        guard errno == EISDIR || errno == EPERM else { throw VaultError.posix(path, writing: true) }
        var descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0, errno == EACCES, fchmodat(folder, name, 0o700, AT_SYMLINK_NOFOLLOW) == 0 {
            descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw VaultError.posix(path, writing: true) }
        do {
            defer { close(descriptor) }
            guard fchmod(descriptor, 0o700) == 0 else { throw VaultError.posix(path, writing: true) }
            for entry in try names(in: descriptor, path: path) {
                try removeEntry(entry, in: descriptor, path: path + "/" + String(decoding: entry.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        guard unlinkat(folder, name, AT_REMOVEDIR) == 0 || errno == ENOENT else { throw VaultError.posix(path, writing: true) }
    }

    /// The names in an open folder (read from a copy of its descriptor, which `closedir` closes).
    private static func names(in folder: Int32, path: String) throws -> [[CChar]] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw VaultError.posix(path, writing: false)
        }
        defer { closedir(stream) }
        var names: [[CChar]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }) + [0] }
            if name != [46, 0], name != [46, 46, 0] { names.append(name) }
        }
        return names
    }
}
