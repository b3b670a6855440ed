import HomeCrewCore

/// The History section's words in the page's language: what changed (`AuditEntry.summary`, whose
/// English the command line's `history` prints) and the names of the fields that changed.
enum HistoryWords {
    /// "added staff member", "changed salary"; in English exactly the domain's summary.
    static func summary(_ entry: AuditEntry) -> String {
        if entry.recordType == "document_staff" {
            switch entry.action {
            case .insert: return t("linked document and staff member")
            case .delete: return t("unlinked document and staff member")
            default: break
            }
        }
        // A table this page has no word for says what the domain says.
        guard let record = record(entry.recordType) else { return entry.summary }
        let values = ["record": record]
        return switch entry.action {
        case .baseline: t("{record} as it was when the history began", values)
        case .insert: t("added {record}", values)
        case .update: t("changed {record}", values)
        case .delete: t("removed {record}", values)
        }
    }

    /// What a record of an audited table is called (the domain's nouns, `AuditEntry.summary`).
    static func record(_ recordType: String) -> String? {
        switch recordType {
        case "household": t("household", context: "history record")
        case "staff": t("staff member", context: "history record")
        case "salary_entry": t("salary", context: "history record")
        case "leave": t("leave", context: "history record")
        case "pay_adjustment": t("pay adjustment", context: "history record")
        case "closed_month": t("closed month", context: "history record")
        case "document": t("document", context: "history record")
        case "document_staff": t("document link", context: "history record")
        case "vault": t("primary household", context: "history record")
        case "advance": t("advance", context: "history record")
        case "payment": t("payment", context: "history record")
        case "payment_month": t("month paid", context: "history record")
        case "payment_proof": t("proof of payment", context: "history record")
        case "advance_deduction": t("instalment kept by a closed month", context: "history record")
        case "ledger_opening": t("ledger opening (months settled before HomeCrew)", context: "history record")
        case "household_member": t("household member", context: "history record")
        case "invitation": t("invitation", context: "history record")
        case "setting": t("setting", context: "history record")
        case "account": t("account", context: "history record")
        default: nil
        }
    }

    /// A changed field's name: the column's own name on an English page (as the command line's
    /// `history` shows it), a word in any other language; a column without a word keeps its name.
    static func field(_ column: String) -> String {
        guard WebText.current.language != "en" else { return column }
        return switch column {
        case "id": t("id", context: "history field")
        case "name": t("name", context: "history field")
        case "address": t("address", context: "history field")
        case "notes", "note": t("note", context: "history field")
        case "created_at": t("created at", context: "history field")
        case "leave_carry_over_cap": t("leave carried over, at most", context: "history field")
        case "settlement_rules": t("settlement rules", context: "history field")
        case "language": t("language", context: "history field")
        case "household_id": t("household", context: "history field")
        case "legal_name": t("full legal name", context: "history field")
        case "known_as": t("known as", context: "history field")
        case "start_date": t("start date", context: "history field")
        case "leaving_date": t("leaving date", context: "history field")
        case "annual_leave_days": t("leave days a year", context: "history field")
        case "duties": t("duties", context: "history field")
        case "contract_gratuity_days": t("contract gratuity, days a year", context: "history field")
        case "contract_gratuity_month_days": t("contract gratuity, days in a month", context: "history field")
        case "contract_gratuity_minimum_years": t("contract gratuity, minimum years", context: "history field")
        case "staff_id": t("staff member", context: "history field")
        case "effective_from": t("takes effect on", context: "history field")
        case "amount": t("amount", context: "history field")
        case "currency": t("currency", context: "history field")
        case "first_day": t("first day", context: "history field")
        case "last_day": t("last day", context: "history field")
        case "half_day": t("half day", context: "history field")
        case "type": t("type", context: "history field")
        case "month": t("month", context: "history field")
        case "reason": t("reason", context: "history field")
        case "closed_at": t("closed at", context: "history field")
        case "kind": t("kind", context: "history field")
        case "title": t("title", context: "history field")
        case "original_name": t("file name", context: "history field")
        case "issued_on": t("issued on", context: "history field")
        case "expires_on": t("expires on", context: "history field")
        case "added_at": t("added at", context: "history field")
        case "number": t("number", context: "history field")
        case "document_id": t("document", context: "history field")
        case "given_on": t("given on", context: "history field")
        case "repay_per_month": t("repaid a month", context: "history field")
        case "instalments": t("instalments", context: "history field")
        case "first_month": t("first month", context: "history field")
        case "paid_on": t("paid on", context: "history field")
        case "method": t("method", context: "history field")
        case "reference": t("reference", context: "history field")
        case "purpose": t("purpose", context: "history field")
        case "advance_id": t("advance", context: "history field")
        case "reverses": t("reverses", context: "history field")
        case "payment_id": t("payment", context: "history field")
        case "settled_through": t("settled through", context: "history field")
        case "recorded_on": t("recorded on", context: "history field")
        case "account_id": t("account", context: "history field")
        case "role": t("role", context: "history field")
        case "since": t("since", context: "history field")
        case "for_account_id": t("for the account", context: "history field")
        case "created_by": t("created by", context: "history field")
        case "expires_at": t("expires at", context: "history field")
        case "accepted_at": t("accepted at", context: "history field")
        case "accepted_by": t("accepted by", context: "history field")
        case "revoked_at": t("withdrawn at", context: "history field")
        case "primary_household_id": t("primary household", context: "history field")
        default: column
        }
    }
}
