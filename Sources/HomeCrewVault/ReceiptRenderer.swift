import CCairo
import CPango
import Foundation
import HomeCrewCore

/// Renders a payment receipt as a one-page A4 PDF. Text is laid out by Pango, so a name in
/// Devanagari, Arabic or Japanese is shaped, ordered and given a font that has its letters.
/// Everything in the file is a function of the receipt, so the same receipt gives the same bytes.
public enum ReceiptRenderer {
    public static func pdf(_ receipt: PaymentReceipt) -> [UInt8] {
        PDFPage.render(title: receipt.title, created: receipt.issued) { cr in draw(receipt, cr) }
    }

    /// How each currency's amounts are said (`Resources/currency-words.tsv`).
    public static let currencyWords: [String: CurrencyWords] = {
        guard let url = Bundle.module.url(forResource: "currency-words", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var table: [String: CurrencyWords] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 6 else { continue }
            table[cells[0]] = CurrencyWords(one: cells[1], many: cells[2], minorOne: cells[3].isEmpty ? nil : cells[3],
                                            minorMany: cells[4].isEmpty ? nil : cells[4],
                                            numbering: CurrencyWords.Numbering(rawValue: cells[5]) ?? .international)
        }
        return table
    }()

    private static func draw(_ receipt: PaymentReceipt, _ cr: OpaquePointer) {
        let left = 56.0, width = 483.0
        var y = 64.0
        y += PDFPage.text(receipt.title, font: "Noto Sans Bold 18", at: left, y, width: width, cr) + 6
        y += PDFPage.text("No. \(receipt.number)", font: "Noto Sans 9", at: left, y, width: width, cr) + 14
        for line in receipt.household { y += PDFPage.text(line, font: "Noto Sans 11", at: left, y, width: width, cr) + 2 }
        y += 18
        y += PDFPage.text(receipt.employee, font: "Noto Sans Bold 14", at: left, y, width: width, cr) + 10
        y += PDFPage.text(receipt.amountFigures, font: "Noto Sans Bold 20", at: left, y, width: width, cr) + 4
        y += PDFPage.text(receipt.amountWords, font: "Noto Sans Italic 11", at: left, y, width: width, cr) + 16
        for (label, value) in receipt.details {
            _ = PDFPage.text(label, font: "Noto Sans 10", at: left, y, width: 110, cr)
            y += PDFPage.text(value, font: "Noto Sans 10", at: left + 120, y, width: width - 120, cr) + 4
        }
        y += 18
        y += PDFPage.text(receipt.statement, font: "Noto Sans 11", at: left, y, width: width, cr) + 60
        PDFPage.signatureLines(receipt.signatures, at: left, y, width: width, cr)
    }
}

/// A4 pages drawn into a PDF in memory, and Pango text on them.
enum PDFPage {
    static let height = 841.89

    final class Sink { var bytes: [UInt8] = [] }

    static func render(title: String, created: CalendarDate, _ draw: (OpaquePointer) -> Void) -> [UInt8] {
        let sink = Sink()
        let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque(), 595.276, height)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "\(created)T00:00:00")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "HomeCrew")
        let cr = cairo_create(surface)!
        draw(cr)
        cairo_show_page(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return withExtendedLifetime(sink) { sink.bytes }
    }

    /// Lines to sign side by side, each with its label and "Signature and date" under it.
    static func signatureLines(_ labels: [String], at left: Double, _ y: Double, width: Double, _ cr: OpaquePointer) {
        for (index, label) in labels.enumerated() {
            let x = left + Double(index) * (width / 2 + 10)
            cairo_move_to(cr, x, y)
            cairo_line_to(cr, x + width / 2 - 20, y)
            cairo_set_line_width(cr, 0.6)
            cairo_stroke(cr)
            _ = text(label, font: "Noto Sans 9", at: x, y + 4, width: width / 2 - 20, cr)
            _ = text("Signature and date", font: "Noto Sans 8", at: x, y + 18, width: width / 2 - 20, cr)
        }
    }

    /// Draws `string` as plain text (never markup) wrapped to `width` points; returns its height.
    static func text(_ string: String, font: String, at x: Double, _ y: Double, width: Double, _ cr: OpaquePointer) -> Double {
        withLayout(string, font: font, width: width, cr) { layout in
            cairo_move_to(cr, x, y)
            pango_cairo_show_layout(cr, layout)
        }
    }

    /// The height `text` would take, without drawing it.
    static func height(_ string: String, font: String, width: Double, _ cr: OpaquePointer) -> Double {
        withLayout(string, font: font, width: width, cr) { _ in }
    }

    private static func withLayout(_ string: String, font: String, width: Double, _ cr: OpaquePointer,
                                   _ use: (OpaquePointer) -> Void) -> Double {
        let layout = pango_cairo_create_layout(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        // Each paragraph takes the direction of its first strong letter (an Arabic name reads right to left).
        pango_layout_set_auto_dir(layout, 1)
        pango_layout_set_text(layout, string, -1)
        use(layout)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.height) / Double(PANGO_SCALE)
    }

    /// Blocks placed down the page; a block that would cross the bottom margin starts a new
    /// page, so a long statement goes on to a second page instead of being cut off.
    struct Flow {
        let cr: OpaquePointer
        let top: Double, bottom: Double
        var y: Double

        init(_ cr: OpaquePointer, margin: Double) {
            self.cr = cr
            top = margin
            bottom = PDFPage.height - margin
            y = margin
        }

        /// Makes room for `height` points: a new page when they do not fit below `y`.
        mutating func reserve(_ height: Double) {
            guard y + height > bottom, y > top else { return }
            cairo_show_page(cr)
            y = top
        }

        /// Draws one paragraph at `x`, on a new page if it does not fit, and moves below it.
        mutating func text(_ string: String, font: String, at x: Double, width: Double, after gap: Double) {
            reserve(PDFPage.height(string, font: font, width: width, cr))
            y += PDFPage.text(string, font: font, at: x, y, width: width, cr) + gap
        }
    }
}
