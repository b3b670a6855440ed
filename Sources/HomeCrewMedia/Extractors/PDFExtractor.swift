import CCairo
import CPoppler
import Foundation
import HomeCrewCore
import HomeCrewVault

/// PDF through poppler: page count and metadata (poppler-glib), the text of every page
/// (poppler's own layout, `PageTextReader`), and page 1 rendered on white as the thumbnail
/// (poppler-glib and cairo). Encrypted files open only with their password.
struct PDFExtractor: Extractor {
    func extract(path: String, password: String?) -> Extraction {
        let encrypted = Self.looksEncrypted(path)
        // poppler wants a file:// URI, not a path (spaces, '#' and relative paths included).
        let uri = URL(fileURLWithPath: path).absoluteString
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_file(uri, password, &error) else {
            return Extraction(content: Self.openFailure(error, encrypted: encrypted, passwordGiven: password != nil))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(document)) }

        let count = Int(poppler_document_get_n_pages(document))
        guard count > 0 else {
            return Extraction(content: .failed("the PDF has no readable pages (its page tree is damaged)"))
        }
        var content = ExtractedContent(status: .complete, pageCount: count, encrypted: encrypted)
        Self.readMetadata(document, into: &content)
        let texts = PageTextReader(path: path, password: password)
        if let missing = texts?.missingFonts, !missing.isEmpty { content.note = Self.missingFontsNote(missing) }
        for index in 0..<count {
            guard let text = texts?.text(ofPage: index) else {
                content.status = .partial
                content.note = "page \(index + 1) could not be read"
                continue
            }
            content.pages.append(PageText(number: index + 1, text: text, source: text.isEmpty ? .none : .pdfText))
        }
        var thumbnail: [UInt8]?
        if let page = poppler_document_get_page(document, 0) {
            thumbnail = try? Self.render(page)
            g_object_unref(UnsafeMutableRawPointer(page))
        }
        return Extraction(content: content, thumbnailPNG: thumbnail)
    }

    static func missingFontsNote(_ fonts: [(name: String, substitute: String)]) -> String {
        let names = fonts.map { $0.substitute.isEmpty ? $0.name : "\($0.name) (drawn with \($0.substitute))" }
        return "font\(fonts.count == 1 ? "" : "s") of page 1 not in the PDF and not on this machine: \(names.joined(separator: ", ")); "
            + "the text is read in full, the thumbnail shows a substitute"
    }

    static func readMetadata(_ document: OpaquePointer, into content: inout ExtractedContent) {
        content.metadataTitle = take(poppler_document_get_title(document))
        content.metadataAuthor = take(poppler_document_get_author(document))
        let created = poppler_document_get_creation_date(document)
        if created > 0 { content.metadataCreated = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(created))) }
    }

    static func render(_ page: OpaquePointer) throws -> [UInt8] {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard width > 0, height > 0 else { throw ExtractionFailure("page 1 has no size") }
        let scale = Double(Thumbnail.longEdge) / max(width, height)
        let canvas = Canvas(width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded())))
        cairo_scale(canvas.context, scale, scale)
        poppler_page_render(page, canvas.context)
        return try canvas.encodePNG()
    }

    static func openFailure(_ error: UnsafeMutablePointer<GError>?, encrypted: Bool, passwordGiven: Bool) -> ExtractedContent {
        let code = error?.pointee.code ?? -1
        let message = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
        if let error { g_error_free(error) }
        if code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            let note = passwordGiven
                ? "encrypted: the password given does not open it"
                : "encrypted: add it again or reprocess it with --password to read its text"
            return ExtractedContent(status: .partial, note: note, encrypted: true)
        }
        return ExtractedContent(status: .failed, note: "poppler cannot open the PDF: \(message)", encrypted: encrypted)
    }

    /// Whether the file declares an /Encrypt dictionary (mapped, not read into memory).
    static func looksEncrypted(_ path: String) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return false }
        return data.range(of: Data("/Encrypt".utf8)) != nil
    }

    /// A GLib string as a Swift one, freed; nil when empty.
    static func take(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        let text = PageTextReader.trimmed(String(cString: pointer))
        return text.isEmpty ? nil : text
    }
}
