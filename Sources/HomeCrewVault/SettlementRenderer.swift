import HomeCrewCore

/// Renders a settlement statement as an A4 PDF page laid out by Pango (names in their own
/// scripts); the same statement gives the same bytes.
public enum SettlementRenderer {
    public static func pdf(_ statement: SettlementStatement) -> [UInt8] {
        PDFPage.render(title: statement.title, created: statement.issued) { cr in draw(statement, cr) }
    }

    private static func draw(_ statement: SettlementStatement, _ cr: OpaquePointer) {
        let left = 48.0, width = 499.0
        var page = PDFPage.Flow(cr, margin: 48)
        page.text(statement.title, font: "Noto Sans Bold 16", at: left, width: width, after: 6)
        for line in statement.employer { page.text(line, font: "Noto Sans 10", at: left, width: width, after: 1) }
        page.y += 10
        page.text(statement.employee, font: "Noto Sans Bold 13", at: left, width: width, after: 6)
        for (label, value) in statement.facts { pair(label, value, font: "Noto Sans 8.5", at: left, valueAt: 110, &page, width: width, after: 2) }
        page.y += 8
        for line in statement.lines {
            pair(line.heading, line.amount, font: "Noto Sans Bold 9.5", at: left, valueAt: width - 120, &page, width: width, after: 1)
            for detail in line.details { page.text(detail, font: "Noto Sans 8", at: left + 12, width: width - 12, after: 1) }
            page.y += 5
        }
        page.text("Total: \(statement.total)", font: "Noto Sans Bold 12", at: left, width: width, after: 2)
        page.text(statement.totalWords, font: "Noto Sans Italic 9", at: left, width: width, after: 8)
        for note in statement.notes { page.text("Note: " + note, font: "Noto Sans 7.5", at: left, width: width, after: 2) }
        // The signatures sit low on the last page, on a page of their own when there is no room.
        page.reserve(40 + signatureHeight)
        PDFPage.signatureLines(statement.signatures, at: left, max(page.y + 40, signaturesLowest), width: width, cr)
    }

    /// A signature line with its two captions under it, and where the lines sit when there is room.
    private static let signatureHeight = 34.0, signaturesLowest = 760.0

    /// A label and its value side by side, kept on one page.
    private static func pair(_ label: String, _ value: String, font: String, at left: Double, valueAt offset: Double,
                             _ page: inout PDFPage.Flow, width: Double, after gap: Double) {
        let labelWidth = offset - 10, valueWidth = width - offset
        page.reserve(max(PDFPage.height(label, font: font, width: labelWidth, page.cr),
                         PDFPage.height(value, font: font, width: valueWidth, page.cr)))
        let labelHeight = PDFPage.text(label, font: font, at: left, page.y, width: labelWidth, page.cr)
        let valueHeight = PDFPage.text(value, font: font, at: left + offset, page.y, width: valueWidth, page.cr)
        page.y += max(labelHeight, valueHeight) + gap
    }
}
