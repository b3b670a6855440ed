#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HomeCrewCore

/// A POSIX ustar archive of regular files, written and read as a stream with bounded memory.
/// Backups use plain tar so that they can be opened with `tar -xf` without HomeCrew.
final class TarWriter {
    private let descriptor: Int32
    private let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Adds a file's bytes as `name`, hashing them on the way; returns the SHA-256.
    func addFile(named name: String, from source: String, mode: Int = 0o600) throws -> String {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard input >= 0 else { throw VaultError.posix(source, writing: false) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw VaultError.notARegularFile(source) }
        try write(Self.header(name: name, size: Int64(info.st_size), mode: mode))
        let hasher = SHA256Hasher()
        var remaining = Int64(info.st_size)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while remaining > 0 {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, min($0.count, Int(remaining))) }
            if count < 0 { if errno == EINTR { continue }; throw VaultError.posix(source, writing: false) }
            // A file that shrank while being read: objects never change, so this is damage.
            if count == 0 { throw VaultError.cannotRead(path: source, reason: "it changed while it was being backed up") }
            try buffer.withUnsafeBytes { bytes in
                let chunk = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                hasher.update(chunk)
                try writeRaw(chunk)
            }
            remaining -= Int64(count)
        }
        try pad(Int64(info.st_size))
        return hasher.finalize()
    }

    func addFile(named name: String, bytes: [UInt8]) throws {
        try write(Self.header(name: name, size: Int64(bytes.count), mode: 0o600))
        try write(bytes)
        try pad(Int64(bytes.count))
    }

    /// Two zero blocks end the archive.
    func finish() throws { try write([UInt8](repeating: 0, count: 1024)) }

    private func pad(_ size: Int64) throws {
        let rest = Int(size % 512)
        if rest != 0 { try write([UInt8](repeating: 0, count: 512 - rest)) }
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try writeRaw($0) }
    }

    private func writeRaw(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 { if errno == EINTR { continue }; throw VaultError.posix(path, writing: true) }
            offset += written
        }
    }

    static func header(name: String, size: Int64, mode: Int) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int64, at offset: Int, width: Int) {
            let digits = String(value, radix: 8)
            put(String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits, at: offset, width: width - 1)
        }
        precondition(name.utf8.count <= 100, "archive names are short")
        put(name, at: 0, width: 100)
        octal(Int64(mode), at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        octal(size, at: 124, width: 12)
        octal(0, at: 136, width: 12)
        block[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        for index in 148..<156 { block[index] = UInt8(ascii: " ") }
        let sum = block.reduce(0) { $0 + Int64($1) }
        octal(sum, at: 148, width: 7)
        block[155] = UInt8(ascii: " ")
        return block
    }
}

/// Reads the regular files of a ustar archive one by one.
final class TarReader {
    struct Entry {
        let name: String
        let size: Int64
    }

    enum Failure: Error { case malformed(String) }

    private let descriptor: Int32
    private let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// The next entry's header, or nil at the end of the archive.
    func next() throws -> Entry? {
        let block = try read(512)
        if block.allSatisfy({ $0 == 0 }) { return nil }
        var checked = block
        for index in 148..<156 { checked[index] = UInt8(ascii: " ") }
        guard let stored = Self.octal(block[148..<156]), stored == checked.reduce(0, { $0 + Int64($1) }) else {
            throw Failure.malformed("a header's checksum is wrong")
        }
        guard block[156] == UInt8(ascii: "0") || block[156] == 0 else { throw Failure.malformed("an entry is not a regular file") }
        let nameBytes = block[0..<100].prefix { $0 != 0 }
        guard let size = Self.octal(block[124..<136]), size >= 0, let name = String(bytes: nameBytes, encoding: .utf8) else {
            throw Failure.malformed("a header cannot be read")
        }
        return Entry(name: name, size: size)
    }

    /// Streams the current entry's bytes to `output` (and the hasher), then skips its padding.
    func copy(_ entry: Entry, to output: Int32, outputPath: String) throws -> String {
        let hasher = SHA256Hasher()
        var remaining = entry.size
        while remaining > 0 {
            let chunk = try read(Int(min(remaining, 1 << 20)))
            chunk.withUnsafeBytes { hasher.update($0) }
            try chunk.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(output, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 { if errno == EINTR { continue }; throw VaultError.posix(outputPath, writing: true) }
                    offset += written
                }
            }
            remaining -= Int64(chunk.count)
        }
        let rest = Int(entry.size % 512)
        if rest != 0 { _ = try read(512 - rest) }
        return hasher.finalize()
    }

    func readAll(_ entry: Entry, limit: Int64) throws -> [UInt8] {
        guard entry.size <= limit else { throw Failure.malformed("\(entry.name) is too large") }
        let bytes = try read(Int(entry.size))
        let rest = Int(entry.size % 512)
        if rest != 0 { _ = try read(512 - rest) }
        return bytes
    }

    private func read(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, count - offset) }
            if got < 0 { if errno == EINTR { continue }; throw VaultError.posix(path, writing: false) }
            if got == 0 { throw Failure.malformed("the archive ends too early (truncated?)") }
            offset += got
        }
        return bytes
    }

    private static func octal(_ field: ArraySlice<UInt8>) -> Int64? {
        let text = String(decoding: field.prefix { $0 != 0 && $0 != UInt8(ascii: " ") }, as: UTF8.self)
        return text.isEmpty ? 0 : Int64(text, radix: 8)
    }
}
