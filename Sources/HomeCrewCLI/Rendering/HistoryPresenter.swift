import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

enum HistoryPresenter {
    static func json(_ entry: AuditEntry) -> JSON {
        func state(_ fields: [String: String?]?) -> JSON {
            fields.map { .object($0.mapValues { JSON.optional($0) }) } ?? .null
        }
        return .object([
            "at": .string(entry.at), "actor": .string(entry.actor), "who": .string(AuditActor.readable(entry.actor)), "household_id": .optional(entry.householdID?.rawValue),
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
            // In words: "The vault's keeper (root)" or the account's name, never `cli:root`.
            let who = AuditActor.readable(entry.actor)
            for (index, change) in changes.enumerated() {
                let first = index == 0 || complete
                table.append([first ? when : "", first ? who : "", first ? entry.summary : "", first ? entry.recordID : "",
                              change.field, change.before ?? "", change.after ?? ""])
            }
            if changes.isEmpty { table.append([when, who, entry.summary, entry.recordID, "", "", ""]) }
        }
        return table
    }
}
