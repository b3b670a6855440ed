import Foundation

/// The rules every person-written string obeys before it is stored, for the command line and
/// the web alike: trimmed, Unicode-composed, no longer than its kind allows, and without
/// characters that change what a terminal or a page shows (control characters, and the
/// bidirectional embeddings, overrides and isolates that make "Ali ‮gnp.exe‬" read "Ali exe.png").
public enum TextField {
    /// What a field holds, which sets its length and whether it may span lines.
    public enum Kind: Sendable {
        /// A person's or a household's name: one line.
        case name
        /// A document title, an adjustment's reason: one line.
        case title
        /// An address, notes, duties, a leave note: may hold line breaks and tabs.
        case note
        /// A document's number (a passport's, a visa's): one line, short.
        case number

        /// At most this many Unicode scalars (not bytes, not characters: a character can carry
        /// any number of combining marks, a scalar cannot).
        public var limit: Int {
            switch self {
            case .name: 200
            case .title: 300
            case .note: 5000
            case .number: 60
            }
        }

        var allowsLineBreaks: Bool { self == .note }
    }

    public static func required(_ text: String, field: String, kind: Kind) throws(RuleViolation) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyName(field: field) }
        return try checked(trimmed.precomposedStringWithCanonicalMapping, field: field, kind: kind)
    }

    /// Trimmed text, or nil when nothing is left.
    public static func optional(_ text: String?, field: String, kind: Kind) throws(RuleViolation) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return try checked(trimmed.precomposedStringWithCanonicalMapping, field: field, kind: kind)
    }

    private static func checked(_ text: String, field: String, kind: Kind) throws(RuleViolation) -> String {
        let length = text.unicodeScalars.count
        guard length <= kind.limit else { throw .tooLong(field: field, limit: kind.limit, length: length) }
        for scalar in text.unicodeScalars {
            if kind.allowsLineBreaks, scalar == "\n" || scalar == "\t" || scalar == "\r" { continue }
            if isControl(scalar) { throw .controlCharacter(field: field, scalar: Visible.name(of: scalar)) }
            if isBidiControl(scalar) { throw .bidiControl(field: field, scalar: Visible.name(of: scalar)) }
        }
        return text
    }

    /// C0 and C1 controls and DEL (Unicode's Cc).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The explicit bidirectional formatting characters: LRE, RLE, PDF, LRO, RLO (U+202A–202E)
    /// and LRI, RLI, FSI, PDI (U+2066–2069). They reorder the text around them.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}

/// Text that is shown as it really is: a character that would act instead of showing itself
/// (a control, a bidirectional override) is written out as its code, `[U+202E]`. For strings
/// that are kept as they came (an original file's name) but must not mislead when shown.
public enum Visible {
    public static func text(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { TextField.isControl($0) || TextField.isBidiControl($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if TextField.isControl(scalar) || TextField.isBidiControl(scalar) {
                result.append(contentsOf: name(of: scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `[U+202E]`.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "[U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
    }
}
