import CCairo
import CPoppler
import Foundation
import HomeCrewCore
import HomeCrewVault

/// PDF through poppler-glib: page count, metadata, the text of every page, and page 1
/// rendered on white as the thumbnail. Encrypted files open only with their password.
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
        content.metadataTitle = Self.take(poppler_document_get_title(document))
        content.metadataAuthor = Self.take(poppler_document_get_author(document))
        let created = poppler_document_get_creation_date(document)
        if created > 0 { content.metadataCreated = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(created))) }

        var thumbnail: [UInt8]?
        for index in 0..<count {
            guard let page = poppler_document_get_page(document, Int32(index)) else {
                content.status = .partial
                content.note = "page \(index + 1) could not be read"
                continue
            }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            let text = Self.text(of: page)
            content.pages.append(PageText(number: index + 1, text: text, source: text.isEmpty ? .none : .pdfText))
            if index == 0 { thumbnail = try? Self.render(page) }
        }
        return Extraction(content: content, thumbnailPNG: thumbnail)
    }

    /// The page's text. poppler's selection runs from one corner to the other and, on
    /// right-to-left lines, drops all but the last line when started from the left; so a
    /// page with Hebrew or Arabic (or no text) is also read right to left and the fuller
    /// reading kept.
    static func text(of page: OpaquePointer) -> String {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        let plain = cleaned(withWordGaps(page))
        guard plain.isEmpty || plain.unicodeScalars.contains(where: isRightToLeft) else { return plain }
        var rightToLeft = PopplerRectangle(x1: width, y1: 0, x2: 0, y2: height)
        let reversed = cleaned(take(poppler_page_get_selected_text(page, POPPLER_SELECTION_GLYPH, &rightToLeft)))
        return reversed.count > plain.count ? reversed : plain
    }

    /// The page text with a space wherever two glyphs of one line stand apart: PDFs often
    /// place words by position rather than with a space glyph, and poppler's selection
    /// text then runs them together ("HelloWorld"). Each character has a box in the layout.
    static func withWordGaps(_ page: OpaquePointer) -> String? {
        guard let text = take(poppler_page_get_text(page), trimming: false) else { return nil }
        var boxes: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout(page, &boxes, &count) != 0, let boxes else { return text }
        defer { g_free(boxes) }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == Int(count) else { return text }
        // Built as UTF-8 bytes: appending to a String scalar by scalar was a fifth of the
        // time spent reading a text PDF (measured with callgrind).
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for index in scalars.indices {
            if index > 0, !isSpace(scalars[index - 1]), !isSpace(scalars[index]) {
                let before = boxes[index - 1], after = boxes[index]
                let size = max(before.y2 - before.y1, after.y2 - after.y1)
                let sameLine = abs(before.y1 - after.y1) < size / 2
                if sameLine && after.x1 - before.x2 > size * 0.3 { result.append(0x20) }
            }
            UTF8.encode(scalars[index]) { result.append($0) }
        }
        return trimmed(String(decoding: result, as: UTF8.self))
    }

    /// Whitespace, with the common ASCII answer found without Unicode tables.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
        default: return false
        }
    }

    /// poppler wraps right-to-left words in bidi embedding controls (U+202A–U+202E): layout
    /// hints, not content. A closing-then-opening pair separates words.
    static func cleaned(_ text: String?) -> String {
        guard let text else { return "" }
        guard text.unicodeScalars.contains(where: { (0x202A...0x202E).contains($0.value) }) else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if previous == "\u{202C}" && scalar == "\u{202B}" { result.append(" ") }
            previous = scalar
            if !(0x202A...0x202E).contains(scalar.value) { result.append(scalar) }
        }
        return String(result)
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
    static func take(_ pointer: UnsafeMutablePointer<gchar>?, trimming: Bool = true) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        let text = trimming ? trimmed(String(cString: pointer)) : String(cString: pointer)
        return text.isEmpty ? nil : text
    }
}
