import Foundation
import HomeCrewCore
import HomeCrewPaperText

/// Renders a payment receipt as a one-page A4 PDF laid out by `PaperLayout`, so a name in
/// Devanagari, Arabic or Japanese is shaped, ordered and given a font that has its letters.
/// Everything in the file is a function of the receipt, so the same receipt gives the same bytes.
public enum ReceiptRenderer {
    public static func pdf(_ receipt: PaymentReceipt) -> [UInt8] {
        let versions = PaperVersions(receipt, worker: receipt.member.language, household: receipt.householdRecord.language) { $0.receipt($1) }
        // A receipt in two languages keeps to one page with narrower margins.
        return PaperLayout.pdf(title: versions.first.title, created: receipt.issued, margin: versions.papers.count == 1 ? 56 : 44,
                               mirrored: versions.papers[0].rightToLeft) { page in
            draw(versions, &page)
        }
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

    private static func draw(_ versions: PaperVersions<PaymentReceipt>, _ page: inout PaperLayout) {
        let receipt = versions.first
        // Two languages fit on the page with smaller letters and less room between the parts.
        let (room, size) = versions.papers.count == 1 ? (1.0, 1.0) : (0.5, 0.85)
        page.y += 8
        page.paragraphs(versions.texts(\.title), .bold(18 * size), after: 6)
        page.paragraphs(versions.texts(\.numberLine), .regular(9), after: 14 * room)
        for line in receipt.household { page.paragraph(line, .regular(11 * size), after: 2) }
        page.y += 18 * room
        page.paragraph(receipt.employee, .bold(14 * size), after: 10 * room)
        page.paragraphs(versions.texts(\.amountFigures), .bold(20 * size), after: 4)
        // A language without number words gives the figures alone, never another language's words.
        page.paragraphs(versions.texts(\.amountWords).filter { !$0.isEmpty }, .italic(11 * size), after: 16 * room)
        for index in receipt.details.indices {
            page.pairs(versions.texts { $0.details[index].label }, versions.texts { $0.details[index].value }, .regular(10 * size), valueAt: 120,
                       after: 4 * room)
        }
        page.y += 18 * room
        // The paper's own sentence runs in its language's direction, even when it begins with a name in another script.
        page.paragraphs(versions.texts(\.statement), .regular(11 * size), directions: versions.papers.map { $0.rightToLeft ? .rightToLeft : .leftToRight },
                        between: 4)
        if !versions.governing.isEmpty { page.y += 6 }
        for sentence in versions.governing { page.paragraph(sentence, .regular(8), after: 2) }
        page.signatures(receipt.signatures.indices.map { index in versions.texts { $0.signatures[index] } },
                        captions: versions.texts(\.signatureCaption), gap: 60 * room * room, atFoot: false)
    }
}
