import HomeCrewCore

/// Renders a settlement statement as an A4 PDF page laid out by Pango (names in their own
/// scripts); the same statement gives the same bytes.
public enum SettlementRenderer {
    public static func pdf(_ statement: SettlementStatement) -> [UInt8] {
        PDFPage.render(title: statement.title, created: statement.issued) { cr in draw(statement, cr) }
    }

    private static func draw(_ statement: SettlementStatement, _ cr: OpaquePointer) {
        let left = 48.0, width = 499.0
        var y = 48.0
        y += PDFPage.text(statement.title, font: "Noto Sans Bold 16", at: left, y, width: width, cr) + 6
        for line in statement.employer { y += PDFPage.text(line, font: "Noto Sans 10", at: left, y, width: width, cr) + 1 }
        y += 10
        y += PDFPage.text(statement.employee, font: "Noto Sans Bold 13", at: left, y, width: width, cr) + 6
        for (label, value) in statement.facts {
            _ = PDFPage.text(label, font: "Noto Sans 8.5", at: left, y, width: 100, cr)
            y += PDFPage.text(value, font: "Noto Sans 8.5", at: left + 110, y, width: width - 110, cr) + 2
        }
        y += 8
        for line in statement.lines {
            _ = PDFPage.text(line.heading, font: "Noto Sans Bold 9.5", at: left, y, width: width - 130, cr)
            y += PDFPage.text(line.amount, font: "Noto Sans Bold 9.5", at: left + width - 120, y, width: 120, cr) + 1
            for detail in line.details { y += PDFPage.text(detail, font: "Noto Sans 8", at: left + 12, y, width: width - 12, cr) + 1 }
            y += 5
        }
        y += PDFPage.text("Total: \(statement.total)", font: "Noto Sans Bold 12", at: left, y, width: width, cr) + 2
        y += PDFPage.text(statement.totalWords, font: "Noto Sans Italic 9", at: left, y, width: width, cr) + 8
        for note in statement.notes { y += PDFPage.text("Note: " + note, font: "Noto Sans 7.5", at: left, y, width: width, cr) + 2 }
        PDFPage.signatureLines(statement.signatures, at: left, max(y + 40, 760), width: width, cr)
    }
}
