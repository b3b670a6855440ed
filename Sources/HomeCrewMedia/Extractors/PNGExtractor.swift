import CCairo
import Foundation
import HomeCrewCore
import HomeCrewVault

/// PNG through cairo's own PNG reader (libpng): palette, grey, 16-bit and interlaced images
/// are expanded; alpha is composited on white when the thumbnail is drawn.
struct PNGExtractor: Extractor {
    func extract(path: String, password: String?) -> Extraction {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Extraction(content: .failed("the file could not be read"))
        }
        do {
            let surface = try CairoPNG.decode([UInt8](data))
            defer { cairo_surface_destroy(surface) }
            let width = Int(cairo_image_surface_get_width(surface))
            let height = Int(cairo_image_surface_get_height(surface))
            let thumbnail = try Thumbnail.png(from: surface, width: width, height: height)
            return Extraction(content: .image(width: width, height: height), thumbnailPNG: thumbnail)
        } catch {
            return Extraction(content: .failed(ErrorText.sentence(for: error)))
        }
    }
}
