/// One recorded change to a record: who made it, when, and the record's fields before and after.
public struct AuditEntry: Hashable, Sendable {
    public enum Action: String, Sendable, CaseIterable {
        /// The record as it was when the trail began (an upgraded vault's existing records).
        case baseline
        case insert, update, delete
    }

    /// A field whose value changed; nil stands for no value.
    public struct FieldChange: Hashable, Sendable {
        public let field: String
        public let before: String?
        public let after: String?
    }

    public let sequence: Int64
    /// UTC, `YYYY-MM-DDTHH:MM:SS.sssZ`.
    public let at: String
    public let actor: String
    public let householdID: RecordID?
    /// The table (`staff`, `salary_entry`, `document`, …) and the record's id within it.
    public let recordType: String
    public let recordID: String
    public let action: Action
    public let before: [String: String?]?
    public let after: [String: String?]?

    public init(sequence: Int64, at: String, actor: String, householdID: RecordID?, recordType: String, recordID: String,
                action: Action, before: [String: String?]?, after: [String: String?]?) {
        self.sequence = sequence
        self.at = at
        self.actor = actor
        self.householdID = householdID
        self.recordType = recordType
        self.recordID = recordID
        self.action = action
        self.before = before
        self.after = after
    }

    /// The fields that differ between before and after, by name; every field of an added,
    /// removed or baseline record.
    public var changes: [FieldChange] {
        let names = Set((before ?? [:]).keys).union((after ?? [:]).keys).sorted()
        return names.compactMap { name in
            let old = before?[name] ?? nil, new = after?[name] ?? nil
            if old == new && (old == nil || (before != nil && after != nil)) { return nil }
            return FieldChange(field: name, before: old, after: new)
        }
    }

    /// "added staff member", "changed salary", "linked document", … for a person reading the history.
    public var summary: String {
        if recordType == "document_staff" {
            switch action {
            case .insert: return "linked document and staff member"
            case .delete: return "unlinked document and staff member"
            default: break
            }
        }
        let noun = Self.nouns[recordType] ?? recordType.replacingOccurrences(of: "_", with: " ")
        switch action {
        case .baseline: return "\(noun) as it was when the history began"
        case .insert: return "added \(noun)"
        case .update: return "changed \(noun)"
        case .delete: return "removed \(noun)"
        }
    }

    private static let nouns = [
        "staff": "staff member", "salary_entry": "salary", "pay_adjustment": "pay adjustment", "closed_month": "closed month",
        "document_staff": "document link", "vault": "primary household",
        "payment_month": "month paid", "payment_proof": "proof of payment", "advance_deduction": "instalment kept by a closed month",
        "ledger_opening": "ledger opening (months settled before HomeCrew)",
    ]
}
