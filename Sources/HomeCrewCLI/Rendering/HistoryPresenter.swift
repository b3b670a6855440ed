import HomeCrewCore
import HomeCrewOperations

enum HistoryPresenter {
    static func json(_ entry: AuditEntry) -> JSON {
        func state(_ fields: [String: String?]?) -> JSON {
            fields.map { .object($0.mapValues { JSON.optional($0) }) } ?? .null
        }
        return .object([
            "at": .string(entry.at), "actor": .string(entry.actor), "household_id": .optional(entry.householdID?.rawValue),
            "record_type": .string(entry.recordType), "record_id": .string(entry.recordID), "action": .string(entry.action.rawValue),
            "before": state(entry.before), "after": state(entry.after),
        ])
    }

    /// One row per changed field, so that a salary change reads as `amount 25000.00 → 28000.00`.
    /// For CSV (`complete`) every row repeats its change's columns, so each row stands alone.
    static func table(_ entries: [AuditEntry], complete: Bool = false) -> RecordTable {
        var table = RecordTable(headers: ["WHEN (UTC)", "WHO", "WHAT", "RECORD", "FIELD", "BEFORE", "AFTER"])
        for entry in entries {
            let when = String(entry.at.prefix(19)).replacingOccurrences(of: "T", with: " ")
            let changes = entry.changes
            for (index, change) in changes.enumerated() {
                let first = index == 0 || complete
                table.append([first ? when : "", first ? entry.actor : "", first ? entry.summary : "", first ? entry.recordID : "",
                              change.field, change.before ?? "", change.after ?? ""])
            }
            if changes.isEmpty { table.append([when, entry.actor, entry.summary, entry.recordID, "", "", ""]) }
        }
        return table
    }
}
