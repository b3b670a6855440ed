import Foundation
import PopplerText

/// The text of a PDF's pages through poppler's own layout: the word and line assembly of
/// `pdftotext` (TextOutputDev), reached through poppler's C++ binding. It keeps words whole
/// where poppler-glib's selection text does not: Arabic drawn as isolated presentation-form
/// glyphs came out a letter at a time, and words placed by position ran together.
final class PageTextReader {
    private let document: OpaquePointer

    init?(path: String, password: String?) {
        var status: Int32 = 0
        guard let document = hc_pdf_text_open(path, password, &status) else { return nil }
        self.document = document
    }

    deinit { hc_pdf_text_close(document) }

    /// Fonts page 1 (the thumbnail's page) names without embedding them, with the file poppler
    /// draws each with here.
    var outsideFonts: [(name: String, file: String)] {
        guard let list = hc_pdf_text_outside_fonts(document) else { return [] }
        defer { hc_pdf_text_free(list) }
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
        guard let bytes = hc_pdf_text_page(document, Int32(index), &length) else { return nil }
        defer { hc_pdf_text_free(bytes) }
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
