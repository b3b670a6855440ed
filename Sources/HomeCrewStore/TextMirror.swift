import Foundation
import HomeCrewCore

/// The text of every object's pages, one file per object and text generation, in the vault's
/// `backup-text/` (Vault/FORMAT.md): what a restic snapshot holds instead of that text inside
/// its database copy. A file never changes once written, so restic skips it from the next
/// backup on by its metadata, where a copy of the whole database would be read again each time.
///
/// `backup-text/ab/<sha256>-<generation>`: a first line `homecrew-text 1 <SHA-256 of the rest>`,
/// then per page `<number> <source> <UTF-8 byte count>`, a newline, the text and a newline.
public struct TextMirror: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public struct Entry: Sendable, Hashable {
        public var object: String
        public var generation: Int64
        var name: String { "\(object.prefix(2))/\(object)-\(generation)" }
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

    static let magic = "homecrew-text 1"

    /// Writes the files of `entries` that are missing, removes every other file, and sums up
    /// what is there. New files are written under temporary names, synced to disk, and only
    /// then renamed (and synced again): a file under its final name is whole after a power cut.
    func bringUpToDate(_ entries: [Entry], pages: (String) throws -> [Page]) throws -> Summary {
        try makeFolder(directory)
        let present = Set(files())
        let wanted = Set(entries.map(\.name))
        var summary = Summary(files: entries.count)
        var written: [(temporary: String, name: String)] = []
        defer { for file in written { unlink(file.temporary) } }
        for entry in entries where !present.contains(entry.name) {
            written.append((try writeTemporary(Self.encode(try pages(entry.object)), for: entry.name), entry.name))
        }
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
        for stale in present.subtracting(wanted) { unlink(directory + "/" + stale) }
        for name in wanted {
            var info = stat()
            if stat(directory + "/" + name, &info) == 0 { summary.bytes += Int64(info.st_size) }
        }
        summary.digest = Secret.sha256(wanted.sorted().joined(separator: "\n"))
        return summary
    }

    /// The pages of an object as its file holds them; a file that is missing, or whose text
    /// does not match its SHA-256, is an error.
    public func pages(of entry: Entry) throws -> [Page] {
        guard let data = FileManager.default.contents(atPath: directory + "/" + entry.name) else {
            throw StoreError.constraint("the text of object \(entry.object) is missing from the backup")
        }
        guard let pages = Self.decode([UInt8](data)) else {
            throw StoreError.constraint("the text of object \(entry.object) is damaged in the backup")
        }
        return pages
    }

    /// The digest of the names `entries` give, as `bringUpToDate` sums it up.
    public static func digest(of entries: [Entry]) -> String {
        Secret.sha256(entries.map(\.name).sorted().joined(separator: "\n"))
    }

    // MARK: - The file format

    static func encode(_ pages: [Page]) -> [UInt8] {
        var body: [UInt8] = []
        for page in pages {
            let text = Array(page.text.utf8)
            body += Array("\(page.number) \(page.source) \(text.count)\n".utf8) + text + [10]
        }
        return Array("\(magic) \(Secret.sha256(bytes: body))\n".utf8) + body
    }

    static func decode(_ bytes: [UInt8]) -> [Page]? {
        guard let firstNewline = bytes.firstIndex(of: 10) else { return nil }
        let header = String(decoding: bytes[..<firstNewline], as: UTF8.self)
        let body = Array(bytes[(firstNewline + 1)...])
        guard header == "\(magic) \(Secret.sha256(bytes: body))" else { return nil }
        var pages: [Page] = [], index = 0
        while index < body.count {
            guard let newline = body[index...].firstIndex(of: 10) else { return nil }
            let fields = String(decoding: body[index..<newline], as: UTF8.self).split(separator: " ")
            guard fields.count == 3, let number = Int(fields[0]), let length = Int(fields[2]), length >= 0,
                  newline + 1 + length < body.count, body[newline + 1 + length] == 10 else { return nil }
            pages.append(Page(number: number, source: String(fields[1]),
                              text: String(decoding: body[(newline + 1)..<(newline + 1 + length)], as: UTF8.self)))
            index = newline + 2 + length
        }
        return pages
    }

    // MARK: - Files

    /// Relative names of the files present (`ab/<sha256>-<generation>`); half-written ones aside.
    func files() -> [String] {
        var names: [String] = []
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + folder)) ?? [] {
                if name.hasPrefix(".") { unlink(directory + "/" + folder + "/" + name) } else { names.append(folder + "/" + name) }
            }
        }
        return names
    }

    /// Writes the file under a temporary name beside its final one; returns that name.
    private func writeTemporary(_ bytes: [UInt8], for name: String) throws -> String {
        let folder = directory + "/" + String(name.prefix(2))
        try makeFolder(folder)
        let temporary = folder + "/.writing-\(getpid())-\(name.dropFirst(3))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            unlink(temporary)
            throw StoreError.database("\(temporary) cannot be written: \(String(cString: strerror(errno)))")
        }
        return temporary
    }

    /// Removes the files of these objects (`vault gc` deleting them): their text goes with them.
    public func removeFiles(of objects: [String]) {
        for object in objects {
            let folder = directory + "/" + String(object.prefix(2))
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(object + "-") {
                unlink(folder + "/" + name)
            }
        }
    }

    /// Bytes of every file present.
    public func bytes() -> Int64 {
        files().reduce(0) { total, name in
            var info = stat()
            return total + (stat(directory + "/" + name, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }

    private func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw StoreError.database("\(path) cannot be made: \(String(cString: strerror(errno)))")
        }
    }

    /// One `syncfs` for every file just written, instead of one `fsync` each.
    private func syncToDisk() throws {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.database("\(directory) cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard Self.syncfs(descriptor) == 0 else { throw StoreError.database("\(directory) cannot be synced: \(String(cString: strerror(errno)))") }
    }

    /// glibc's `syncfs`, which Swift's Glibc module leaves out (it is a GNU extension).
    private static let syncfs: @convention(c) (Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return { _ in sync(); return 0 } }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
}
