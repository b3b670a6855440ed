import CCairo
import Foundation
import HomeCrewCore

/// Renders a payslip as a one-page A4 PDF with cairo. Everything that goes into the file is
/// a function of the payslip (the creation date included), so the same payslip always gives
/// the same bytes and is stored once.
public enum PayslipRenderer {
    final class Sink { var bytes: [UInt8] = [] }

    public static func pdf(_ payslip: Payslip) -> [UInt8] {
        let sink = Sink()
        let unmanaged = Unmanaged.passUnretained(sink).toOpaque()
        let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, unmanaged, 595.276, 841.89)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "\(payslip.issued)T00:00:00")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, payslip.heading.first ?? "Payslip")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "HomeCrew")
        let cr = cairo_create(surface)!
        draw(payslip, cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return withExtendedLifetime(sink) { sink.bytes }
    }

    private static func draw(_ payslip: Payslip, _ cr: OpaquePointer) {
        let left = 56.0, right = 539.0
        var y = 72.0
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 16)
        text(payslip.heading[0], at: left, y, cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 10)
        for line in payslip.heading.dropFirst() { y += 16; text(line, at: left, y, cr) }
        y += 28
        for row in payslip.rows {
            text(row.label, at: left, y, cr)
            text(row.amount, rightAlignedAt: right, y, cr)
            y += 16
        }
        cairo_move_to(cr, left, y - 8)
        cairo_line_to(cr, right, y - 8)
        cairo_set_line_width(cr, 0.5)
        cairo_stroke(cr)
        y += 8
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        text(payslip.net.label, at: left, y, cr)
        text(payslip.net.amount, rightAlignedAt: right, y, cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 8)
        for (index, line) in payslip.footnote.enumerated() { text(line, at: left, 790 + Double(index) * 11, cr) }
        cairo_show_page(cr)
    }

    private static func text(_ string: String, at x: Double, _ y: Double, _ cr: OpaquePointer) {
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, string)
    }

    private static func text(_ string: String, rightAlignedAt x: Double, _ y: Double, _ cr: OpaquePointer) {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, string, &extents)
        text(string, at: x - extents.x_advance, y, cr)
    }
}
