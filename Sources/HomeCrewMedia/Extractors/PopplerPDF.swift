import CCairo
import Foundation
import PopplerDocument

/// One PDF parsed once by poppler's C++ binding, for everything the extractors need: the text of
/// its pages in poppler's own layout (the word and line assembly of `pdftotext`, which keeps
/// Arabic drawn as isolated presentation-form glyphs and words placed by position whole, where
/// poppler-glib's selection text did not), its metadata, page 1's fonts, and pages drawn by
/// Splash, the renderer of `pdftoppm`.
final class PopplerPDF {
    enum OpenFailure: Error {
        case locked
        /// poppler's last complaint about the file, when it made one.
        case unreadable(String?)
    }

    private let document: OpaquePointer

    init(path: String, password: String?) throws(OpenFailure) {
        var status: Int32 = 0
        var problem: UnsafeMutablePointer<CChar>?
        guard let document = hc_pdf_open(path, password, &status, &problem) else {
            let complaint = problem.map { String(cString: $0) }
            hc_pdf_free(problem)
            throw status == Int32(HC_PDF_LOCKED) ? .locked : .unreadable(complaint.map(Self.complaintText))
        }
        self.document = document
    }

    deinit { hc_pdf_close(document) }

    /// poppler's message without its "error (offset): " prefix: "Couldn't read xref table".
    static func complaintText(_ message: String) -> String {
        trimmed(message.replacing(/^\s*(syntax )?error( \(\d+\))?:\s*/.ignoresCase(), with: ""))
    }

    var pageCount: Int { Int(hc_pdf_page_count(document)) }
    var isEncrypted: Bool { hc_pdf_is_encrypted(document) != 0 }

    /// How many times a page took a font this document had built for an earlier page.
    var fontsReused: UInt64 { hc_pdf_fonts_reused(document) }

    /// Whether pages read from now on take the fonts their document built for earlier pages
    /// (always, but for the tests that compare both ways), and the process's allocated bytes past
    /// which no more are kept (nil: as it was).
    static func keepFontsBetweenPages(_ keep: Bool, untilAllocated ceiling: Int? = nil) {
        hc_pdf_keep_fonts(keep ? 1 : 0, ceiling ?? 0)
    }

    /// A document information entry ("Title", "Author"), trimmed; nil when absent or blank.
    func info(_ key: String) -> String? {
        guard let value = hc_pdf_info(document, key) else { return nil }
        defer { hc_pdf_free(value) }
        let text = Self.trimmed(String(cString: value))
        return text.isEmpty ? nil : text
    }

    /// A document information date ("CreationDate"); nil when absent or unreadable.
    func date(_ key: String) -> Date? {
        let seconds = hc_pdf_info_date(document, key)
        return seconds > 0 ? Date(timeIntervalSince1970: TimeInterval(seconds)) : nil
    }

    /// A page's size in points as it is shown (crop box, rotation applied); nil when unknown.
    func size(ofPage index: Int) -> (width: Double, height: Double)? {
        var width = 0.0, height = 0.0
        hc_pdf_page_size(document, Int32(index), &width, &height)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// The page (0-based) drawn on white at `dpi`, as a cairo RGB24 surface over poppler's own
    /// pixels (freed with the surface); the caller destroys it.
    func render(page index: Int, dpi: Double) -> OpaquePointer? {
        var width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0
        guard let pixels = hc_pdf_render(document, Int32(index), dpi, &width, &height, &stride) else { return nil }
        guard stride == cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width),
              let surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_RGB24, width, height, stride) else {
            hc_pdf_free(pixels)
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(surface, &Self.pixelsKey, pixels, { hc_pdf_free($0) }) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            hc_pdf_free(pixels)
            return nil
        }
        return surface
    }

    private nonisolated(unsafe) static var pixelsKey = cairo_user_data_key_t()

    /// Fonts page 1 (the thumbnail's page) names without embedding them, with the file poppler
    /// draws each with here.
    var outsideFonts: [(name: String, file: String)] {
        guard let list = hc_pdf_outside_fonts(document) else { return [] }
        defer { hc_pdf_free(list) }
        return String(cString: list).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(fields[0]), fields.count > 1 ? String(fields[1]) : "")
        }
    }

    /// The fonts that are neither in the PDF nor on this machine, each with the file drawn instead
    /// ("" for none). The PDF standard's 14 base fonts are expected to be supplied by the reader.
    var missingFonts: [(name: String, substitute: String)] {
        outsideFonts.compactMap { font in
            let name = font.name.split(separator: "+").last.map(String.init) ?? font.name  // drop a subset tag
            let family = Self.letters(name.split(separator: "-").first.map(String.init) ?? name)
            guard !Self.baseFontFamilies.contains(where: family.hasPrefix) else { return nil }
            let file = (font.file as NSString).lastPathComponent
            if !family.isEmpty && Self.letters(file).contains(family) { return nil }
            return (name, file)
        }
    }

    static let baseFontFamilies = ["times", "helvetica", "courier", "symbol", "zapfdingbats"]

    static func letters(_ text: String) -> String { String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic }) }

    /// The page's text (0-based index), nil when the page cannot be read.
    func text(ofPage index: Int) -> String? {
        var length = 0
        guard let bytes = hc_pdf_page_text(document, Int32(index), &length) else { return nil }
        defer { hc_pdf_free(bytes) }
        let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        return Self.trimmed(Self.withoutBidiControls(text))
    }

    /// poppler wraps runs of each direction in bidi controls (U+202A–U+202E; isolates U+2066–U+2069):
    /// layout hints, not content, so they go. Where they stood between two letters or digits
    /// ("habibi" beside its Arabic, "15" beside a Hebrew letter) they were the only separator,
    /// so a space takes their place.
    static func withoutBidiControls(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
        func isWordCharacter(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        var boundary = false
        for scalar in text.unicodeScalars {
            if isControl(scalar) { boundary = true; continue }
            if boundary && isWordCharacter(result.last) && isWordCharacter(scalar) { result.append(" ") }
            boundary = false
            result.append(scalar)
        }
        return String(result)
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
