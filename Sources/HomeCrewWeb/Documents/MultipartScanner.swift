import Foundation
import Glibc

/// A streaming `multipart/form-data` reader (RFC 7578) that finds the boundary with `memchr`
/// instead of stepping a state machine through every byte: a file part is handed on in large pieces as the body
/// arrives, and only the few bytes that could begin a boundary wait for the next piece.
struct MultipartScanner {
    enum Event {
        /// A part's headers, lower-cased names.
        case headers([(name: String, value: String)])
        case body(UnsafeRawBufferPointer)
        case partEnd
    }

    enum Failure: Error { case malformed }

    private enum State { case preamble, headers, body, afterDelimiter, epilogue }

    private let delimiter: [UInt8]
    private var state = State.preamble
    /// Bytes kept from earlier pieces: a possible partial delimiter, or unfinished headers.
    private var pending: [UInt8]
    static let headerLimit = 16 * 1024

    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        // The first delimiter has no CRLF before it; pretend it had one.
        pending = [13, 10]
    }

    /// True once the closing delimiter has been read: a body that ends before is cut off.
    var isComplete: Bool { state == .epilogue }

    mutating func feed(_ piece: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void) throws {
        guard !pending.isEmpty else { return try scan(piece, handle) }
        var data = pending
        data.append(contentsOf: piece)
        pending = []
        try data.withUnsafeBytes { try scan($0, handle) }
    }

    private mutating func scan(_ bytes: UnsafeRawBufferPointer, _ handle: (Event) throws -> Void) throws {
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            switch state {
            case .preamble, .body:
                guard let found = Self.find(delimiter, in: rest) else {
                    // Keep only a tail that could be the start of a delimiter (rarely any), so
                    // that the next piece is seldom copied behind it.
                    let safe = Self.start(ofPartial: delimiter, atEndOf: rest)
                    if state == .body, safe > 0 { try handle(.body(UnsafeRawBufferPointer(rebasing: rest[..<safe]))) }
                    pending = Array(rest[safe...])
                    return
                }
                if state == .body {
                    if found > 0 { try handle(.body(UnsafeRawBufferPointer(rebasing: rest[..<found]))) }
                    try handle(.partEnd)
                }
                start += found + delimiter.count
                state = .afterDelimiter
            case .afterDelimiter:
                guard rest.count >= 2 else { pending = Array(rest); return }
                if rest[0] == UInt8(ascii: "-") && rest[1] == UInt8(ascii: "-") {
                    state = .epilogue
                } else if rest[0] == 13 && rest[1] == 10 {
                    state = .headers
                    start += 2
                } else {
                    throw Failure.malformed
                }
            case .headers:
                guard let end = Self.find([13, 10, 13, 10], in: rest) else {
                    guard rest.count <= Self.headerLimit else { throw Failure.malformed }
                    pending = Array(rest)
                    return
                }
                try handle(.headers(Self.headerLines(UnsafeRawBufferPointer(rebasing: rest[..<end]))))
                start += end + 4
                state = .body
            case .epilogue:
                return
            }
        }
    }

    /// The offset of `needle` in `haystack`: `memchr` (vectorised in glibc) finds each candidate
    /// first byte, `memcmp` checks the rest.
    static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let base = haystack.baseAddress, let first = needle.first, haystack.count >= needle.count else { return nil }
        return needle.withUnsafeBytes { needleBytes -> Int? in
            var offset = 0
            let last = haystack.count - needle.count
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let candidate = base.distance(to: UnsafeRawPointer(hit))
                if let needleBase = needleBytes.baseAddress, memcmp(hit, needleBase, needle.count) == 0 { return candidate }
                offset = candidate + 1
            }
            return nil
        }
    }

    /// Where the longest tail of `haystack` that begins `needle` (but is shorter than it) starts;
    /// `haystack.count` when no tail does.
    static func start(ofPartial needle: [UInt8], atEndOf haystack: UnsafeRawBufferPointer) -> Int {
        guard let base = haystack.baseAddress else { return 0 }
        return needle.withUnsafeBytes { needleBytes in
            var offset = max(0, haystack.count - (needle.count - 1))
            while offset < haystack.count {
                guard let hit = memchr(base + offset, Int32(needle[0]), haystack.count - offset) else { break }
                let candidate = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(hit, needleBytes.baseAddress!, haystack.count - candidate) == 0 { return candidate }
                offset = candidate + 1
            }
            return haystack.count
        }
    }

    static func headerLines(_ bytes: UnsafeRawBufferPointer) -> [(name: String, value: String)] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].trimmingCharacters(in: .whitespaces).lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }
}
