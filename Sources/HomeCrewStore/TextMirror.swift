import CZstd
import Foundation
import HomeCrewCore

/// The text of every object's pages in the vault's `backup-text/` (Vault/FORMAT.md): what a restic
/// snapshot holds instead of that text inside its database copy. The objects are shared out among
/// 256 files by the first two digits of their SHA-256, and a file is named by the objects and text
/// generations it holds: it never changes once written, so restic skips it from the next backup on
/// by its metadata, and a new document rewrites one file of the 256, where a copy of the whole
/// database would be read again each time. (One file per object made ext4 spend most of a first
/// backup finding free inodes.)
///
/// `backup-text/XX-<16 hex digits>`: a first line `homecrew-text 3 <SHA-256 of the body> <body's
/// byte count>`, then the body compressed as one Zstandard frame. The body: per object `<sha256>
/// <generation> <pages>` and a newline, then per page `<number> <source> <UTF-8 byte count>`, a
/// newline, the text and a newline. (`homecrew-text 2 <SHA-256>` files, whose body follows
/// uncompressed, were written before 2026-11-26 and are still read.) Compressed, text is a third
/// of its size or less: restic reads, hashes and encrypts that much less (its 0.14 compresses
/// nothing), and the repository keeps that much less.
public struct TextMirror: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public struct Entry: Sendable, Hashable {
        public var object: String
        public var generation: Int64
        var bucket: String { String(object.prefix(2)) }
    }

    public struct Page: Sendable, Equatable {
        public var number: Int
        public var source: String
        public var text: String
    }

    public struct Summary: Sendable {
        public var files = 0
        public var written = 0
        public var bytes: Int64 = 0
        /// SHA-256 of the sorted names of the files: which text a snapshot must hold.
        public var digest = ""
    }

    static let uncompressedMagic = "homecrew-text 2"
    static let magic = "homecrew-text 3"
    /// Zstandard's fastest level: compressing keeps pace with reading the pages from the database.
    static let compressionLevel: Int32 = 1
    /// No bucket's body is near this; a header claiming more is damaged, not a reason to allocate it.
    static let largestBody = 1 << 32

    /// The file each bucket of `entries` must be in, by name.
    static func names(of entries: [Entry]) -> [String: [Entry]] {
        let buckets = Dictionary(grouping: entries, by: \.bucket)
        return Dictionary(uniqueKeysWithValues: buckets.map { bucket, members in
            let sorted = members.sorted { $0.object < $1.object }
            let list = sorted.map { "\($0.object)-\($0.generation)" }.joined(separator: "\n")
            return ("\(bucket)-\(Secret.sha256(list).prefix(16))", sorted)
        })
    }

    /// The digest of the names `entries` give, as `bringUpToDate` sums it up.
    public static func digest(of entries: [Entry]) -> String {
        Secret.sha256(names(of: entries).keys.sorted().joined(separator: "\n"))
    }

    /// Writes the files `entries` need that are missing, removes every other file, and sums up
    /// what is there. New files are written under temporary names, synced to disk, and only
    /// then renamed (and synced again): a file under its final name is whole after a power cut.
    func bringUpToDate(_ entries: [Entry], pages: (String) throws -> [Page]) throws -> Summary {
        try makeFolder(directory)
        let present = Set(files())
        let wanted = Self.names(of: entries)
        var summary = Summary(files: wanted.count)
        var written: [(temporary: String, name: String)] = []
        let writer = BackgroundWriter(mirror: self)
        defer {
            try? writer.finish() // before removing what it may still be writing
            for file in written { unlink(file.temporary) }
        }
        for (name, members) in wanted where !present.contains(name) {
            let content = try members.map { ($0, try pages($0.object)) }
            writer.write(content, as: name)
            written.append((temporaryPath(for: name), name))
        }
        try writer.finish()
        if !written.isEmpty {
            try syncToDisk()
            for file in written {
                guard rename(file.temporary, directory + "/" + file.name) == 0 else {
                    throw StoreError.database("\(directory)/\(file.name) cannot be written: \(String(cString: strerror(errno)))")
                }
            }
            try syncToDisk()
            summary.written = written.count
            written = []
        }
        for stale in present.subtracting(wanted.keys) { unlink(directory + "/" + stale) }
        summary.bytes = wanted.keys.reduce(0) { $0 + Self.size(directory + "/" + $1) }
        summary.digest = Secret.sha256(wanted.keys.sorted().joined(separator: "\n"))
        return summary
    }

    /// The pages of each of `entries`, read from their files, and the files that are missing, whose
    /// text does not match its SHA-256, or that hold other objects or generations, with the entries
    /// they were to hold: a restore keeps every record and file without their text.
    public func pages(of entries: [Entry]) -> (pages: [(Entry, [Page])], unreadable: [(file: String, entries: [Entry])]) {
        var all: [(Entry, [Page])] = [], unreadable: [(file: String, entries: [Entry])] = []
        for (name, members) in Self.names(of: entries).sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name),
                  let content = Self.decode([UInt8](data)), content.map({ $0.0 }) == members else {
                unreadable.append((name, members))
                continue
            }
            all += content
        }
        return (all, unreadable)
    }

    // MARK: - The file format

    static func encode(_ content: [(Entry, [Page])], compressed: Bool = true) -> [UInt8] {
        var body: [UInt8] = []
        for (entry, pages) in content {
            body += Array("\(entry.object) \(entry.generation) \(pages.count)\n".utf8)
            for page in pages {
                let text = Array(page.text.utf8)
                body += Array("\(page.number) \(page.source) \(text.count)\n".utf8)
                body += text
                body.append(10)
            }
        }
        guard compressed else { return Array("\(uncompressedMagic) \(Secret.sha256(bytes: body))\n".utf8) + body }
        return Array("\(magic) \(Secret.sha256(bytes: body)) \(body.count)\n".utf8) + compress(body)
    }

    static func decode(_ bytes: [UInt8]) -> [(Entry, [Page])]? {
        guard let firstNewline = bytes.firstIndex(of: 10) else { return nil }
        let header = String(decoding: bytes[..<firstNewline], as: UTF8.self).split(separator: " ").map(String.init)
        let rest = bytes[(firstNewline + 1)...]
        let body: [UInt8]
        switch header.count {
        case 3 where header[0...1].joined(separator: " ") == uncompressedMagic:
            body = Array(rest)
        case 4 where header[0...1].joined(separator: " ") == magic:
            guard let length = Int(header[3]), (0...largestBody).contains(length), let inflated = decompress(rest, length: length) else { return nil }
            body = inflated
        default:
            return nil
        }
        guard header[2] == Secret.sha256(bytes: body) else { return nil }
        return parse(body)
    }

    private static func parse(_ body: [UInt8]) -> [(Entry, [Page])]? {
        var content: [(Entry, [Page])] = [], index = 0
        func line() -> [Substring]? {
            guard let newline = body[index...].firstIndex(of: 10) else { return nil }
            defer { index = newline + 1 }
            return String(decoding: body[index..<newline], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        }
        while index < body.count {
            guard let head = line(), head.count == 3, let generation = Int64(head[1]), let count = Int(head[2]), count >= 0 else { return nil }
            var pages: [Page] = []
            for _ in 0..<count {
                guard let fields = line(), fields.count == 3, let number = Int(fields[0]), let length = Int(fields[2]), length >= 0,
                      index + length < body.count, body[index + length] == 10 else { return nil }
                pages.append(Page(number: number, source: String(fields[1]), text: String(decoding: body[index..<(index + length)], as: UTF8.self)))
                index += length + 1
            }
            content.append((Entry(object: String(head[0]), generation: generation), pages))
        }
        return content
    }

    static func compress(_ body: [UInt8]) -> [UInt8] {
        var frame = [UInt8](repeating: 0, count: ZSTD_compressBound(body.count))
        let size = frame.withUnsafeMutableBytes { out in
            body.withUnsafeBytes { ZSTD_compress(out.baseAddress, out.count, $0.baseAddress, $0.count, compressionLevel) }
        }
        // Only an allocation failure inside libzstd fails here (the bound is always enough).
        precondition(ZSTD_isError(size) == 0, "Zstandard: \(String(cString: ZSTD_getErrorName(size)))")
        frame.removeLast(frame.count - size)
        return frame
    }

    /// The frame's content, which must be exactly `length` bytes; nil when it is not, or damaged.
    static func decompress(_ frame: ArraySlice<UInt8>, length: Int) -> [UInt8]? {
        let declared = frame.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
        guard declared == UInt64(length) else { return nil }
        var body = [UInt8](repeating: 0, count: length)
        let size = body.withUnsafeMutableBytes { out in
            frame.withUnsafeBytes { ZSTD_decompress(out.baseAddress, out.count, $0.baseAddress, $0.count) }
        }
        return ZSTD_isError(size) == 0 && size == length ? body : nil
    }

    // MARK: - Files

    /// Names of the files present; half-written ones (a run killed) are removed.
    func files() -> [String] {
        var names: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            if name.hasPrefix(".") { unlink(directory + "/" + name) } else { names.append(name) }
        }
        return names
    }

    /// Where a file is written before it is renamed to `name`, beside it.
    func temporaryPath(for name: String) -> String { directory + "/.writing-\(getpid())-\(name)" }

    /// Writes the file at `temporaryPath(for: name)`. Plain `write`, no `fsync`: the caller syncs
    /// the whole file system once, for every file written.
    fileprivate func writeTemporary(_ bytes: [UInt8], for name: String) throws {
        let temporary = temporaryPath(for: name)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw StoreError.database("\(temporary) cannot be written: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw StoreError.database("\(temporary) cannot be written: \(reason)")
            }
            written += count
        }
    }

    /// Removes the files that hold these objects' text (`vault gc` deleting them): their text
    /// goes with them; the next backup writes those files again without it.
    public func removeFiles(of objects: [String]) {
        let buckets = Set(objects.map { String($0.prefix(2)) + "-" })
        for name in files() where buckets.contains(String(name.prefix(3))) { unlink(directory + "/" + name) }
    }

    /// Removes the files whose bytes no longer hold what their names say (a disk's damage); their
    /// names, sorted. The database holds their text, and the next backup writes them again. (restic
    /// skips a file it backed up before by its metadata, so a damaged file reaches only a repository
    /// that reads it anew, and there every restore of a snapshot holding it would fail.) Files being
    /// written are not touched: the caller holds the vault's backup lock.
    public func removeDamaged() -> [String] {
        var removed: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where !name.hasPrefix(".") {
            let path = directory + "/" + name
            if let data = FileManager.default.contents(atPath: path), let content = Self.decode([UInt8](data)),
               Array(Self.names(of: content.map(\.0)).keys) == [name] { continue }
            unlink(path)
            removed.append(name)
        }
        return removed.sorted()
    }

    /// Bytes of every file present.
    public func bytes() -> Int64 {
        files().reduce(0) { $0 + Self.size(directory + "/" + $1) }
    }

    static func size(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    private func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw StoreError.database("\(path) cannot be made: \(String(cString: strerror(errno)))")
        }
    }

    /// One `syncfs` for every file just written, instead of one `fsync` each.
    private func syncToDisk() throws { try Self.syncFileSystem(of: directory) }

    /// Puts every file written on the file system holding the folder `path` on disk (one `syncfs`).
    public static func syncFileSystem(of path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.database("\(path) cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard Self.syncfs(descriptor) == 0 else { throw StoreError.database("\(path) cannot be synced: \(String(cString: strerror(errno)))") }
    }

    /// glibc's `syncfs`, which Swift's Glibc module leaves out (it is a GNU extension).
    private static let syncfs: @convention(c) (Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return { _ in sync(); return 0 } }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
}

/// Encodes, compresses and writes the files on another thread while the caller reads the next
/// file's pages from the database: on two cores, compressing costs the first backup no time.
/// At most two files wait, so memory stays at a few files' text.
private final class BackgroundWriter: @unchecked Sendable {
    private let mirror: TextMirror
    private let queue = DispatchQueue(label: "homecrew.text-mirror.writer")
    private let group = DispatchGroup()
    private let room = DispatchSemaphore(value: 2)
    private let lock = NSLock()
    private var failure: Error?

    init(mirror: TextMirror) {
        self.mirror = mirror
    }

    func write(_ content: [(TextMirror.Entry, [TextMirror.Page])], as name: String) {
        room.wait()
        queue.async(group: group) { [self] in
            defer { room.signal() }
            guard lock.withLock({ failure == nil }) else { return }
            do { try mirror.writeTemporary(TextMirror.encode(content), for: name) } catch { lock.withLock { failure = failure ?? error } }
        }
    }

    /// Waits for every file; the first error any write met.
    func finish() throws {
        group.wait()
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}
