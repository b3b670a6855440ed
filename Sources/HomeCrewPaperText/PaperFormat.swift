import Foundation
import HomeCrewCore

/// Numbers, money, dates and lists as one language and region write them, all through
/// Foundation's ICU formatters (nothing here groups digits or names months by hand).
public struct PaperFormat: Sendable {
    public let locale: Locale
    public let rightToLeft: Bool

    /// `region` (the household's country, "AE") overrides the language's usual one: Arabic in
    /// Riyadh is "ar_SA", English in Mumbai "en_IN".
    public init(language: PaperLanguage, region: String? = nil) {
        let identifier = region.map { "\(language.tag.replacingOccurrences(of: "-", with: "_"))_\($0)" } ?? language.formattingLocale
        locale = Locale(identifier: identifier)
        rightToLeft = language.rightToLeft
    }

    /// Left-to-right isolate (U+2066 … U+2069): an amount inside right-to-left text keeps its
    /// digits, sign and currency in the order they are read, whatever surrounds it.
    public func keptLeftToRight(_ text: String) -> String {
        rightToLeft ? "\u{2066}\(text)\u{2069}" : text
    }

    /// "₹1,23,45,678.50" (hi_IN), "नेरू १,२३,४५,६७८.५०" (ne_NP), the currency's own minor digits.
    public func money(_ amount: Decimal, currency: Currency) -> String {
        keptLeftToRight(amount.formatted(.currency(code: currency.code).precision(.fractionLength(currency.minorUnits)).locale(locale)))
    }

    /// A plain amount without its currency ("1,23,45,678.50"), for columns headed by the currency;
    /// with `plus`, an amount added says so ("+1,000.00").
    public func amount(_ amount: Decimal, currency: Currency, plus: Bool = false) -> String {
        let style = Decimal.FormatStyle.number.precision(.fractionLength(currency.minorUnits)).locale(locale)
        return keptLeftToRight(amount.formatted(plus ? style.sign(strategy: .always()) : style))
    }

    /// A count or a number of days, in the locale's digits ("१२", "1.5").
    public func number(_ value: Decimal) -> String {
        value.formatted(.number.precision(.fractionLength(0...2)).locale(locale))
    }

    public func integer(_ value: Int) -> String { value.formatted(.number.grouping(.never).locale(locale)) }

    /// "28 November 2026", "28 نوفمبر 2026", "2026年11月28日": always the Gregorian calendar, so the
    /// date is the same day in every language (Arabic in Saudi Arabia would otherwise be Hijri).
    public func longDate(_ date: CalendarDate) -> String {
        Self.date(date).formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: Self.gregorian, timeZone: Self.utc))
    }

    /// The month `date` is in: "November 2026", "नवंबर 2026".
    public func month(of date: CalendarDate) -> String {
        Self.date(date).formatted(Date.FormatStyle(locale: locale, calendar: Self.gregorian, timeZone: Self.utc).year().month(.wide))
    }

    /// A moment as the language writes a day and a time of day in `timeZone` ("25 نوفمبر 2026، 3:00 ص",
    /// "2026年11月25日 3:00"): always the Gregorian calendar.
    public func dateTime(_ moment: Date, timeZone: TimeZone) -> String {
        moment.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, calendar: Self.gregorian, timeZone: timeZone))
    }

    /// "a, b and c" as the language lists things.
    public func list(_ items: [String]) -> String { items.formatted(.list(type: .and).locale(locale)) }

    /// The name of the language `tag` in this locale's language ("English" in Hindi: "अंग्रेज़ी").
    public func languageName(_ tag: String) -> String {
        locale.localizedString(forIdentifier: tag) ?? tag
    }

    /// A whole number in words, or nil when ICU has no words for this language: it then silently
    /// answers in English, which is detected by comparing with the English words.
    public func spelledOut(_ value: Decimal) -> String? {
        guard spellsOut else { return nil }
        return Self.spell(value, locale)
    }

    /// Whether ICU has number words for this language (si, bn and ur answered in English in 2026).
    public var spellsOut: Bool {
        guard locale.language.languageCode?.identifier != "en" else { return true }
        return Self.spell(Self.probe, locale) != Self.spell(Self.probe, Locale(identifier: "en"))
    }

    /// "१२,५०० … नेपाली रुपैयाँ and 50/100" as the catalog phrases it; nil when the language has no
    /// number words (the paper then gives the figures alone).
    public func amountInWords(_ amount: Decimal, currency: Currency, text: PaperText) -> String? {
        var whole = Decimal(), magnitude = amount < 0 ? -amount : amount
        NSDecimalRound(&whole, &magnitude, 0, .down)
        guard let words = spelledOut(amount < 0 ? -whole : whole) else { return nil }
        let name = locale.localizedString(forCurrencyCode: currency.code) ?? currency.code
        let scale = (0..<currency.minorUnits).reduce(Decimal(1)) { value, _ in value * 10 }
        let minor = (magnitude - whole) * scale
        guard currency.minorUnits > 0, minor != 0 else { return text.text(.amountInWords, ["whole": words, "currency": name]) }
        let fraction = keptLeftToRight("\(integer(NSDecimalNumber(decimal: minor).intValue))/\(integer(NSDecimalNumber(decimal: scale).intValue))")
        return text.text(.amountInWordsWithFraction, ["whole": words, "currency": name, "fraction": fraction])
    }

    static let probe = Decimal(123_456)
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
    static let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()

    static func spell(_ value: Decimal, _ locale: Locale) -> String? {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .spellOut
        return formatter.string(from: NSDecimalNumber(decimal: value))
    }

    static func date(_ date: CalendarDate) -> Date {
        gregorian.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
    }
}
