import HomeCrewCore
import HomeCrewPaperText

/// Renders a settlement statement as A4 PDF pages laid out by `PaperLayout` (names in their own
/// scripts; a long statement goes on to more pages), in the worker's language with the
/// household's under each line when they differ; the same statement gives the same bytes.
public enum SettlementRenderer {
    public static func pdf(_ statement: SettlementStatement) -> [UInt8] {
        let versions = PaperVersions(statement, worker: statement.settlementFacts.member.language, household: statement.household.language) {
            $0.statement($1)
        }
        return PaperLayout.pdf(title: versions.first.title, created: statement.issued, margin: 48,
                               mirrored: versions.papers[0].rightToLeft) { page in draw(versions, &page) }
    }

    private static func draw(_ versions: PaperVersions<SettlementStatement>, _ page: inout PaperLayout) {
        let statement = versions.first
        page.paragraphs(versions.texts(\.title), .bold(16), after: 6)
        for line in statement.employer { page.paragraph(line, .regular(10), after: 1) }
        page.y += 10
        page.paragraph(statement.employee, .bold(13), after: 6)
        for index in statement.facts.indices {
            page.pairs(versions.texts { $0.facts[index].label }, versions.texts { $0.facts[index].value }, .regular(8.5), valueAt: 110, after: 2)
        }
        page.y += 8
        for index in statement.lines.indices {
            page.amounts(versions.texts { $0.lines[index].heading }, versions.texts { $0.lines[index].amount }, .bold(9.5), after: 1)
            for detail in statement.lines[index].details.indices {
                page.paragraphs(versions.texts { $0.lines[index].details[detail] }, .regular(8), indent: 12, after: 1)
            }
            page.y += 5
        }
        page.amounts(versions.texts(\.totalLabel), versions.texts(\.total), .bold(12), after: 2)
        page.paragraphs(versions.texts(\.totalWords).filter { !$0.isEmpty }, .italic(9), after: 8)
        for index in statement.notes.indices {
            page.paragraphs(versions.texts { $0.notePrefix + $0.notes[index] }, .regular(7.5), after: 2)
        }
        for sentence in versions.governing { page.paragraph(sentence, .regular(7.5), after: 2) }
        page.signatures(statement.signatures.indices.map { index in versions.texts { $0.signatures[index] } },
                        captions: versions.texts(\.signatureCaption), gap: 40, atFoot: true)
    }
}
