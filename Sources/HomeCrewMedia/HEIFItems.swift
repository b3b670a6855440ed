import Foundation

/// What a HEIF file says its primary image is coded with, read from its boxes (`meta` → `pitm`,
/// `iinf` → `infe`), so that an image libheif cannot decode is named rather than called damaged.
enum HEIFItems {
    /// The four-character item type of the primary image (`hvc1`, `av01`, `vvc1`, `jpeg`, …).
    static func primaryItemType(path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        let bytes = [UInt8](data.prefix(1 << 20))   // the meta box comes first, and is small
        guard let meta = boxes(bytes, in: 0..<bytes.count).first(where: { $0.type == "meta" }) else { return nil }
        let children = boxes(bytes, in: (meta.body.lowerBound + 4)..<meta.body.upperBound)   // a full box
        guard let pitm = children.first(where: { $0.type == "pitm" }), pitm.body.count >= 6 else { return nil }
        let primary = bytes[pitm.body.lowerBound] == 0 ? u16(bytes, pitm.body.lowerBound + 4) : u32(bytes, pitm.body.lowerBound + 4)
        guard let iinf = children.first(where: { $0.type == "iinf" }), iinf.body.count >= 6 else { return nil }
        let entries = iinf.body.lowerBound + (bytes[iinf.body.lowerBound] == 0 ? 6 : 8)
        for infe in boxes(bytes, in: entries..<iinf.body.upperBound) where infe.type == "infe" && infe.body.count >= 12 {
            let at = infe.body.lowerBound, version = bytes[at]
            guard version >= 2 else { continue }
            let id = version == 2 ? u16(bytes, at + 4) : u32(bytes, at + 4)
            let typeAt = at + (version == 2 ? 8 : 10)
            guard id == primary, typeAt + 4 <= infe.body.upperBound else { continue }
            return String(decoding: bytes[typeAt..<typeAt + 4], as: UTF8.self)
        }
        return nil
    }

    static func codingName(_ itemType: String) -> String {
        let names = ["hvc1": "HEVC (H.265)", "av01": "AV1", "vvc1": "VVC (H.266)", "jpeg": "JPEG", "j2k1": "JPEG 2000",
                     "unci": "uncompressed ISO/IEC 23001-17", "avc1": "AVC (H.264)", "evc1": "EVC"]
        return "\(names[itemType] ?? "an unknown coding") (item type '\(itemType)')"
    }

    private static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [(type: String, body: Range<Int>)] {
        var result: [(String, Range<Int>)] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = u32(bytes, offset)
            var header = 8
            if size == 1, offset + 16 <= range.upperBound { size = u32(bytes, offset + 12); header = 16 }   // 64-bit size
            if size == 0 { size = range.upperBound - offset }
            guard size >= header, offset + size <= range.upperBound else { break }
            result.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), (offset + header)..<(offset + size)))
            offset += size
        }
        return result
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    private static func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) << 16 | u16(bytes, at + 2) }
}
