/// The segments of a JPEG before its image data: the frame header (SOF), which says how the
/// picture is coded, and the EXIF block (APP1), with the orientation and often a small preview.
/// Read without decoding anything, so that a JPEG libjpeg-turbo cannot decode still gets a
/// sentence that says why, and a thumbnail where the file carries its own preview.
enum JPEGMarkers {
    struct Frame: Equatable {
        let marker: UInt8
        let precision: Int
        let width: Int
        let height: Int

        /// How the picture is coded, as a person would name it.
        var coding: String {
            switch marker {
            case 0xC0: return "baseline"
            case 0xC1: return "extended sequential"
            case 0xC2: return "progressive"
            case 0xC3, 0xC7, 0xCB, 0xCF: return "lossless"
            case 0xC9, 0xCA: return "arithmetic-coded"
            default: return "hierarchical"
            }
        }
    }

    /// Each marker segment up to the start of the scan: its marker and its payload's range.
    static func segments(_ bytes: [UInt8]) -> [(marker: UInt8, payload: Range<Int>)] {
        var result: [(UInt8, Range<Int>)] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xD9 || marker == 0xDA { break }   // end of image, start of scan
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            result.append((marker, (offset + 4)..<(offset + 2 + length)))
            offset += 2 + length
        }
        return result
    }

    static func frame(_ bytes: [UInt8]) -> Frame? {
        for (marker, payload) in segments(bytes) where (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
            guard payload.count >= 5 else { return nil }
            let at = payload.lowerBound
            return Frame(marker: marker, precision: Int(bytes[at]), width: Int(bytes[at + 3]) << 8 | Int(bytes[at + 4]),
                         height: Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]))
        }
        return nil
    }

    /// The TIFF structure inside the EXIF block, if there is one.
    static func exif(_ bytes: [UInt8]) -> [UInt8]? {
        for (marker, payload) in segments(bytes) where marker == 0xE1 && payload.count >= 6 {
            if bytes[payload.prefix(6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) { return Array(bytes[(payload.lowerBound + 6)..<payload.upperBound]) }
        }
        return nil
    }
}
