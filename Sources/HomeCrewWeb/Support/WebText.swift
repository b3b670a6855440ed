import Foundation
import HomeCrewCore
import HomeCrewPaperText

/// A language the web pages are written in, and its name written in itself (the account page's choices).
struct WebLanguage: Hashable, Sendable {
    /// The BCP 47 tag, and the catalogs' folder: "ar", "zh-Hant".
    let tag: String
    let name: String
    let rightToLeft: Bool
}

/// The words of the web pages in the request's language: the account's choice, else the
/// browser's `Accept-Language`, else English. Every English message a page prints goes through
/// `t` or `tPlural` as a string literal (never interpolated), so that the catalogs' completeness
/// test finds each one in the source.
struct WebText: Sendable {
    /// Set for each request by the language middleware; English outside a request.
    @TaskLocal static var current = WebText.english
    static let english = WebText(language: "en")

    /// The languages with catalogs (`Catalogs/<tag>/*.po`), as data: a language is added by adding its folder and a row here.
    static let languages: [WebLanguage] = [
        WebLanguage(tag: "en", name: "English", rightToLeft: false),
        WebLanguage(tag: "ar", name: "العربية", rightToLeft: true),
        WebLanguage(tag: "hi", name: "हिन्दी", rightToLeft: false),
        WebLanguage(tag: "zh-Hant", name: "繁體中文", rightToLeft: false),
        WebLanguage(tag: "ja", name: "日本語", rightToLeft: false),
        WebLanguage(tag: "fil", name: "Filipino", rightToLeft: false),
        WebLanguage(tag: "id", name: "Bahasa Indonesia", rightToLeft: false),
    ]

    /// The BCP 47 tag of the page's language ("ar", "zh-Hant").
    let language: String
    private let catalog: WebCatalog?

    /// The words in `language`; an unknown tag, or a catalog that cannot be read, gives English.
    init(language: String) {
        let known = WebText.languages.contains { $0.tag == language }
        self.language = known ? language : "en"
        catalog = known ? try? WebCatalog.loaded[language]?.get() : nil
    }

    var rightToLeft: Bool { WebText.languages.first { $0.tag == language }?.rightToLeft ?? false }

    /// On a right-to-left page a value without a letter (a date, a month, a period, a figure) starts
    /// with a left-to-right mark: after Arabic words the bidi algorithm would otherwise take its
    /// digits for Arabic ones and show 2026-10-31 as 31-10-2026. (A mark, not an isolate: a value
    /// shown through `bdi` writes isolates out as `[U+2068]`, as it must for what a person typed.)
    private func anchored(_ values: [String: String]) -> [String: String] {
        guard rightToLeft else { return values }
        return values.mapValues { value in
            let scalars = value.unicodeScalars
            let numeric = scalars.contains { $0.properties.numericType != nil }
                && !scalars.contains { $0.properties.isAlphabetic }
            return numeric ? "\u{200E}" + value : value
        }
    }

    func text(_ english: String, _ values: [String: String], context: String?) -> String {
        let entry = catalog?.entries[POKey(context: context, id: english)]
        let template = entry.flatMap { $0.isTranslated ? $0.translations.first : nil } ?? english
        return PaperText.fill(template, anchored(values))
    }

    func plural(_ one: String, _ other: String, count: Int, _ values: [String: String], context: String?) -> String {
        var values = anchored(values)
        if values["count"] == nil { values["count"] = String(count) }
        if let catalog, let entry = catalog.entries[POKey(context: context, id: one)], entry.isTranslated,
           entry.translations.count == catalog.rule.count {
            return PaperText.fill(entry.translations[catalog.rule.form(for: count)], values)
        }
        return PaperText.fill(count == 1 ? one : other, values)
    }

    /// A length of service in words ("3 سنوات و2 شهران"), as the papers write it in this language;
    /// nil in English, whose pages keep the domain's own wording.
    func duration(_ tenure: Tenure) -> String? {
        guard language != "en", let paper = WebText.papers[language] else { return nil }
        return paper.text.duration(years: tenure.years, months: tenure.months, days: tenure.days, format: paper.format)
    }

    /// A moment (a backup's) as this language writes a day and a time in the server's time zone;
    /// in English as the command line prints it ("25 Nov 2026 03:00").
    func time(_ moment: Date, timeZone: TimeZone = .current) -> String {
        guard language != "en", let paper = WebText.papers[language] else { return BackupRun.shownTime(moment, timeZone: timeZone) }
        return paper.format.dateTime(moment, timeZone: timeZone)
    }

    /// The papers' words and formats in each of the pages' languages, read once per process.
    private static let papers: [String: (text: PaperText, format: PaperFormat)] = Dictionary(uniqueKeysWithValues: languages.compactMap { language in
        guard let paper = PaperLanguages.language(language.tag), let text = try? PaperText(language: language.tag) else { return nil }
        return (language.tag, (text: text, format: PaperFormat(language: paper)))
    })

    /// Checked before the server starts: a program installed without its catalogs, or with one
    /// that does not parse, says so rather than serving English silently.
    static func checkCatalogs() throws(UnreadableWebCatalog) {
        // What was read once for the process: a server started again (as the tests do, hundreds of
        // times) does not parse the catalogs again.
        for language in languages {
            if case let .failure(error) = WebCatalog.loaded[language.tag] { throw error }
        }
    }
}

/// One language's messages: every `Catalogs/<tag>/*.po` merged (the first file to hold a key wins;
/// the catalogs' test fails when two files disagree), read once per process.
struct WebCatalog: Sendable {
    let entries: [POKey: POEntry]
    let rule: PluralRule

    static let loaded: [String: Result<WebCatalog, UnreadableWebCatalog>] = Dictionary(uniqueKeysWithValues: WebText.languages.map {
        ($0.tag, read($0.tag))
    })

    static var folder: URL? { Bundle.module.url(forResource: "Catalogs", withExtension: nil) }

    static func read(_ tag: String) -> Result<WebCatalog, UnreadableWebCatalog> {
        guard let folder = folder?.appendingPathComponent(tag),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return .failure(UnreadableWebCatalog(tag: tag, file: nil, reason: "its folder is missing"))
        }
        var entries: [POKey: POEntry] = [:]
        var rule: PluralRule?
        for name in names.filter({ $0.hasSuffix(".po") }).sorted() {
            do {
                let catalog = try POCatalog(parsing: String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
                rule = try rule ?? catalog.pluralRule()
                entries.merge(catalog.entries) { first, _ in first }
            } catch {
                return .failure(UnreadableWebCatalog(tag: tag, file: name, reason: "\(error)"))
            }
        }
        guard let rule else { return .failure(UnreadableWebCatalog(tag: tag, file: nil, reason: "it holds no .po file")) }
        return .success(WebCatalog(entries: entries, rule: rule))
    }
}

struct UnreadableWebCatalog: HomeCrewError {
    let tag: String
    let file: String?
    let reason: String
    var category: ErrorCategory { .internal }
    var description: String {
        "the web pages' catalog for '\(tag)'\(file.map { " (\($0))" } ?? "") cannot be read: \(reason); install HomeCrew again with Scripts/install"
    }
}

/// `t("Paid {amount} on {date}", ["amount": amount, "date": date])`: the message in the request's
/// language, each `{name}` filled once. The result is plain text, escaped like any other value.
func t(_ english: String, _ values: [String: String] = [:], context: String? = nil) -> String {
    WebText.current.text(english, values, context: context)
}

/// A message said with a count, in the language's plural form for it; `{count}` is the count.
func tPlural(_ one: String, _ other: String, count: Int, _ values: [String: String] = [:], context: String? = nil) -> String {
    WebText.current.plural(one, other, count: count, values, context: context)
}
