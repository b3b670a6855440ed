import Foundation

public enum PaperTextError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownLanguage(String, known: [String])
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case let .unknownLanguage(tag, known): "no catalog for the language '\(tag)'; known: \(known.joined(separator: ", "))"
        case let .unreadable(tag, reason): "the catalog for '\(tag)' cannot be read (\(reason)); reinstall HomeCrew"
        }
    }
}

/// The papers' words in one language, read from its catalog (`Resources/catalogs/<tag>.po`).
/// A message the catalog leaves untranslated (empty or fuzzy) is given in English, as gettext does;
/// `PaperLanguages.complete` lists the languages where that never happens.
public struct PaperText: Sendable {
    public let language: String
    let catalog: POCatalog
    let rule: PluralRule

    public init(language: String) throws(PaperTextError) {
        guard let url = PaperLanguages.catalogURL(language) else {
            throw .unknownLanguage(language, known: PaperLanguages.all.map(\.tag))
        }
        let catalog: POCatalog
        do {
            catalog = try POCatalog(parsing: String(contentsOf: url, encoding: .utf8))
        } catch let error as POError {
            throw .unreadable(language, reason: error.description)
        } catch {
            throw .unreadable(language, reason: "\(error)")
        }
        do throws(PluralRuleError) {
            self = try PaperText(language: language, catalog: catalog)
        } catch {
            throw .unreadable(language, reason: error.description)
        }
    }

    init(language: String, catalog: POCatalog) throws(PluralRuleError) {
        self.language = language
        self.catalog = catalog
        rule = try catalog.pluralRule()
    }

    /// The message with its placeholders filled: `text(.total, ["amount": "₹1,200.00"])`.
    public func text(_ key: PaperKey, _ values: [String: String] = [:]) -> String {
        let entry = catalog.entries[key.catalogKey]
        let template = entry.flatMap { $0.isTranslated ? $0.translations.first : nil } ?? key.entry.id
        return Self.fill(template, values)
    }

    /// The form of the message for `count` under the language's plural rule; `{count}` is filled with
    /// `values["count"]` (the count as the locale writes it) or else the count in ASCII digits.
    /// A count that is not whole (1.5 days) takes the last form, CLDR's "other" for fractions here.
    public func plural(_ key: PaperKey, count: Int, whole: Bool = true, _ values: [String: String] = [:]) -> String {
        var values = values
        if values["count"] == nil { values["count"] = String(count) }
        if let entry = catalog.entries[key.catalogKey], entry.isTranslated, entry.translations.count == rule.count {
            return Self.fill(entry.translations[whole ? rule.form(for: count) : rule.count - 1], values)
        }
        let english = (whole && count == 1) ? key.entry.id : key.entry.plural ?? key.entry.id
        return Self.fill(english, values)
    }

    /// Replaces each `{name}` once, left to right: a value that itself holds "{name}" (a person's
    /// name as typed) is written as it is, never filled again.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = "", rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values[String(rest[rest.index(after: open)..<close])] else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The `{name}` placeholders a message uses.
    public static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = [], rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// "3 years, 2 months, 5 days", each part in the language's plural, joined as the locale lists things.
    public func duration(years: Int, months: Int, days: Int, format: PaperFormat) -> String {
        let counts: [(PaperKey, Int)] = [(.years, years), (.months, months), (.days, days)]
        let parts = counts.filter { $0.1 != 0 }
            .map { plural($0.0, count: $0.1, ["count": format.integer($0.1)]) }
        return parts.isEmpty ? plural(.days, count: 0, ["count": format.integer(0)]) : format.list(parts)
    }

    /// Every key the catalog translates completely.
    var translatedKeys: Set<POKey> {
        Set(catalog.entries.values.filter { $0.isTranslated && ($0.plural == nil || $0.translations.count == rule.count) }.map(\.key))
    }
}
