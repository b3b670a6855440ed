import Foundation
/// The fields of an `application/x-www-form-urlencoded` body or a query string.
struct Form: Sendable {
    private(set) var fields: [String: [String]] = [:]

    init(encoded text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = URLComponent.decodeFormValue(parts[0])
            let value = parts.count > 1 ? URLComponent.decodeFormValue(parts[1]) : ""
            fields[name, default: []].append(value)
        }
    }

    init(fields: [String: [String]] = [:]) { self.fields = fields }

    /// What a value is trimmed of: white space, and the invisible direction marks (LRM, RLM, ALM) a
    /// right-to-left page puts before a date or an example, which come along when one is pasted back.
    static let trimmed = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{200E}\u{200F}\u{061C}"))

    /// The field's first value, trimmed; nil when absent or blank.
    subscript(_ name: String) -> String? {
        guard let value = fields[name]?.first?.trimmingCharacters(in: Self.trimmed), !value.isEmpty else { return nil }
        return value
    }

    /// Every non-blank value of a repeated field (checkboxes, multi-selects).
    func all(_ name: String) -> [String] {
        (fields[name] ?? []).map { $0.trimmingCharacters(in: Self.trimmed) }.filter { !$0.isEmpty }
    }

    func has(_ name: String) -> Bool { fields[name] != nil }
}

import HomeCrewCore

/// A form field that is missing or cannot be read: shown above the form, like the store's own refusals.
struct FormProblem: HomeCrewError {
    let description: String
    var category: ErrorCategory { .usage }
}

extension Form {
    func required(_ name: String, _ label: String) throws -> String {
        guard let value = self[name] else { throw FormProblem(description: t("{field} is missing", ["field": label])) }
        return value
    }

    func date(_ name: String, _ label: String) throws -> CalendarDate {
        try CalendarDate(parsing: required(name, label))
    }

    func optionalDate(_ name: String) throws -> CalendarDate? {
        try self[name].map { try CalendarDate(parsing: $0) }
    }
}
