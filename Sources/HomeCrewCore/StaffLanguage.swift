import Foundation

/// The language a worker reads, stored with the person so that their papers can be given in it: a
/// BCP 47 tag ("hi", "zh-Hant"). None: the household's language, English.
public struct StaffLanguage: Hashable, Sendable, CustomStringConvertible {
    /// A language HomeCrew accepts: its tag, its name in English and in itself.
    public struct Known: Sendable {
        public let tag: String
        public let english: String
        public let own: String
    }

    /// Every language a person may be given, in the order forms list them: the one list the
    /// command line, the web form and imports check against.
    public static let accepted: [Known] = [
        Known(tag: "en", english: "English", own: "English"),
        Known(tag: "fil", english: "Filipino", own: "Filipino"),
        Known(tag: "id", english: "Indonesian", own: "Bahasa Indonesia"),
        Known(tag: "hi", english: "Hindi", own: "हिन्दी"),
        Known(tag: "ne", english: "Nepali", own: "नेपाली"),
        Known(tag: "ta", english: "Tamil", own: "தமிழ்"),
        Known(tag: "bn", english: "Bengali", own: "বাংলা"),
        Known(tag: "ar", english: "Arabic", own: "العربية"),
        Known(tag: "si", english: "Sinhala", own: "සිංහල"),
        Known(tag: "ur", english: "Urdu", own: "اردو"),
        Known(tag: "zh-Hant", english: "Chinese (Traditional)", own: "繁體中文"),
        Known(tag: "ja", english: "Japanese", own: "日本語"),
    ]

    /// The tag as stored: one of `accepted` when it was given, in its canonical case.
    public let tag: String

    /// A tag as a person typed it; BCP 47 tags ignore case ("ZH-hant" is "zh-Hant").
    public init(parsing text: String) throws(StaffLanguageError) {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard let known = Self.accepted.first(where: { $0.tag.lowercased() == typed.lowercased() }) else {
            throw StaffLanguageError(typed: String(typed.prefix(40)))
        }
        tag = known.tag
    }

    /// A tag read back from the vault, which accepted it when it was stored (the list may have changed since).
    public init(stored tag: String) {
        self.tag = tag
    }

    public var description: String { tag }

    /// "Hindi (hi)"; the tag alone for one no longer in the list.
    public var label: String {
        Self.accepted.first { $0.tag == tag }.map { "\($0.english) (\(tag))" } ?? tag
    }
}

/// A language tag that is not one HomeCrew accepts.
public struct StaffLanguageError: HomeCrewError, Equatable {
    public let typed: String

    public var category: ErrorCategory { .usage }
    public var description: String {
        "language '\(typed)' is not one HomeCrew accepts; the accepted tags are: \(StaffLanguage.accepted.map(\.tag).joined(separator: ", "))"
    }
}
