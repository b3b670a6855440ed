import HomeCrewCore
import HomeCrewVault

/// One extractor per media type (paperless-ngx's parser registry, in miniature).
protocol Extractor {
    func extract(path: String, password: String?) -> Extraction
}

enum ExtractorRegistry {
    static func extractor(for type: MediaType) -> (any Extractor)? {
        switch type {
        case .pdf: return PDFExtractor()
        case .jpeg: return JPEGExtractor()
        case .png: return PNGExtractor()
        case .heic: return HEICExtractor()
        case .other: return nil
        }
    }
}

extension ExtractedContent {
    /// An image whose pixels were read: its size, orientation and a thumbnail.
    static func image(width: Int, height: Int, orientation: Int = 1, note: String? = nil) -> ExtractedContent {
        ExtractedContent(status: note == nil ? .complete : .partial, note: note, pageCount: 1,
                         pixelWidth: width, pixelHeight: height, orientation: orientation)
    }
}
