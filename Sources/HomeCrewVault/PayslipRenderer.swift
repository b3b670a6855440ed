import HomeCrewCore
import HomeCrewPaperText

/// Renders a payslip as an A4 PDF laid out by `PaperLayout` (names in their own scripts), in the
/// worker's language with the household's under each line when they differ (`PaperVersions`).
/// Everything that goes into the file is a function of the payslip (the creation date included),
/// so the same payslip always gives the same bytes and is stored once.
public enum PayslipRenderer {
    public static func pdf(_ payslip: Payslip) -> [UInt8] {
        let versions = PaperVersions(payslip, worker: payslip.member.language, household: payslip.household.language) { $0.payslip($1) }
        return PaperLayout.pdf(title: versions.first.heading.first ?? "Payslip", created: payslip.issued, margin: 56,
                               mirrored: versions.papers[0].rightToLeft) { page in draw(versions, &page) }
    }

    private static func draw(_ versions: PaperVersions<Payslip>, _ page: inout PaperLayout) {
        let payslip = versions.first
        if !payslip.heading.isEmpty { page.paragraphs(versions.texts { $0.heading[0] }, .bold(16), after: 6) }
        for index in payslip.heading.indices.dropFirst() { page.paragraphs(versions.texts { $0.heading[index] }, .regular(10), after: 3) }
        page.y += 20
        for index in payslip.rows.indices {
            page.amounts(versions.texts { $0.rows[index].label }, versions.texts { $0.rows[index].amount }, .regular(10), after: 4)
        }
        page.y += 4
        page.rule(after: 8)
        page.amounts(versions.texts(\.net.label), versions.texts(\.net.amount), .bold(10))
        page.footnotes(versions.papers.flatMap(\.paper.footnote) + versions.governing, .regular(8), gap: 24)
    }
}
