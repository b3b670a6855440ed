import Foundation

/// A language the papers can be printed in, and the locale its numbers, money and dates are
/// written in when the household gives no region (the region its workers mostly come from).
public struct PaperLanguage: Hashable, Sendable {
    /// The BCP 47 tag, and the catalog's name: "fil", "zh-Hant".
    public let tag: String
    /// The ICU locale for formatting: "hi_IN" groups 1,23,45,678.50; "ne_NP" writes Devanagari digits.
    public let formattingLocale: String
    /// Written right to left (Arabic, Urdu): amounts are kept left to right inside it.
    public let rightToLeft: Bool
}

public enum PaperLanguages {
    /// The languages with a catalog, as data: a language is added by adding its catalog and a row here.
    public static let all: [PaperLanguage] = [
        PaperLanguage(tag: "en", formattingLocale: "en_GB", rightToLeft: false),
        PaperLanguage(tag: "fil", formattingLocale: "fil_PH", rightToLeft: false),
        PaperLanguage(tag: "id", formattingLocale: "id_ID", rightToLeft: false),
        PaperLanguage(tag: "hi", formattingLocale: "hi_IN", rightToLeft: false),
        PaperLanguage(tag: "ne", formattingLocale: "ne_NP", rightToLeft: false),
        PaperLanguage(tag: "ta", formattingLocale: "ta_IN", rightToLeft: false),
        PaperLanguage(tag: "bn", formattingLocale: "bn_BD", rightToLeft: false),
        PaperLanguage(tag: "ar", formattingLocale: "ar_AE", rightToLeft: true),
        PaperLanguage(tag: "si", formattingLocale: "si_LK", rightToLeft: false),
        PaperLanguage(tag: "ur", formattingLocale: "ur_PK", rightToLeft: true),
        PaperLanguage(tag: "zh-Hant", formattingLocale: "zh_Hant_HK", rightToLeft: false),
        PaperLanguage(tag: "ja", formattingLocale: "ja_JP", rightToLeft: false),
    ]

    public static func language(_ tag: String) -> PaperLanguage? { all.first { $0.tag == tag } }

    /// The languages whose catalog translates every key the papers print: the ones a person's
    /// `--language` may name.
    public static let complete: [PaperLanguage] = all.filter { language in
        guard let text = try? PaperText(language: language.tag) else { return false }
        return Set(PaperKey.allCases.map(\.catalogKey)).isSubset(of: text.translatedKeys)
    }

    static func catalogURL(_ tag: String) -> URL? {
        guard language(tag) != nil,
              let folder = Bundle.module.url(forResource: "catalogs", withExtension: nil) else { return nil }
        return folder.appendingPathComponent("\(tag).po")
    }
}
