import Foundation
import HomeCrewCore

/// How every paper HomeCrew prints (payslips, receipts, settlement statements) is laid out: A4
/// pages of a PDF drawn by cairo, every piece of text shaped by Pango (HarfBuzz), each paragraph
/// in the direction of its first strong letter, in a Noto font that has its script. Blocks go
/// down the page from the top margin; one that would cross the bottom margin starts a new page.
/// Everything in the file is a function of what is drawn (its creation date is the paper's own
/// date), so the same paper always gives the same bytes and is stored once.
struct PaperLayout {
    static let pageWidth = 595.276, pageHeight = 841.89

    /// A weight and size in the Noto families, one per script, in the order Pango tries them:
    /// fontconfig's own fallback gives Arabic to DejaVu Sans, and cairo's toy text API, which
    /// nothing here uses, drew Devanagari as empty boxes and Arabic unjoined, left to right.
    struct Font {
        enum Style: String { case regular = "", bold = "Bold", italic = "Italic" }
        let style: Style
        let size: Double
        /// Grey: the household's language under the worker's.
        var gray = false

        static func regular(_ size: Double) -> Font { Font(style: .regular, size: size) }
        static func bold(_ size: Double) -> Font { Font(style: .bold, size: size) }
        static func italic(_ size: Double) -> Font { Font(style: .italic, size: size) }

        /// Latin first; CJK last, as its fonts also hold Latin letters and digits.
        static let families = ["Noto Sans", "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Sinhala",
                               "Noto Sans Arabic", "Noto Sans CJK JP"]

        /// Pango's form: "Noto Sans,Noto Sans Devanagari,… Bold 10".
        var pango: String { "\(Self.families.joined(separator: ",")) \(style.rawValue) \(size)" }

        /// The same text in a paper's second language: a little smaller, grey, never bold.
        var second: Font { Font(style: style == .bold ? .regular : style, size: (size * 0.85).rounded(), gray: true) }
    }

    /// A signature line with its label and caption under it, and how tall that is at least.
    static let signatureHeight = 34.0

    let cr: OpaquePointer
    let left: Double, width: Double
    /// A paper whose first language runs right to left (Arabic, Urdu) is drawn as its reader reads:
    /// labels against the right margin, values and amounts to their left, the first signature on the right.
    let mirrored: Bool
    let top: Double, bottom: Double
    /// Where the next block starts, in points from the top of the current page.
    var y: Double

    private final class Sink { var bytes: [UInt8] = [] }
    private var lib: PaperLibraries { .shared }

    /// A one-document PDF of A4 pages with `margin` on every side, drawn by `draw`.
    static func pdf(title: String, created: CalendarDate, margin: Double, mirrored: Bool = false,
                    _ draw: (inout PaperLayout) -> Void) -> [UInt8] {
        let lib = PaperLibraries.shared, sink = Sink()
        let surface = lib.pdfSurfaceForStream({ closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return PaperLibraries.statusSuccess
        }, Unmanaged.passUnretained(sink).toOpaque(), pageWidth, pageHeight)
        lib.pdfSurfaceSetMetadata(surface, PaperLibraries.metadataCreateDate, "\(created)T00:00:00")
        lib.pdfSurfaceSetMetadata(surface, PaperLibraries.metadataTitle, title)
        lib.pdfSurfaceSetMetadata(surface, PaperLibraries.metadataCreator, "HomeCrew")
        let cr = lib.create(surface)!
        var page = PaperLayout(cr: cr, left: margin, width: pageWidth - 2 * margin, mirrored: mirrored, top: margin, bottom: pageHeight - margin,
                               y: margin)
        draw(&page)
        lib.showPage(cr)
        lib.destroy(cr)
        lib.surfaceFinish(surface)
        lib.surfaceDestroy(surface)
        return withExtendedLifetime(sink) { sink.bytes }
    }

    // MARK: Blocks

    /// Which way a paragraph runs. A value a person typed (a name, an address) takes the direction
    /// of its first strong letter, so an Arabic name reads right to left; a sentence of the paper's
    /// own (English for now) runs in the paper's direction, even when it begins with such a name.
    enum Direction { case ofText, leftToRight, rightToLeft }

    /// One paragraph wrapped to the width (less `indent`), on a new page if it does not fit; `gap` below it.
    mutating func paragraph(_ text: String, _ font: Font, indent: Double = 0, direction: Direction = .ofText, after gap: Double = 0) {
        reserve(height(text, font, width: width - indent, direction: direction))
        let drawn = draw(text, font, x: mirrored ? left : left + indent, width: width - indent, direction: direction)
        y += drawn + gap
    }

    /// A label and its value side by side, the value from `valueAt` points in; each wraps in its column.
    mutating func pair(_ label: String, _ value: String, _ font: Font, valueAt offset: Double, after gap: Double = 0) {
        let labelWidth = offset - 10, valueWidth = width - offset
        reserve(max(height(label, font, width: labelWidth), height(value, font, width: valueWidth)))
        let drawn = mirrored
            ? max(draw(label, font, x: left + width - labelWidth, width: labelWidth, flush: .right),
                  draw(value, font, x: left, width: valueWidth, flush: .right))
            : max(draw(label, font, x: left, width: labelWidth), draw(value, font, x: left + offset, width: valueWidth))
        y += drawn + gap
    }

    /// A label and an amount, the amount on one line against the right margin, the label wrapping
    /// beside it so that the two never overlap.
    mutating func amount(_ label: String, _ amount: String, _ font: Font, amountWidth: Double = 120, after gap: Double = 0) {
        let labelWidth = width - amountWidth - 10
        reserve(max(height(label, font, width: labelWidth), height(amount, font, width: nil)))
        let (right, lineTop, mirrored) = (left + width, y, mirrored)
        let amountHeight = withLayout(amount, font, width: nil) { layout, extent in
            lib.moveTo(cr, mirrored ? left : right - extent.width, lineTop)
            lib.showLayout(cr, layout)
        }
        let labelHeight = mirrored ? draw(label, font, x: right - labelWidth, width: labelWidth, flush: .right)
                                   : draw(label, font, x: left, width: labelWidth)
        let drawn = max(labelHeight, amountHeight)
        y += drawn + gap
    }

    /// The same paragraph in each of a paper's languages, each under the one before in the second
    /// font, `between` apart; a text that reads the same in each (a name) once.
    mutating func paragraphs(_ texts: [String], _ font: Font, indent: Double = 0, directions: [Direction] = [], between: Double = 1,
                             after gap: Double = 0) {
        let shown = Self.distinct(texts)
        for (index, text) in shown.enumerated() {
            let direction = index < directions.count ? directions[index] : .ofText
            paragraph(text, index == 0 ? font : font.second, indent: indent, direction: direction,
                      after: index == shown.count - 1 ? gap : between)
        }
    }

    /// `amount` for each language: the first's label and amount, then each other's under it, its
    /// amount only where it is written differently.
    mutating func amounts(_ labels: [String], _ amounts: [String], _ font: Font, between: Double = 1, after gap: Double = 0) {
        for (index, label) in labels.enumerated() {
            let written = index == 0 || !Self.same(amounts[index], amounts[0]) ? amounts[index] : ""
            amount(label, written, index == 0 ? font : font.second, after: index == labels.count - 1 ? gap : between)
        }
    }

    /// `pair` for each language, each under the one before.
    mutating func pairs(_ labels: [String], _ values: [String], _ font: Font, valueAt offset: Double, between: Double = 1, after gap: Double = 0) {
        for (index, label) in labels.enumerated() {
            let value = index == 0 || !Self.same(values[index], values[0]) ? values[index] : ""
            pair(label, value, index == 0 ? font : font.second, valueAt: offset, after: index == labels.count - 1 ? gap : between)
        }
    }

    /// The texts in order, each once.
    static func distinct(_ texts: [String]) -> [String] {
        texts.reduce(into: []) { kept, text in if !kept.contains(where: { same($0, text) }) { kept.append(text) } }
    }

    /// Whether two texts read the same, the marks that keep an amount left to right inside
    /// right-to-left text aside.
    static func same(_ one: String, _ other: String) -> Bool {
        let marks = Set("\u{200E}\u{200F}\u{2066}\u{2067}\u{2068}\u{2069}".unicodeScalars)
        func bare(_ text: String) -> String.UnicodeScalarView { String.UnicodeScalarView(text.unicodeScalars.filter { !marks.contains($0) }) }
        return one == other || String(bare(one)) == String(bare(other))
    }

    /// A thin line across the page.
    mutating func rule(after gap: Double) {
        reserve(1)
        lib.moveTo(cr, left, y)
        lib.lineTo(cr, left + width, y)
        lib.setLineWidth(cr, 0.5)
        lib.stroke(cr)
        y += gap
    }

    /// Lines to sign side by side, each with its label in each language (`labels[line][language]`)
    /// and the caption ("Signature and date", one a language) under it; with `atFoot` they sit on
    /// the bottom margin of the last page (a page of their own when there is no room), at least
    /// `gap` below what came before. Each text takes its line (14 and 12 points), in two languages
    /// more where its script is taller (Arabic).
    mutating func signatures(_ labels: [[String]], captions: [String], gap: Double, atFoot: Bool) {
        let column = width / 2 - 20
        func font(_ size: Double, _ language: Int) -> Font { language == 0 ? .regular(size) : Font.regular(size).second }
        // One language keeps the lines it always had; in two, each text takes its script's height.
        func room(_ text: String, _ font: Font, _ line: Double) -> Double {
            captions.count == 1 ? line : max(line, height(text, font, width: column))
        }
        func stack(_ texts: [String]) -> [(text: String, font: Font, height: Double)] {
            texts.enumerated().map { ($1, font(9, $0), room($1, font(9, $0), 14)) }
                + captions.enumerated().map { ($1, font(8, $0), room($1, font(8, $0), 12)) }
        }
        let stacks = labels.map(stack)
        let tallest = stacks.map { $0.reduce(8) { $0 + $1.height } }.max() ?? 0
        let block = max(Self.signatureHeight, tallest)
        moveDown(gap, before: block, toFoot: atFoot)
        for (index, texts) in stacks.enumerated() {
            let x = mirrored ? left + width - column - Double(index) * (width / 2 + 10) : left + Double(index) * (width / 2 + 10)
            lib.moveTo(cr, x, y)
            lib.lineTo(cr, x + column, y)
            lib.setLineWidth(cr, 0.6)
            lib.stroke(cr)
            var lineTop = y + 4
            for text in texts {
                _ = draw(text.text, text.font, x: x, y: lineTop, width: column, flush: mirrored ? .right : .natural)
                lineTop += text.height
            }
        }
        y += block
    }

    /// Notes on the bottom margin of the last page, at least `gap` below what came before.
    mutating func footnotes(_ lines: [String], _ font: Font, gap: Double, after spacing: Double = 1) {
        let total = lines.reduce(0) { $0 + height($1, font, width: width) + spacing }
        moveDown(gap, before: total, toFoot: true)
        for line in lines { paragraph(line, font, after: spacing) }
    }

    // MARK: Pages

    /// Makes room for `height` points: a new page when they do not fit below `y`.
    mutating func reserve(_ height: Double) {
        guard y + height > bottom, y > top else { return }
        lib.showPage(cr)
        y = top
    }

    /// Moves `gap` down before a block of `height` (on a new page when both do not fit), and with
    /// `toFoot` further down, to where the block ends on the bottom margin.
    private mutating func moveDown(_ gap: Double, before height: Double, toFoot: Bool) {
        reserve(gap + height)
        y = max(y + gap, toFoot ? bottom - height : 0)
    }

    // MARK: Text

    /// The height `text` takes wrapped to `width` (nil: one line, never wrapped).
    func height(_ text: String, _ font: Font, width: Double?, direction: Direction = .ofText) -> Double {
        withLayout(text, font, width: width, direction: direction) { _, _ in }
    }

    /// Where a paragraph's lines sit in their column: as its direction has them (a right-to-left
    /// paragraph from the right), or all against the column's right edge (a mirrored paper's labels).
    enum Flush { case natural, right }

    /// Draws `text` as plain text (never markup) with its top left at x, y (the current y when
    /// nil); returns its height.
    private func draw(_ text: String, _ font: Font, x: Double, y: Double? = nil, width: Double, direction: Direction = .ofText,
                      flush: Flush = .natural) -> Double {
        let lineTop = y ?? self.y
        return withLayout(text, font, width: width, direction: direction, flush: flush) { layout, _ in
            lib.moveTo(cr, x, lineTop)
            lib.showLayout(cr, layout)
        }
    }

    private func withLayout(_ text: String, _ font: Font, width: Double?, direction: Direction = .ofText, flush: Flush = .natural,
                            _ use: (OpaquePointer, _ extent: (width: Double, height: Double)) -> Void) -> Double {
        let layout = lib.createLayout(cr)!
        defer { lib.objectUnref(layout) }
        let description = lib.fontFromString(font.pango)
        defer { lib.fontFree(description) }
        lib.setFont(layout, description)
        if let width {
            lib.setWidth(layout, Int32(width * PaperLibraries.scale))
            lib.setWrap(layout, PaperLibraries.wrapWordChar)
        }
        if direction != .ofText {
            // A strong base direction (the context's own default is weak, which lets the first letter
            // decide); runs inside the paragraph are still ordered by the bidi algorithm. A right-to-left
            // paragraph starts at the right margin.
            lib.setBaseDirection(lib.layoutContext(layout), direction == .leftToRight ? PaperLibraries.directionLeftToRight : PaperLibraries.directionRightToLeft)
            lib.contextChanged(layout)
            if direction == .rightToLeft { lib.setAlignment(layout, PaperLibraries.alignRight) }
        }
        lib.setAutoDirection(layout, direction == .ofText ? 1 : 0)
        lib.setText(layout, text, -1)
        if flush == .right {
            // With the direction taken from the text, Pango swaps left and right for a right-to-left
            // paragraph (the first line's direction is the paragraph's, whatever its first run: "31 أكتوبر").
            let swapped = direction == .ofText && lib.lineDirection(lib.firstLine(layout, 0)) == PaperLibraries.directionRightToLeft
            lib.setAlignment(layout, swapped ? PaperLibraries.alignLeft : PaperLibraries.alignRight)
        }
        let extent = lib.logicalSize(of: layout)
        if font.gray { lib.setSourceRGB(cr, 0.33, 0.33, 0.33) }
        use(layout, extent)
        if font.gray { lib.setSourceRGB(cr, 0, 0, 0) }
        return extent.height
    }
}
