import CCairo
import CHeif
import Foundation
import HomeCrewCore
import HomeCrewVault

/// HEIC/HEIF through libheif. The primary image is the document; its embedded thumbnail
/// (iPhones store one) is decoded instead of the 12-megapixel image when it is big enough.
/// libheif applies the `irot`/`imir` transformations, so the result is already upright.
struct HEICExtractor: Extractor {
    func extract(path: String, password: String?) -> Extraction {
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        var error = heif_context_read_from_file(context, path, nil)
        guard error.code == heif_error_Ok else { return Extraction(content: .failed("the HEIF file is damaged: \(Self.text(error))")) }
        var primary: OpaquePointer?
        error = heif_context_get_primary_image_handle(context, &primary)
        guard error.code == heif_error_Ok, let primary else {
            return Extraction(content: .failed("the HEIF file has no readable primary image: \(Self.text(error))"))
        }
        defer { heif_image_handle_release(primary) }
        let width = Int(heif_image_handle_get_width(primary))
        let height = Int(heif_image_handle_get_height(primary))

        let source = Self.thumbnailHandle(of: primary) ?? primary
        defer { if source != primary { heif_image_handle_release(source) } }
        var image: OpaquePointer?
        error = heif_decode_image(source, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil)
        guard error.code == heif_error_Ok, let image else {
            var note = "the image data could not be decoded: \(Self.text(error))"
            if error.code == heif_error_Unsupported_feature, let type = HEIFItems.primaryItemType(path: path) {
                note = "the HEIF image is coded as \(HEIFItems.codingName(type)), which this machine's libheif cannot decode; the file is kept as it is"
            }
            let preview = Self.anyThumbnail(of: primary)
            if preview != nil { note += "; the thumbnail is the file's own preview image" }
            let content = ExtractedContent(status: .partial, note: note, pageCount: 1, pixelWidth: width, pixelHeight: height)
            return Extraction(content: content, thumbnailPNG: preview)
        }
        defer { heif_image_release(image) }
        do {
            let thumbnail = try Self.thumbnail(of: image)
            return Extraction(content: .image(width: width, height: height), thumbnailPNG: thumbnail)
        } catch {
            return Extraction(content: .failed(ErrorText.sentence(for: error)))
        }
    }

    /// The first of the file's own preview images that decodes, of any size: what can be shown
    /// when the primary image cannot be decoded.
    static func anyThumbnail(of primary: OpaquePointer) -> [UInt8]? {
        for handle in thumbnailHandles(of: primary) {
            defer { heif_image_handle_release(handle) }
            var image: OpaquePointer?
            guard heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil).code == heif_error_Ok,
                  let image else { continue }
            defer { heif_image_release(image) }
            if let png = try? thumbnail(of: image) { return png }
        }
        return nil
    }

    /// The embedded thumbnail when it is at least as large as the thumbnail to draw.
    static func thumbnailHandle(of primary: OpaquePointer) -> OpaquePointer? {
        var chosen: OpaquePointer?
        for handle in thumbnailHandles(of: primary) {
            let longEdge = max(heif_image_handle_get_width(handle), heif_image_handle_get_height(handle))
            if chosen == nil && longEdge >= Thumbnail.longEdge { chosen = handle } else { heif_image_handle_release(handle) }
        }
        return chosen
    }

    /// Handles of the primary image's preview images; the caller releases each.
    static func thumbnailHandles(of primary: OpaquePointer) -> [OpaquePointer] {
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        _ = heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count))
        return ids.compactMap { id in
            var handle: OpaquePointer?
            return heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok ? handle : nil
        }
    }

    /// Composites RGBA on white into an RGB24 surface and draws the thumbnail.
    static func thumbnail(of image: OpaquePointer) throws -> [UInt8] {
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw ExtractionFailure("the decoded image has no pixels")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let source = plane + row * Int(stride)
            for column in 0..<width {
                let s = source + column * 4
                let alpha = Int(s[3])
                let target = (row * width + column) * 4
                // Rows of the plane are padded: always step by the returned stride.
                pixels[target] = UInt8((Int(s[2]) * alpha + 255 * (255 - alpha)) / 255)
                pixels[target + 1] = UInt8((Int(s[1]) * alpha + 255 * (255 - alpha)) / 255)
                pixels[target + 2] = UInt8((Int(s[0]) * alpha + 255 * (255 - alpha)) / 255)
                pixels[target + 3] = 255
            }
        }
        return try JPEGExtractor.thumbnail(&pixels, width: width, height: height, orientation: 1)
    }

    static func text(_ error: heif_error) -> String {
        (error.message.map { String(cString: $0) } ?? "code \(error.code.rawValue)")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
