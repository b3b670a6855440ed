/// Whether a country writes numeric dates day first (14/03/2031) or month first (03/14/2031).
public enum DateOrder: String, Sendable {
    case dayFirst = "day-first"
    case monthFirst = "month-first"

    /// The order of a country given as an ISO 3166 alpha-2 or alpha-3 code, or a zone's code
    /// (ICAO 9303 part 3 writes Germany as D); nil for anything else.
    public static func of(country: String) -> DateOrder? {
        let code = country.uppercased()
        guard (1...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return DocumentFacts.monthFirstCountries.contains(code) ? .monthFirst : .dayFirst
    }
}

/// Dates found by their labels ("Date of expiry 14/03/2031", "有効期限 令和13年3月14日").
///
/// A date is taken from the rest of its label's line, or, when the line holds only labels,
/// from the next line, paired in order with the labels when that line holds as many dates.
/// Numeric dates whose day and month could be swapped are read in the order of `order`; without
/// it they give no date. Years must have four digits (or be a Japanese era year) and lie within
/// `LabelledDates.years(today:)`. Two different dates for the same field give neither. Only a
/// date's own words and marks may stand between a label and its date (`onlyDateWords`); the
/// evidence shows the label and the date as they are written on the line.
public enum LabelledDates {
    public struct Found: Hashable, Sendable {
        public var field: FactField
        public var date: CalendarDate
        public var label: String
        public var textLine: Int
        public var excerpt: String
    }

    /// Years a labelled date may name: 150 years back (a birth date) to 100 ahead.
    public static func years(today: CalendarDate) -> ClosedRange<Int> { (today.year - 150)...(today.year + 100) }

    static func find(_ folded: [Unicode.Scalar], original: String, order: DateOrder?, today: CalendarDate,
                     limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) -> [Found] {
        let hits = labelHits(folded, limits: limits, work: &work)
        let lines = lineStarts(folded)
        var written = AsWritten(original)
        var found: [Found] = []
        var byLine: [Int: [LabelHit]] = [:]
        for hit in hits { byLine[hit.line, default: []].append(hit) }
        for (line, lineHits) in byLine {
            let lineEnd = line < lines.count ? lines[line] - 1 : folded.count   // the newline ending it
            let groups = merged(lineHits)
            var pending: [LabelHit] = []
            for (index, group) in groups.enumerated() {
                let segmentEnd = index + 1 < groups.count ? groups[index + 1].start : lineEnd
                work.dateSegments += 1
                if let date = DateText.dates(in: folded[group.end..<min(segmentEnd, group.end + limits.dateWindow)], order: order,
                                             today: today, limit: 1).first,
                   onlyDateWords(folded[group.end..<date.range.lowerBound]) {
                    found.append(Found(field: group.field, date: date.date, label: group.label, textLine: line,
                                       excerpt: written.text(line: line, folded: group.start..<date.range.upperBound, lines)))
                } else if onlyDateWords(folded[group.end..<segmentEnd]) {
                    pending.append(group)
                }
            }
            // Labels alone on their line: a row of labels over a row of as many dates.
            guard !pending.isEmpty, let next = nextNonEmptyLine(after: line, lines, folded), byLine[next] == nil else { continue }
            let nextEnd = next < lines.count ? lines[next] - 1 : folded.count
            let start = lines[next - 1]
            work.dateSegments += 1
            let dates = DateText.dates(in: folded[start..<min(nextEnd, start + limits.dateWindow * 4)], order: order,
                                       today: today, limit: pending.count + 1)
            let gaps = Array(zip([start] + dates.map(\.range.upperBound), dates.map(\.range.lowerBound)))
            guard dates.count == pending.count, let first = gaps.first,
                  onlyDateWords(folded[first.0..<first.1])
                    || sameColumnsBefore(labels: folded[lines[line - 1]..<pending[0].start], values: folded[first.0..<first.1]),
                  gaps.dropFirst().allSatisfy({ onlyDateWords(folded[$0..<$1]) }) else { continue }
            for (hit, date) in zip(pending, dates) {
                found.append(Found(field: hit.field, date: date.date, label: hit.label, textLine: next,
                                   excerpt: written.text(line: next, folded: date.range, lines)))
            }
        }
        return found.sorted { ($0.textLine, $0.field.rawValue) < ($1.textLine, $1.field.rawValue) }
    }

    /// Whether the text holds nothing but a date's own words and marks (`DocumentFacts.dateWords`):
    /// what stands between a label and its date. "Valid until 60 days after entry; date of entry
    /// stamped 14/03/2026" does not say the visa expires on 14 March.
    static func onlyDateWords(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var word = String.UnicodeScalarView()
        for scalar in text {
            if scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark || scalar == "'" {
                word.append(scalar)
                continue
            }
            guard word.isEmpty || DocumentFacts.dateWords.contains(String(word)) else { return false }
            word = String.UnicodeScalarView()
            guard scalar.properties.isWhitespace || DocumentFacts.dateMarks.contains(scalar) else { return false }
        }
        return word.isEmpty || DocumentFacts.dateWords.contains(String(word))
    }

    /// Whether the words before a row's first date are the values of the columns whose labels
    /// stand before the first date label ("Nationality  Date of issue" over "PHL  15 MAR 2021"): no
    /// more words than those labels, and no digits (a count, as in "60 days after", is not a column).
    static func sameColumnsBefore(labels: ArraySlice<Unicode.Scalar>, values: ArraySlice<Unicode.Scalar>) -> Bool {
        func words(_ text: ArraySlice<Unicode.Scalar>) -> Int {
            text.split(whereSeparator: { $0.properties.isWhitespace }).count
        }
        let labelWords = words(labels)
        return labelWords > 0 && words(values) <= labelWords
            && !values.contains(where: { $0.properties.numericType != nil })
    }

    struct LabelHit {
        var field: FactField
        var label: String
        var start: Int
        var end: Int
        var line: Int
    }

    /// Where each line starts: `starts[n - 1]` is the index of line n's first character.
    static func lineStarts(_ folded: [Unicode.Scalar]) -> [Int] {
        var starts = [0]
        for (index, scalar) in folded.enumerated() where scalar == "\n" { starts.append(index + 1) }
        return starts
    }

    static func nextNonEmptyLine(after line: Int, _ starts: [Int], _ folded: [Unicode.Scalar]) -> Int? {
        var next = line + 1
        while next <= starts.count {
            let end = next < starts.count ? starts[next] - 1 : folded.count
            if folded[starts[next - 1]..<end].contains(where: { !$0.properties.isWhitespace }) { return next }
            if next - line > 2 { return nil }
            next += 1
        }
        return nil
    }

    /// Labels of the same field side by side ("Date of expiry تاريخ الانتهاء") are one label.
    static func merged(_ hits: [LabelHit]) -> [LabelHit] {
        var groups: [LabelHit] = []
        for hit in hits {
            if let last = groups.last, last.field == hit.field, hit.start - last.end <= 4 {
                groups[groups.count - 1].end = hit.end
            } else {
                groups.append(hit)
            }
        }
        return groups
    }

    private static let labels = WordFinder(DocumentFacts.dateLabels.map { ($0.words, $0.field) })

    /// Every label in the text, left to right, the longest where several start at one place.
    static func labelHits(_ folded: [Unicode.Scalar], limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) -> [LabelHit] {
        let hits = labels.hits(in: folded, limit: limits.labelHits)
        work.labelHits += hits.count
        return hits.map { LabelHit(field: $0.payload, label: $0.word, start: $0.start, end: $0.end, line: $0.line) }
    }

    /// Text folded for matching words and reading digits: lower case, full-width forms as ASCII,
    /// the digits of Arabic, Persian and Devanagari as 0–9, Arabic hamza forms of alef as alef,
    /// Arabic marks, tatweel and direction marks removed. Line breaks stay where they were.
    public static func fold(_ text: String, limit: Int = .max) -> String {
        var result = String.UnicodeScalarView()
        for scalar in foldedScalars(text, limit: limit) { result.append(scalar) }
        return String(result)
    }

    static func foldedScalars(_ text: String, limit: Int) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(min(text.utf8.count, limit))
        for scalar in text.unicodeScalars {
            if result.count >= limit { break }
            if let folded = fold(scalar) { result.append(folded) }
        }
        return result
    }

    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        switch value {
        case 0x41...0x5A: return Unicode.Scalar(value + 0x20)
        case 0xFF21...0xFF3A: return Unicode.Scalar(value - 0xFEE0 + 0x20)
        case 0xFF01...0xFF5E: return Unicode.Scalar(value - 0xFEE0)
        case 0x0660...0x0669: return Unicode.Scalar(value - 0x0660 + 0x30)
        case 0x06F0...0x06F9: return Unicode.Scalar(value - 0x06F0 + 0x30)
        case 0x0966...0x096F: return Unicode.Scalar(value - 0x0966 + 0x30)
        case 0x0622, 0x0623, 0x0625, 0x0671: return "\u{0627}"
        case 0x060D: return "/"
        case 0x2019, 0x2018: return "'"
        case 0x00A0, 0x3000: return " "
        case 0x0640, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return nil
        default:
            return SearchText.isArabicMark(scalar) ? nil : scalar
        }
    }
}

/// The text as it stands on its line, for evidence. Folding drops scalars (direction marks, Arabic
/// marks, tatweel), so a place in the folded text is found again by folding its line once more.
/// Direction marks and other invisible controls are left out: shown, they could reorder the evidence.
struct AsWritten {
    private let original: String
    private var lines: [Substring.UnicodeScalarView]?

    init(_ original: String) { self.original = original }

    /// The original of `range` (indexes of the folded text) on `line` (1 first); `starts` are the folded lines' starts.
    mutating func text(line: Int, folded range: Range<Int>, _ starts: [Int]) -> String {
        if lines == nil { lines = original.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) }
        guard let lines, line >= 1, line - 1 < lines.count, line - 1 < starts.count else { return "" }
        var kept = starts[line - 1]   // the folded index of the next scalar folding keeps
        var result = String.UnicodeScalarView()
        for scalar in lines[line - 1] {
            guard kept < range.upperBound else { break }
            if LabelledDates.fold(scalar) != nil {
                if kept >= range.lowerBound { result.append(scalar) }
                kept += 1
            } else if kept > range.lowerBound, scalar == "\u{0640}" || SearchText.isArabicMark(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
