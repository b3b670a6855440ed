/// Dates written the ways the households' papers write them, in folded text (`LabelledDates.fold`):
/// 2031-03-14, 14/03/2031, 14.03.2031, 14 MAR 2031, March 14, 2031, 2031年3月14日, 令和13年3月14日.
public enum DateText {
    public struct Read: Hashable, Sendable {
        public var date: CalendarDate
        /// The date as written (folded).
        public var text: String
        /// Where it is written: indexes of the scalars read (of the slice's base array).
        public var range: Range<Int>
    }

    enum Token: Equatable {
        case number(Int, digits: Int)
        case word(String)
        case mark(Unicode.Scalar)
    }

    /// The dates in `text`, left to right, at most `limit`.
    public static func dates(in text: String, order: DateOrder?, today: CalendarDate, limit: Int = 10) -> [Read] {
        let folded = LabelledDates.foldedScalars(text, limit: 10_000)
        return dates(in: folded[...], order: order, today: today, limit: limit)
    }

    static func dates(in scalars: ArraySlice<Unicode.Scalar>, order: DateOrder?, today: CalendarDate, limit: Int) -> [Read] {
        let tokens = tokenize(scalars)
        let kinds = tokens.map(\.token)
        var found: [Read] = []
        var index = 0
        while index < tokens.count, found.count < limit {
            if let (date, used) = date(at: index, kinds, order: order, today: today) {
                let range = tokens[index].range.lowerBound..<tokens[index + used - 1].range.upperBound
                found.append(Read(date: date, text: String(String.UnicodeScalarView(scalars[range])), range: range))
                index += used
            } else {
                index += 1
            }
        }
        return found
    }

    static func tokenize(_ scalars: ArraySlice<Unicode.Scalar>) -> [(token: Token, range: Range<Int>)] {
        var tokens: [(token: Token, range: Range<Int>)] = []
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace { index += 1; continue }
            var end = index + 1
            if ("0"..."9").contains(scalar) {
                while end < scalars.endIndex, ("0"..."9").contains(scalars[end]) { end += 1 }
                let digits = end - index
                // A run longer than a year is no part of a date; its value is never needed.
                let value = digits > 4 ? -1 : scalars[index..<end].reduce(0) { $0 * 10 + Int($1.value - 48) }
                tokens.append((.number(value, digits: digits), index..<end))
            } else if ("a"..."z").contains(scalar) {
                while end < scalars.endIndex, ("a"..."z").contains(scalars[end]) { end += 1 }
                tokens.append((.word(String(String.UnicodeScalarView(scalars[index..<end]))), index..<end))
            } else {
                tokens.append((.mark(scalar), index..<end))
            }
            index = end
        }
        return tokens
    }

    /// The tokens from one place on, read by offset.
    struct Cursor {
        let tokens: [Token]
        let index: Int
        let today: CalendarDate
        static let separators: Set<Unicode.Scalar> = ["-", "/", "."]

        func token(_ offset: Int) -> Token? { index + offset < tokens.count ? tokens[index + offset] : nil }
        func number(_ offset: Int, _ digits: ClosedRange<Int>) -> Int? {
            if case let .number(value, count)? = token(offset), digits.contains(count) { return value }
            return nil
        }
        func mark(_ offset: Int) -> Unicode.Scalar? {
            if case let .mark(scalar)? = token(offset) { return scalar }
            return nil
        }
        func separator(_ offset: Int) -> Unicode.Scalar? { mark(offset).flatMap { Self.separators.contains($0) ? $0 : nil } }
        func month(_ offset: Int) -> Int? {
            if case let .word(word)? = token(offset) { return DocumentFacts.monthNames.first { $0.word == word }?.month }
            return nil
        }
        /// The date, when its year is one a labelled date may name and the day exists.
        func make(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate? {
            guard LabelledDates.years(today: today).contains(year) else { return nil }
            return try? CalendarDate(year: year, month: month, day: day)
        }
    }

    /// The date starting at token `index` and the number of tokens it takes.
    static func date(at index: Int, _ tokens: [Token], order: DateOrder?, today: CalendarDate) -> (CalendarDate, Int)? {
        let at = Cursor(tokens: tokens, index: index, today: today)
        // The token before a date must not join it to a longer number (12.14.03.2031).
        if index > 1, at.separator(-1) != nil, case .number = tokens[index - 2] { return nil }
        return yearFirst(at) ?? numeric(at, order: order) ?? dayMonthName(at) ?? monthNameDay(at) ?? japanese(at)
    }

    /// 2031-03-14, 2031/03/14, 2031.03.14: year first is always year, month, day.
    static func yearFirst(_ at: Cursor) -> (CalendarDate, Int)? {
        guard let year = at.number(0, 4...4), let separator = at.separator(1), let month = at.number(2, 1...2),
              at.mark(3) == separator, let day = at.number(4, 1...2) else { return nil }
        return at.make(year, month, day).map { ($0, 5) }
    }

    /// 14/03/2031, 14.03.2031, 14-03-2031: the country decides which number is the month; without
    /// one, only a date that can be read one way (14/03, 03/14, 03/03) is a date.
    static func numeric(_ at: Cursor, order: DateOrder?) -> (CalendarDate, Int)? {
        guard let first = at.number(0, 1...2), let separator = at.separator(1), let second = at.number(2, 1...2),
              at.mark(3) == separator, let year = at.number(4, 4...4) else { return nil }
        let dayFirst: Bool
        if first == second { dayFirst = true }
        else if let order { dayFirst = order == .dayFirst }
        else if first > 12 && second <= 12 { dayFirst = true }
        else if second > 12 && first <= 12 { dayFirst = false }
        else { return nil }
        return (dayFirst ? at.make(year, second, first) : at.make(year, first, second)).map { ($0, 5) }
    }

    /// 14 MAR 2031, 14-Mar-2031, 14 MAR/MARS 2031 (the month again in another language).
    static func dayMonthName(_ at: Cursor) -> (CalendarDate, Int)? {
        guard let day = at.number(0, 1...2) else { return nil }
        var offset = at.separator(1) == nil ? 1 : 2
        guard let month = at.month(offset) else { return nil }
        offset += 1
        if at.mark(offset) == "/", case .word? = at.token(offset + 1) { offset += 2 }
        if at.separator(offset) != nil || at.mark(offset) == "," { offset += 1 }
        guard let year = at.number(offset, 4...4) else { return nil }
        return at.make(year, month, day).map { ($0, offset + 1) }
    }

    /// March 14, 2031.
    static func monthNameDay(_ at: Cursor) -> (CalendarDate, Int)? {
        guard let month = at.month(0), let day = at.number(1, 1...2) else { return nil }
        let offset = at.mark(2) == "," ? 3 : 2
        guard let year = at.number(offset, 4...4) else { return nil }
        return at.make(year, month, day).map { ($0, offset + 1) }
    }

    /// 2031年3月14日 and era dates: 令和13年3月14日, 平成元年1月8日. An era date outside its era gives nothing.
    static func japanese(_ at: Cursor) -> (CalendarDate, Int)? {
        func isMark(_ offset: Int, _ scalar: Unicode.Scalar) -> Bool { at.mark(offset) == scalar }
        func monthAndDay(after offset: Int) -> (month: Int, day: Int, used: Int)? {
            guard isMark(offset, "年"), let month = at.number(offset + 1, 1...2), isMark(offset + 2, "月"),
                  let day = at.number(offset + 3, 1...2), isMark(offset + 4, "日") else { return nil }
            return (month, day, offset + 5)
        }
        if let year = at.number(0, 4...4), let rest = monthAndDay(after: 1) {
            return at.make(year, rest.month, rest.day).map { ($0, rest.used) }
        }
        for era in DocumentFacts.japaneseEras {
            let name = Array(era.name.unicodeScalars)
            guard name.indices.allSatisfy({ isMark($0, name[$0]) }) else { continue }
            let eraYear = isMark(name.count, "元") ? 1 : at.number(name.count, 1...2)
            guard let eraYear, let rest = monthAndDay(after: name.count + 1),
                  let date = at.make(era.firstYear + eraYear - 1, rest.month, rest.day),
                  let first = try? CalendarDate(year: era.from.0, month: era.from.1, day: era.from.2), date >= first
            else { return nil }
            if let to = era.to, let last = try? CalendarDate(year: to.0, month: to.1, day: to.2), date > last { return nil }
            return (date, rest.used)
        }
        return nil
    }
}
