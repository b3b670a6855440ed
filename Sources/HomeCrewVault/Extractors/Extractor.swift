import HomeCrewCore

/// What an extractor produced: the content to keep and the thumbnail PNG, if one was made.
public struct Extraction: Sendable, Codable {
    public var content: ExtractedContent
    public var thumbnailPNG: [UInt8]?

    public init(content: ExtractedContent, thumbnailPNG: [UInt8]? = nil) {
        self.content = content
        self.thumbnailPNG = thumbnailPNG
    }
}

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
