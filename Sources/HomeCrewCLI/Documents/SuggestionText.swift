import HomeCrewCore
import HomeCrewOperations

/// How the CLI shows a document's suggestions: every value from a document's text or a record
/// passes through `Terminal.sanitize`.
enum SuggestionText {
    /// Two lines: what the text says, and the command that applies it.
    static func brief(_ report: DocumentSuggestions.Report) -> String? {
        guard let summary = report.summary, !report.pending.isEmpty else { return nil }
        let id = report.details.document.id.rawValue
        var lines = ["  suggests: \(Terminal.sanitize(summary))"]
        let differing = report.pending.compactMap { suggestion -> String? in
            guard case .differs(let current) = suggestion.status else { return nil }
            return "\(suggestion.fact.field.rawValue) (the document has \(Terminal.sanitize(current)))"
        }
        let overwrite = differing.isEmpty ? "" : "; kept unless --overwrite: \(differing.joined(separator: ", "))"
        lines.append("  apply with: homecrew doc apply \(id)\(overwrite)")
        return lines.joined(separator: "\n")
    }

    /// Every fact, one a line, with where the document stands on it.
    static func facts(_ report: DocumentSuggestions.Report) -> [String] {
        report.suggestions.map { suggestion in
            let fact = suggestion.fact
            let field = fact.field.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
            return "  \(field) \(Terminal.sanitize(fact.value.description))  [\(status(suggestion.status))]  "
                + Terminal.sanitize(fact.evidence.map(\.description).joined(separator: "; "))
        }
    }

    static func status(_ status: DocumentSuggestions.Suggestion.Status) -> String {
        switch status {
        case .new: return "to apply"
        case .applied: return "applied"
        case .differs(let current): return "the document has \(Terminal.sanitize(current)); --overwrite replaces it"
        case .notKept: return "shown only"
        }
    }
}
