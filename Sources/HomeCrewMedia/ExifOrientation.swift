import HomeCrewVault
/// Reads the EXIF Orientation tag (0x0112) of a JPEG: 1 (upright) to 8. libturbojpeg ignores
/// it, so HomeCrew applies it itself; anything unreadable counts as 1.
enum ExifOrientation {
    static func read(jpeg bytes: [UInt8]) -> Int {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xD9 || marker == 0xDA { break }   // end of image, start of scan
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if marker == 0xE1, length >= 8, bytes[(offset + 4)..<(offset + 10)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return fromTIFF(Array(bytes[(offset + 10)..<(offset + 2 + length)])) ?? 1
            }
            offset += 2 + length
        }
        return 1
    }

    /// The Orientation entry of IFD0 in a TIFF structure.
    static func fromTIFF(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let type = u16(at + 2), type == 3, let value = u16(at + 8) {
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }
}
