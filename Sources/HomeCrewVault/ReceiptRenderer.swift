import Foundation
import HomeCrewCore

/// Renders a payment receipt as a one-page A4 PDF laid out by `PaperLayout`, so a name in
/// Devanagari, Arabic or Japanese is shaped, ordered and given a font that has its letters.
/// Everything in the file is a function of the receipt, so the same receipt gives the same bytes.
public enum ReceiptRenderer {
    public static func pdf(_ receipt: PaymentReceipt) -> [UInt8] {
        PaperLayout.pdf(title: receipt.title, created: receipt.issued, margin: 56) { page in draw(receipt, &page) }
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

    private static func draw(_ receipt: PaymentReceipt, _ page: inout PaperLayout) {
        page.y += 8
        page.paragraph(receipt.title, .bold(18), after: 6)
        page.paragraph("No. \(receipt.number)", .regular(9), after: 14)
        for line in receipt.household { page.paragraph(line, .regular(11), after: 2) }
        page.y += 18
        page.paragraph(receipt.employee, .bold(14), after: 10)
        page.paragraph(receipt.amountFigures, .bold(20), after: 4)
        page.paragraph(receipt.amountWords, .italic(11), after: 16)
        for (label, value) in receipt.details { page.pair(label, value, .regular(10), valueAt: 120, after: 4) }
        page.y += 18
        page.paragraph(receipt.statement, .regular(11), direction: .leftToRight)
        page.signatures(receipt.signatures, gap: 60, atFoot: false)
    }
}
