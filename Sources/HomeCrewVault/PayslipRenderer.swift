import HomeCrewCore

/// Renders a payslip as an A4 PDF laid out by `PaperLayout` (names in their own scripts). Everything
/// that goes into the file is a function of the payslip (the creation date included), so the same
/// payslip always gives the same bytes and is stored once.
public enum PayslipRenderer {
    public static func pdf(_ payslip: Payslip) -> [UInt8] {
        PaperLayout.pdf(title: payslip.heading.first ?? "Payslip", created: payslip.issued, margin: 56) { page in draw(payslip, &page) }
    }

    private static func draw(_ payslip: Payslip, _ page: inout PaperLayout) {
        if let title = payslip.heading.first { page.paragraph(title, .bold(16), after: 6) }
        for line in payslip.heading.dropFirst() { page.paragraph(line, .regular(10), after: 3) }
        page.y += 20
        for row in payslip.rows { page.amount(row.label, row.amount, .regular(10), after: 4) }
        page.y += 4
        page.rule(after: 8)
        page.amount(payslip.net.label, payslip.net.amount, .bold(10))
        page.footnotes(payslip.footnote, .regular(8), gap: 24)
    }
}
