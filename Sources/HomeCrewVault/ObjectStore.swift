import Foundation
import HomeCrewCore

/// The vault's content-addressed files: each object is named by the SHA-256 of its bytes,
/// under `objects/sha256/ab/abcdef…`, written once and never changed (mode 0400).
///
/// A write goes to `tmp/` first, is fsynced, renamed into place, and its directory fsynced,
/// so a crash leaves either the whole object or a temporary file — never a half object
/// under a real name. Objects are durable before any database row points at them.
public struct ObjectStore: Sendable {
    public let root: String

    public init(vaultDirectory: String) {
        self.root = vaultDirectory
    }

    public var objectsDirectory: String { root + "/objects/sha256" }
    public var temporaryDirectory: String { root + "/tmp" }

    public func path(for hash: String) -> String {
        "\(objectsDirectory)/\(hash.prefix(2))/\(hash)"
    }

    public func contains(_ hash: String) -> Bool {
        access(path(for: hash), F_OK) == 0
    }

    public struct Stored: Sendable {
        public let hash: String
        public let size: Int64
        /// False when the same bytes were already in the vault.
        public let isNew: Bool
    }

    /// Copies a file into the store with bounded memory (1 MiB at a time).
    public func store(fileAt source: String) throws -> Stored {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw VaultError.posix(source, writing: false) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw VaultError.posix(source, writing: false) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw VaultError.notARegularFile(source) }
        return try write { output, hasher in
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var total: Int64 = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
                if count < 0 { if errno == EINTR { continue }; throw VaultError.posix(source, writing: false) }
                if count == 0 { return total }
                try buffer.withUnsafeBytes { bytes in
                    let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                    hasher.update(chunk)
                    try Self.writeAll(output, chunk, path: temporaryDirectory)
                }
                total += Int64(count)
            }
        }
    }

    /// Moves a file that is already in this vault's `tmp/` (an upload, written there as it
    /// arrived) into the store: hashed in one read, fsynced, made read-only and renamed into
    /// place, instead of copied. Any other path is copied as `store(fileAt:)` does.
    public func adopt(fileAt source: String) throws -> Stored {
        guard source.hasPrefix(temporaryDirectory + "/") else { return try store(fileAt: source) }
        let hash = try Self.hash(fileAt: source)
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw VaultError.posix(source, writing: false) }
        var info = stat()
        let ready = fstat(descriptor, &info) == 0 && fsync(descriptor) == 0 && fchmod(descriptor, 0o400) == 0
        close(descriptor)
        guard ready else { throw VaultError.posix(source, writing: true) }
        let destination = path(for: hash)
        if access(destination, F_OK) == 0 {
            unlink(source)
            return Stored(hash: hash, size: Int64(info.st_size), isNew: false)
        }
        let fanOut = (destination as NSString).deletingLastPathComponent
        try makeDirectory(fanOut)
        guard rename(source, destination) == 0 else { throw VaultError.posix(destination, writing: true) }
        try Self.syncDirectory(fanOut)
        return Stored(hash: hash, size: Int64(info.st_size), isNew: true)
    }

    /// Stores bytes already in memory (thumbnails, rendered payslips).
    public func store(bytes: [UInt8]) throws -> Stored {
        try write { output, hasher in
            try bytes.withUnsafeBytes { chunk in
                hasher.update(chunk)
                try Self.writeAll(output, chunk, path: temporaryDirectory)
            }
            return Int64(bytes.count)
        }
    }

    /// Hashes a file without storing it.
    public static func hash(fileAt path: String) throws -> String {
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw VaultError.posix(path, writing: false) }
        defer { close(input) }
        let hasher = SHA256Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; throw VaultError.posix(path, writing: false) }
            if count == 0 { return hasher.finalize() }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    // MARK: - Writing

    private func write(_ fill: (Int32, SHA256Hasher) throws -> Int64) throws -> Stored {
        try makeDirectory(temporaryDirectory)
        let temporary = "\(temporaryDirectory)/\(getpid())-\(UInt64.random(in: 0...UInt64.max)).part"
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw VaultError.posix(temporary, writing: true) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let hasher = SHA256Hasher()
        let size: Int64
        do {
            size = try fill(output, hasher)
            guard fsync(output) == 0, fchmod(output, 0o400) == 0 else { throw VaultError.posix(temporary, writing: true) }
        } catch {
            close(output)
            throw error
        }
        close(output)

        let hash = hasher.finalize()
        let destination = path(for: hash)
        if access(destination, F_OK) == 0 { return Stored(hash: hash, size: size, isNew: false) }
        let fanOut = (destination as NSString).deletingLastPathComponent
        try makeDirectory(fanOut)
        guard rename(temporary, destination) == 0 else { throw VaultError.posix(destination, writing: true) }
        renamed = true
        try Self.syncDirectory(fanOut)
        return Stored(hash: hash, size: size, isNew: true)
    }

    /// Writes every byte, going on after a short write or an interrupted call.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 { if errno == EINTR { continue }; throw VaultError.posix(path, writing: true) }
            offset += written
        }
    }

    /// Creates a directory (0700) and its missing parents, syncing each parent so the new
    /// entry survives a crash.
    func makeDirectory(_ path: String) throws {
        if access(path, F_OK) == 0 { return }
        let parent = (path as NSString).deletingLastPathComponent
        try makeDirectory(parent)
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw VaultError.posix(path, writing: true) }
        try Self.syncDirectory(parent)
    }

    public static func syncDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw VaultError.posix(path, writing: true) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw VaultError.posix(path, writing: true) }
    }

    // MARK: - Reading and upkeep

    public func read(_ hash: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path(for: hash)) else {
            throw VaultError.missingObject(hash)
        }
        return [UInt8](data)
    }

    /// Whether a file's name is an object's: 64 lowercase hexadecimal digits. Only such a name is
    /// ever turned into a path (`path(for:)`), so a stray name cannot lead out through its folder.
    public static func isObjectName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Every object file's hash, as named on disk.
    public func allHashes() -> [String] {
        let manager = FileManager.default
        let fanOuts = (try? manager.contentsOfDirectory(atPath: objectsDirectory)) ?? []
        return fanOuts.sorted().flatMap { fanOut in
            ((try? manager.contentsOfDirectory(atPath: "\(objectsDirectory)/\(fanOut)")) ?? []).sorted()
        }
    }

    /// Temporary files left by a process that is gone (a crash or a kill mid-write).
    /// `startingUp`: this process has written nothing yet (a server starting), so a name with its
    /// own pid was left by an earlier process that had the same pid (a container's restart).
    public func staleTemporaryFiles(startingUp: Bool = false) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory)) ?? []
        return names.filter { name in
            guard let pid = Int32(name.split(separator: "-").first ?? "") else { return true }
            if pid == getpid() { return startingUp }
            return kill(pid, 0) != 0 && errno == ESRCH
        }.map { "\(temporaryDirectory)/\($0)" }
    }

    @discardableResult
    public func removeStaleTemporaryFiles(startingUp: Bool = false) -> Int {
        let stale = staleTemporaryFiles(startingUp: startingUp)
        // A folder (an upload the server was receiving) goes with everything in it.
        for path in stale where unlink(path) != 0 { try? FileManager.default.removeItem(atPath: path) }
        return stale.count
    }

    /// Deletes an object file. Only garbage collection calls this.
    public func delete(_ hash: String) throws {
        let target = path(for: hash)
        if unlink(target) != 0 && errno != ENOENT { throw VaultError.posix(target, writing: true) }
        // Leave no empty fan-out directory behind; one still in use stays (ENOTEMPTY).
        rmdir((target as NSString).deletingLastPathComponent)
    }

    /// Seconds since the object was written.
    public func age(of hash: String, now: Date = Date()) -> TimeInterval? {
        var info = stat()
        guard stat(path(for: hash), &info) == 0 else { return nil }
        return now.timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec)
    }
}

extension ObjectStore {
    public static func hash(_ bytes: [UInt8]) -> String { SHA256Hasher.hash(bytes) }
}
