import HomeCrewCore

/// Renders a settlement statement as A4 PDF pages laid out by `PaperLayout` (names in their own
/// scripts; a long statement goes on to more pages); the same statement gives the same bytes.
public enum SettlementRenderer {
    public static func pdf(_ statement: SettlementStatement) -> [UInt8] {
        PaperLayout.pdf(title: statement.title, created: statement.issued, margin: 48) { page in draw(statement, &page) }
    }

    private static func draw(_ statement: SettlementStatement, _ page: inout PaperLayout) {
        page.paragraph(statement.title, .bold(16), after: 6)
        for line in statement.employer { page.paragraph(line, .regular(10), after: 1) }
        page.y += 10
        page.paragraph(statement.employee, .bold(13), after: 6)
        for (label, value) in statement.facts { page.pair(label, value, .regular(8.5), valueAt: 110, after: 2) }
        page.y += 8
        for line in statement.lines {
            page.amount(line.heading, line.amount, .bold(9.5), after: 1)
            for detail in line.details { page.paragraph(detail, .regular(8), indent: 12, after: 1) }
            page.y += 5
        }
        page.amount("Total", statement.total, .bold(12), after: 2)
        page.paragraph(statement.totalWords, .italic(9), after: 8)
        for note in statement.notes { page.paragraph("Note: " + note, .regular(7.5), after: 2) }
        page.signatures(statement.signatures, gap: 40, atFoot: true)
    }
}
