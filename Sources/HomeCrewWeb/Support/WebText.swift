import HomeCrewPaperText

/// The words of the web pages in the request's language: the account's choice, else the
/// browser's `Accept-Language`, else English. Every English message a page prints goes through
/// `t` or `tPlural` as a string literal (never interpolated), so that the catalogs' completeness
/// test finds each one in the source.
struct WebText: Sendable {
    /// Set for each request by the language middleware; English outside a request.
    @TaskLocal static var current = WebText.english
    static let english = WebText(language: "en")

    /// The BCP 47 tag of the page's language ("ar", "zh-Hant").
    let language: String

    func text(_ english: String, _ values: [String: String], context: String?) -> String {
        PaperText.fill(english, values)
    }

    func plural(_ one: String, _ other: String, count: Int, _ values: [String: String], context: String?) -> String {
        var values = values
        if values["count"] == nil { values["count"] = String(count) }
        return PaperText.fill(count == 1 ? one : other, values)
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
