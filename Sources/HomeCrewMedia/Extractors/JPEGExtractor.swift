import CCairo
import CTurboJPEG
import Foundation
import HomeCrewCore
import HomeCrewVault

/// JPEG through libturbojpeg, decoded at the smallest DCT scale that still covers the
/// thumbnail (1/8 of a 12-megapixel photo is plenty), with the EXIF orientation applied.
struct JPEGExtractor: Extractor {
    func extract(path: String, password: String?) -> Extraction {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Extraction(content: .failed("the file could not be read"))
        }
        let bytes = [UInt8](data)
        guard let handle = tjInitDecompress() else { return Extraction(content: .failed("libturbojpeg did not start")) }
        defer { tjDestroy(handle) }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
              width > 0, height > 0 else {
            return Extraction(content: .failed("the JPEG header is damaged: \(Self.message(handle))"))
        }
        let orientation = ExifOrientation.read(jpeg: bytes)
        let (scaledWidth, scaledHeight) = Self.scaledSize(width: Int(width), height: Int(height))
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_BGRX
        var pixels = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 4)
        let result = tjDecompress2(handle, bytes, UInt(bytes.count), &pixels, Int32(scaledWidth), 0,
                                   Int32(scaledHeight), Int32(format.rawValue), 0)
        var note: String?
        if result != 0 {
            // A warning (a truncated file, say) still leaves the part that was decoded.
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                return Extraction(content: .failed("the JPEG data is damaged: \(Self.message(handle))"))
            }
            note = "damaged JPEG, read in part: \(Self.message(handle))"
        }
        if isCMYK { Self.convertInvertedCMYKToBGRX(&pixels) }
        do {
            let thumbnail = try Self.thumbnail(&pixels, width: scaledWidth, height: scaledHeight, orientation: orientation)
            let content = ExtractedContent.image(width: Int(width), height: Int(height), orientation: orientation, note: note)
            return Extraction(content: content, thumbnailPNG: thumbnail)
        } catch {
            return Extraction(content: .failed(ErrorText.sentence(for: error)))
        }
    }

    /// The smallest libjpeg scaling factor whose result still has a long edge ≥ 256.
    static func scaledSize(width: Int, height: Int) -> (Int, Int) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
        var best = (width, height)
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
            let (num, denom) = (Int(factor.num), Int(factor.denom))
            let scaled = ((width * num + denom - 1) / denom, (height * num + denom - 1) / denom)
            if max(scaled.0, scaled.1) >= Thumbnail.longEdge && scaled.0 * scaled.1 < best.0 * best.1 { best = scaled }
        }
        return best
    }

    static func thumbnail(_ pixels: inout [UInt8], width: Int, height: Int, orientation: Int) throws -> [UInt8] {
        try pixels.withUnsafeMutableBytes { buffer in
            let surface = cairo_image_surface_create_for_data(
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                Int32(width), Int32(height), Int32(width * 4))!
            defer { cairo_surface_destroy(surface) }
            return try Thumbnail.png(from: surface, width: width, height: height, orientation: orientation)
        }
    }

    /// Adobe writes CMYK JPEGs inverted; R = C·K/255 on the inverted values.
    static func convertInvertedCMYKToBGRX(_ pixels: inout [UInt8]) {
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let (c, m, y, k) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]), Int(pixels[index + 3]))
            pixels[index] = UInt8(y * k / 255)
            pixels[index + 1] = UInt8(m * k / 255)
            pixels[index + 2] = UInt8(c * k / 255)
            pixels[index + 3] = 255
        }
    }

    static func message(_ handle: tjhandle) -> String {
        String(cString: tjGetErrorStr2(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
