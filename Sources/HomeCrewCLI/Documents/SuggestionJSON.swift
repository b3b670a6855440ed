import HomeCrewCore
import HomeCrewOperations

/// A document's suggestions for scripts (`doc suggestions --format json`): every fact with its
/// status and evidence, every zone read or refused, and the reading's notes.
enum SuggestionJSON {
    static func report(_ report: DocumentSuggestions.Report) -> JSON {
        .object([
            "document": .string(report.details.document.id.rawValue),
            "title": .string(report.details.document.title),
            "facts": .array(report.suggestions.map(fact)),
            "zones": .array(report.reading.zones.map(zone)),
            "notes": .array(report.reading.notes.map(JSON.string)),
        ])
    }

    static func fact(_ suggestion: DocumentSuggestions.Suggestion) -> JSON {
        var members: [String: JSON] = [
            "field": .string(suggestion.fact.field.rawValue),
            "value": .string(suggestion.fact.value.description),
            "status": .string(status(suggestion.status)),
            "evidence": .array(suggestion.fact.evidence.map { .string($0.description) }),
        ]
        if case .person(let id, _) = suggestion.fact.value { members["person_id"] = .string(id.rawValue) }
        if case .differs(let current) = suggestion.status { members["current"] = .string(current) }
        return .object(members)
    }

    static func status(_ status: DocumentSuggestions.Suggestion.Status) -> String {
        switch status {
        case .new: return "to-apply"
        case .applied: return "applied"
        case .differs: return "differs"
        case .notKept: return "shown-only"
        }
    }

    static func zone(_ reading: ZoneReading) -> JSON {
        switch reading {
        case .read(let zone):
            return .object(["format": .string(zone.format.rawValue), "read": .bool(true), "text_line": .int(zone.textLine),
                            "reason": .null])
        case let .unreadable(format, textLine, reason):
            return .object(["format": .string(format.rawValue), "read": .bool(false), "text_line": .int(textLine),
                            "reason": .string(reason)])
        }
    }
}
