import HomeCrewVault
/// Reads the EXIF Orientation tag (0x0112) of a JPEG: 1 (upright) to 8. libturbojpeg ignores
/// it, so HomeCrew applies it itself; anything unreadable counts as 1.
enum ExifOrientation {
    static func read(jpeg bytes: [UInt8]) -> Int {
        JPEGMarkers.exif(bytes).flatMap(fromTIFF) ?? 1
    }

    /// The Orientation entry of IFD0 in a TIFF structure.
    static func fromTIFF(_ tiff: [UInt8]) -> Int? {
        guard let reader = TIFFReader(tiff), let ifd = reader.u32(4), let value = reader.value(of: 0x0112, inIFDAt: ifd) else { return nil }
        return (1...8).contains(value) ? value : nil
    }

    /// The preview JPEG a camera stores in IFD1 (JPEGInterchangeFormat and its length).
    static func preview(jpeg bytes: [UInt8]) -> [UInt8]? {
        guard let tiff = JPEGMarkers.exif(bytes), let reader = TIFFReader(tiff), let first = reader.u32(4),
              let count = reader.u16(first), let second = reader.u32(first + 2 + count * 12), second > 0,
              let start = reader.value(of: 0x0201, inIFDAt: second), let length = reader.value(of: 0x0202, inIFDAt: second),
              length > 4, start + length <= tiff.count else { return nil }
        let preview = Array(tiff[start..<(start + length)])
        return preview.starts(with: [0xFF, 0xD8]) ? preview : nil
    }
}

/// Integers and IFD entries of a TIFF structure, in its byte order, never reading past its end.
struct TIFFReader {
    let tiff: [UInt8]
    let little: Bool

    init?(_ tiff: [UInt8]) {
        guard tiff.count >= 8 else { return nil }
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        self.tiff = tiff
    }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= tiff.count else { return nil }
        return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
        return high << 16 | low
    }

    /// A SHORT or LONG entry's value in the IFD at `ifd`.
    func value(of tag: Int, inIFDAt ifd: Int) -> Int? {
        guard let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard u16(at) == tag, let type = u16(at + 2) else { continue }
            return type == 3 ? u16(at + 8) : type == 4 ? u32(at + 8) : nil
        }
        return nil
    }
}
