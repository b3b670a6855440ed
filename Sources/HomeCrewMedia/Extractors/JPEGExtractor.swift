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
        let orientation = ExifOrientation.read(jpeg: bytes)
        let frame = JPEGMarkers.frame(bytes)
        if let frame, frame.precision != 8 {
            return Self.unreadable(bytes, frame: frame, orientation: orientation, reason:
                "the JPEG stores \(frame.precision)-bit samples, which this machine's libjpeg-turbo cannot decode (it reads 8-bit JPEGs); the file is not damaged and is kept as it is")
        }
        switch Self.decode(bytes, orientation: orientation) {
        case .image(let extraction): return extraction
        case .unreadable(let reason):
            let coding = frame.map(\.coding).flatMap { ["baseline", "extended sequential", "progressive"].contains($0) ? nil : $0 }
            return Self.unreadable(bytes, frame: frame, orientation: orientation,
                                   reason: coding.map { "this \($0) JPEG could not be decoded: \(reason)" } ?? reason)
        }
    }

    enum Decoded { case image(Extraction), unreadable(String) }

    /// The picture at thumbnail scale, turned upright.
    static func decode(_ bytes: [UInt8], orientation: Int) -> Decoded {
        guard let handle = tjInitDecompress() else { return .unreadable("libturbojpeg did not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0,
              width > 0, height > 0 else {
            return .unreadable("the JPEG header is damaged: \(message(handle))")
        }
        let (scaledWidth, scaledHeight) = scaledSize(width: Int(width), height: Int(height))
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_BGRX
        var pixels = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 4)
        let result = tjDecompress2(handle, bytes, UInt(bytes.count), &pixels, Int32(scaledWidth), 0,
                                   Int32(scaledHeight), Int32(format.rawValue), 0)
        var note: String?
        if result != 0 {
            // A warning (a truncated file, say) still leaves the part that was decoded.
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                return .unreadable("the JPEG data is damaged: \(message(handle))")
            }
            note = "damaged JPEG, read in part: \(message(handle))"
        }
        if isCMYK { convertInvertedCMYKToBGRX(&pixels) }
        do {
            let thumbnail = try thumbnail(&pixels, width: scaledWidth, height: scaledHeight, orientation: orientation)
            let content = ExtractedContent.image(width: Int(width), height: Int(height), orientation: orientation, note: note)
            return .image(Extraction(content: content, thumbnailPNG: thumbnail))
        } catch {
            return .unreadable(ErrorText.sentence(for: error))
        }
    }

    /// A JPEG libjpeg-turbo cannot read: kept, with the reason, and with the small preview a
    /// camera stores in the EXIF block as its thumbnail when there is one (an 8-bit JPEG).
    static func unreadable(_ bytes: [UInt8], frame: JPEGMarkers.Frame?, orientation: Int, reason: String) -> Extraction {
        var thumbnail: [UInt8]?
        if let preview = ExifOrientation.preview(jpeg: bytes), case .image(let decoded) = decode(preview, orientation: orientation) {
            thumbnail = decoded.thumbnailPNG
        }
        let note = reason + (thumbnail == nil ? "" : "; the thumbnail is the file's own EXIF preview")
        let content = ExtractedContent(status: thumbnail == nil ? .failed : .partial, note: note, pageCount: 1,
                                       pixelWidth: frame?.width, pixelHeight: frame?.height, orientation: orientation)
        return Extraction(content: content, thumbnailPNG: thumbnail)
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
