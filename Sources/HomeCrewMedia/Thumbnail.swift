import HomeCrewVault
import CCairo

/// Draws page or image pixels into a thumbnail: white background (alpha composited), at most
/// 256 px on the long edge, EXIF orientation applied, encoded as PNG.
enum Thumbnail {
    static let longEdge = 256

    /// The thumbnail of a cairo surface holding the image as stored; `orientation` is the
    /// EXIF value (1–8) that says how to turn it upright.
    static func png(from source: OpaquePointer, width: Int, height: Int, orientation: Int = 1) throws -> [UInt8] {
        let swaps = orientation >= 5
        let (uprightWidth, uprightHeight) = swaps ? (height, width) : (width, height)
        let scale = min(1.0, Double(longEdge) / Double(max(uprightWidth, uprightHeight, 1)))
        let target = Canvas(width: max(1, Int((Double(uprightWidth) * scale).rounded())),
                            height: max(1, Int((Double(uprightHeight) * scale).rounded())))
        let cr = target.context
        cairo_scale(cr, Double(target.width) / Double(uprightWidth), Double(target.height) / Double(uprightHeight))
        var matrix = orientationMatrix(orientation, width: Double(width), height: Double(height))
        cairo_transform(cr, &matrix)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        return try target.encodePNG()
    }

    /// Maps stored pixel coordinates to upright ones, per EXIF orientation.
    static func orientationMatrix(_ orientation: Int, width w: Double, height h: Double) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        switch orientation {
        case 2: cairo_matrix_init(&m, -1, 0, 0, 1, w, 0)     // mirrored
        case 3: cairo_matrix_init(&m, -1, 0, 0, -1, w, h)    // 180°
        case 4: cairo_matrix_init(&m, 1, 0, 0, -1, 0, h)     // mirrored vertically
        case 5: cairo_matrix_init(&m, 0, 1, 1, 0, 0, 0)      // transposed
        case 6: cairo_matrix_init(&m, 0, 1, -1, 0, h, 0)     // 90° clockwise
        case 7: cairo_matrix_init(&m, 0, -1, -1, 0, h, w)    // transverse
        case 8: cairo_matrix_init(&m, 0, -1, 1, 0, 0, w)     // 90° counter-clockwise
        default: cairo_matrix_init_identity(&m)
        }
        return m
    }
}

/// A white RGB24 cairo image surface with its context.
final class Canvas {
    let surface: OpaquePointer
    let context: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        context = cairo_create(surface)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    func encodePNG() throws -> [UInt8] {
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { throw ExtractionFailure("the thumbnail was not drawn") }
        return try PNGWriter.encode(rgb24: pixels, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
    }
}

enum CairoPNG {
    /// Decodes PNG bytes into an ARGB32 surface (cairo expands palette, grey and 16-bit).
    static func decode(_ bytes: [UInt8]) throws -> OpaquePointer {
        final class Source { let bytes: [UInt8]; var offset = 0; init(_ bytes: [UInt8]) { self.bytes = bytes } }
        let source = Source(bytes)
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
            let wanted = Int(length)
            guard source.offset + wanted <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { buffer in
                data!.update(from: buffer.baseAddress! + source.offset, count: wanted)
            }
            source.offset += wanted
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            // cairo reports any libpng failure (bad CRC, bad zlib data) as "out of memory".
            let detail = status == CAIRO_STATUS_NO_MEMORY ? "" : " (\(String(cString: cairo_status_to_string(status))))"
            throw ExtractionFailure("the PNG data is damaged and could not be decoded\(detail)")
        }
        return surface
    }
}

/// A reason extraction could not finish, in words for the user.
struct ExtractionFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
