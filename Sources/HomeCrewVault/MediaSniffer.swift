import Foundation
import HomeCrewCore

/// Decides a file's type from its first bytes. The name is never consulted.
public enum MediaSniffer {
    /// Brands of ISO-BMFF files that libheif reads as HEIF/HEIC images.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

    public static func detect(fileAt path: String) throws -> MediaType {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw VaultError.posix(path, writing: false) }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        return detect(head)
    }

    public static func detect(_ head: [UInt8]) -> MediaType {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if isHEIF(head) { return .heic }
        // PDF readers accept "%PDF-" anywhere in the first kilobyte (some files carry junk first),
        // but a file that begins as another format (a Windows program, an archive) is that format.
        if foreignSignatures.contains(where: head.starts(with:)) { return .other }
        if let _ = find([UInt8]("%PDF-".utf8), in: head.prefix(1024)) { return .pdf }
        return .other
    }

    /// The first bytes of formats HomeCrew does not file as documents, whatever they carry later.
    static let foreignSignatures: [[UInt8]] = [
        Array("MZ".utf8),                       // Windows and DOS programs
        [0x7F, 0x45, 0x4C, 0x46],               // ELF programs
        [0xCA, 0xFE, 0xBA, 0xBE], [0xFE, 0xED, 0xFA, 0xCE], [0xFE, 0xED, 0xFA, 0xCF],
        [0xCE, 0xFA, 0xED, 0xFE], [0xCF, 0xFA, 0xED, 0xFE],  // Mach-O programs
        Array("#!".utf8),                       // scripts
        [0x50, 0x4B, 0x03, 0x04], Array("Rar!".utf8), [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], [0x1F, 0x8B],  // archives
        [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1],  // old Office files
        Array("GIF8".utf8),
    ]

    /// A short human name for what an unsupported file looks like.
    public static func describe(_ head: [UInt8]) -> String {
        if head.isEmpty { return "an empty file" }
        if head.starts(with: Array("MZ".utf8)) || head.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return "a program" }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive (or an office document)" }
        if head.starts(with: Array("GIF8".utf8)) { return "a GIF image" }
        if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) {
            return "an ISO media file of brand '\(String(decoding: head[8..<12], as: UTF8.self))'"
        }
        let printable = head.prefix(512).allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) || $0 >= 0x80 }
        return printable ? "a text file" : "an unrecognised binary file"
    }

    private static func isHEIF(_ head: [UInt8]) -> Bool {
        guard head.count >= 16, head[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(max(boxSize, 16), head.count)
        var brands = [String(decoding: head[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        return brands.contains(where: heifBrands.contains)
    }

    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
