import CZlib

/// Writes opaque RGB pixels as a PNG: no row filters and zlib's fastest level. A thumbnail on
/// white compresses well that way; cairo's writer (libpng's adaptive filters, level 6) took 5.8 ms
/// for a 198 × 256 page against 1.1 ms here, and made a larger file (30.8 KB against 22.2 KB).
enum PNGWriter {
    /// `pixels` holds `height` rows of `stride` bytes, each pixel a native-endian 32-bit word
    /// 0x??RRGGBB: cairo's RGB24 layout.
    static func encode(rgb24 pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        var rows = [UInt8](repeating: 0, count: (1 + 3 * width) * height)
        rows.withUnsafeMutableBufferPointer { out in
            var at = 0
            for y in 0..<height {
                out[at] = 0  // filter type: none
                at += 1
                let row = pixels + y * stride
                for x in 0..<width {
                    let pixel = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    out[at] = UInt8(truncatingIfNeeded: pixel >> 16)
                    out[at + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                    out[at + 2] = UInt8(truncatingIfNeeded: pixel)
                    at += 3
                }
            }
        }
        var header = [UInt8]()
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits a sample, RGB, deflate, no filters, not interlaced
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("IDAT", try deflate(rows))
        png += chunk("IEND", [])
        return png
    }

    static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(bytes.count), Z_BEST_SPEED)
            }
        }
        guard status == Z_OK else { throw ExtractionFailure("the thumbnail could not be compressed (zlib status \(status))") }
        return Array(out.prefix(Int(size)))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(UInt32(crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
