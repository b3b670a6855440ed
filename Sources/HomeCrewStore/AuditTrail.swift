import Foundation
import GRDB
import HomeCrewCore

/// Who the changes made in this task are recorded as: `cli:<unix user>` unless a front end
/// says otherwise (the web interface binds it for each request).
public enum AuditActor {
    @TaskLocal public static var current: String = "cli:" + unixUser

    /// The name of the user this process runs as.
    public static let unixUser: String = {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "uid\(geteuid())"
    }()

    /// An actor as a person reads it in a sentence: an account by its name; the vault's own
    /// machine user (`cli:` or `web:`) as "the vault's keeper (NAME)".
    public static func readable(_ actor: String) -> String {
        for prefix in ["cli:", "web:"] where actor.hasPrefix(prefix) {
            return "The vault's keeper (\(actor.dropFirst(prefix.count)))"
        }
        return actor
    }
}

/// A table whose every change the database records in `audit_entry`, by triggers written
/// from this description, in the same transaction as the change. `vault verify` compares
/// each record with its latest recorded state through the same `state` expression.
struct AuditedTable: Sendable {
    let name: String
    /// SQL for the record's id, the household, staff member and document it belongs to,
    /// given the row's alias (`NEW`, `OLD` or a table alias).
    let recordID: @Sendable (String) -> String
    let household: @Sendable (String) -> String
    let staff: @Sendable (String) -> String
    let document: @Sendable (String) -> String
    /// Columns whose value is a secret: recorded as `(secret)`.
    var secretValue: (@Sendable (String) -> String)?
    /// The columns recorded; nil for all of them.
    var onlyColumns: [String]?
    var events: [String] = ["INSERT", "UPDATE", "DELETE"]

    /// The record's fields as a JSON object, in the table's column order.
    func state(_ alias: String, columns: [String]) -> String {
        let pairs = columns.map { column -> String in
            var value = "\(alias).\(column)"
            if let secretValue, column == "value" { value = secretValue(alias) }
            return "'\(column)', \(value)"
        }
        return "json_object(\(pairs.joined(separator: ", ")))"
    }

    func columns(_ db: Database) throws -> [String] {
        try onlyColumns ?? db.columns(in: name).map(\.name)
    }

    /// The household of a staff member, also while the staff row is being deleted with its children.
    static func householdOfStaff(_ staffID: String) -> String {
        "coalesce((SELECT household_id FROM staff WHERE id = \(staffID)), "
            + "(SELECT household_id FROM audit_entry WHERE record_type = 'staff' AND record_id = \(staffID) ORDER BY seq DESC LIMIT 1))"
    }

    static func householdOfDocument(_ documentID: String) -> String {
        "coalesce((SELECT household_id FROM document WHERE id = \(documentID)), "
            + "(SELECT household_id FROM audit_entry WHERE record_type = 'document' AND record_id = \(documentID) ORDER BY seq DESC LIMIT 1))"
    }

    static let none: @Sendable (String) -> String = { _ in "NULL" }

    /// Every audited table.
    static let all = formatSeven + sharing + payments + openings

    /// The tables audited since format 7 (that migration made their triggers: never changes).
    static let formatSeven: [AuditedTable] = [
        AuditedTable(name: "household", recordID: { "\($0).id" }, household: { "\($0).id" }, staff: none, document: none),
        AuditedTable(name: "staff", recordID: { "\($0).id" }, household: { "\($0).household_id" }, staff: { "\($0).id" }, document: none),
        AuditedTable(name: "salary_entry", recordID: { "\($0).staff_id || ' from ' || \($0).effective_from" },
                     household: { householdOfStaff("\($0).staff_id") }, staff: { "\($0).staff_id" }, document: none),
        AuditedTable(name: "leave", recordID: { "\($0).id" }, household: { householdOfStaff("\($0).staff_id") },
                     staff: { "\($0).staff_id" }, document: none),
        AuditedTable(name: "pay_adjustment", recordID: { "\($0).id" }, household: { householdOfStaff("\($0).staff_id") },
                     staff: { "\($0).staff_id" }, document: none),
        AuditedTable(name: "closed_month", recordID: { "\($0).household_id || ' ' || \($0).month" },
                     household: { "\($0).household_id" }, staff: none, document: none),
        AuditedTable(name: "document", recordID: { "\($0).id" }, household: { "\($0).household_id" }, staff: none,
                     document: { "\($0).id" }),
        AuditedTable(name: "document_staff", recordID: { "\($0).document_id || ' ' || \($0).staff_id" },
                     household: { householdOfDocument("\($0).document_id") }, staff: { "\($0).staff_id" },
                     document: { "\($0).document_id" }),
        AuditedTable(name: "setting", recordID: { "\($0).key" }, household: none, staff: none, document: none,
                     secretValue: { "CASE WHEN \($0).key GLOB '*token*' THEN '(secret)' ELSE \($0).value END" }),
        // Never the password's hash: a changed password shows as a new password_changed_at.
        AuditedTable(name: "account", recordID: { "\($0).id" }, household: none, staff: none, document: none,
                     onlyColumns: ["id", "name", "created_at", "password_changed_at"]),
        // The primary household is a change people make; the active one is where the CLI looks.
        AuditedTable(name: "vault", recordID: { _ in "'primary household'" }, household: { "\($0).primary_household_id" },
                     staff: none, document: none, onlyColumns: ["primary_household_id"], events: ["UPDATE"]),
    ]

    /// The payment ledger, audited since format 9. Payments and advances are only ever inserted.
    static let payments: [AuditedTable] = [
        AuditedTable(name: "advance", recordID: { "\($0).id" }, household: { householdOfStaff("\($0).staff_id") },
                     staff: { "\($0).staff_id" }, document: none, events: ["INSERT"]),
        AuditedTable(name: "payment", recordID: { "\($0).id" }, household: { householdOfStaff("\($0).staff_id") },
                     staff: { "\($0).staff_id" }, document: none, events: ["INSERT"]),
        AuditedTable(name: "payment_month", recordID: { "\($0).payment_id || ' ' || \($0).month" },
                     household: { householdOfStaff("(SELECT staff_id FROM payment WHERE id = \($0).payment_id)") },
                     staff: { "(SELECT staff_id FROM payment WHERE id = \($0).payment_id)" }, document: none, events: ["INSERT"]),
        AuditedTable(name: "payment_proof", recordID: { "\($0).payment_id || ' ' || \($0).document_id" },
                     household: { householdOfDocument("\($0).document_id") },
                     staff: { "(SELECT staff_id FROM payment WHERE id = \($0).payment_id)" }, document: { "\($0).document_id" }),
        AuditedTable(name: "advance_deduction", recordID: { "\($0).advance_id || ' ' || \($0).month" },
                     household: { householdOfStaff("(SELECT staff_id FROM advance WHERE id = \($0).advance_id)") },
                     staff: { "(SELECT staff_id FROM advance WHERE id = \($0).advance_id)" }, document: none),
    ]

    /// Where ledgers begin, audited since their format (12): only ever inserted.
    static let openings: [AuditedTable] = [
        AuditedTable(name: "ledger_opening", recordID: { "\($0).id" }, household: { "\($0).household_id" },
                     staff: { "\($0).staff_id" }, document: none, events: ["INSERT"]),
    ]

    /// Sharing, audited since format 8: who belongs to a household, and its invitations
    /// (never the token's hash).
    static let sharing: [AuditedTable] = [
        AuditedTable(name: "household_member", recordID: { "\($0).household_id || ' ' || \($0).account_id" },
                     household: { "\($0).household_id" }, staff: none, document: none),
        AuditedTable(name: "invitation", recordID: { "\($0).id" }, household: { "\($0).household_id" }, staff: none, document: none,
                     onlyColumns: ["id", "household_id", "role", "for_account_id", "created_by", "created_at", "expires_at",
                                   "accepted_at", "accepted_by", "revoked_at"]),
    ]
}

// MARK: - Schema

extension AuditedTable {
    static let entryColumns = "at, actor, household_id, staff_id, document_id, record_type, record_id, action, before, after"
    static let now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    func values(actor: String, action: String, row: String, before: String, after: String) -> String {
        "\(Self.now), \(actor), \(household(row)), \(staff(row)), \(document(row)), '\(name)', \(recordID(row)), '\(action)', \(before), \(after)"
    }

    /// The AFTER triggers that record this table's changes.
    func triggers(_ db: Database) throws -> String {
        let columns = try columns(db)
        let actor = "coalesce((SELECT actor FROM audit_context), 'outside HomeCrew')"
        let insert = "INSERT INTO audit_entry (\(Self.entryColumns)) VALUES"
        var sql = ""
        for event in events {
            let name = "audit_\(self.name)_\(event.lowercased())"
            switch event {
            case "INSERT":
                sql += """
                    CREATE TRIGGER \(name) AFTER INSERT ON \(self.name) BEGIN
                    \(insert) (\(values(actor: actor, action: "insert", row: "NEW", before: "NULL", after: state("NEW", columns: columns)))); END;

                    """
            case "UPDATE":
                let of = onlyColumns.map { " OF " + $0.joined(separator: ", ") } ?? ""
                sql += """
                    CREATE TRIGGER \(name) AFTER UPDATE\(of) ON \(self.name)
                    WHEN \(state("OLD", columns: columns)) IS NOT \(state("NEW", columns: columns)) BEGIN
                    \(insert) (\(values(actor: actor, action: "update", row: "NEW", before: state("OLD", columns: columns), after: state("NEW", columns: columns)))); END;

                    """
            default:
                sql += """
                    CREATE TRIGGER \(name) AFTER DELETE ON \(self.name) BEGIN
                    \(insert) (\(values(actor: actor, action: "delete", row: "OLD", before: state("OLD", columns: columns), after: "NULL"))); END;

                    """
            }
        }
        return sql
    }

    /// A `baseline` entry for every record already there when the trail began.
    func baseline(_ db: Database, actor: String) throws -> String {
        let columns = try columns(db)
        return "INSERT INTO audit_entry (\(Self.entryColumns)) SELECT "
            + values(actor: "'\(actor)'", action: "baseline", row: "r", before: "NULL", after: state("r", columns: columns))
            + " FROM \(name) AS r ORDER BY \(recordID("r"));\n"
    }
}

// MARK: - Recording who

extension AppDatabase {
    /// Names the actor for the triggers inside the write's own transaction, and clears it
    /// before the commit, so a change made outside HomeCrew is never credited to anyone.
    static func recordingActor<T>(_ actor: String, _ db: Database, _ work: () throws -> T) throws -> T {
        try db.execute(sql: "UPDATE audit_context SET actor = ?", arguments: [actor])
        let result = try work()
        try db.execute(sql: "UPDATE audit_context SET actor = NULL")
        return result
    }
}

// MARK: - Reading and checking

/// Which changes `history` shows.
public enum HistoryScope: Sendable, Equatable {
    case all
    case household(RecordID)
    case staff(RecordID)
    case document(RecordID)

    /// The WHERE condition on `audit_entry` and its argument.
    var filter: (condition: String, arguments: [any DatabaseValueConvertible]) {
        switch self {
        case .all: ("1", [])
        case .household(let id): ("household_id = ?", [id])
        case .staff(let id): ("staff_id = ?", [id])
        case .document(let id): ("document_id = ?", [id])
        }
    }
}

extension AppDatabase {
    /// The recorded changes in scope, oldest first, from `since` (UTC day) on.
    public func history(_ scope: HistoryScope, since: CalendarDate? = nil) throws -> [AuditEntry] {
        try read { db in
            let (condition, arguments) = scope.filter
            let sinceCondition = since == nil ? "" : " AND at >= ?"
            return try Row.fetchAll(db, sql: "SELECT * FROM audit_entry WHERE \(condition)\(sinceCondition) ORDER BY seq",
                                    arguments: StatementArguments(arguments + (since.map { [$0.description] } ?? []))).map(Self.auditEntry)
        }
    }

    /// The latest `count` changes in scope, newest first (the History section of a page).
    public func recentHistory(_ scope: HistoryScope, count: Int) throws -> [AuditEntry] {
        try read { db in
            let (condition, arguments) = scope.filter
            return try Row.fetchAll(db, sql: "SELECT * FROM audit_entry WHERE \(condition) ORDER BY seq DESC LIMIT ?",
                                    arguments: StatementArguments(arguments + [count])).map(Self.auditEntry)
        }
    }

    static func auditEntry(_ row: Row) -> AuditEntry {
        AuditEntry(sequence: row["seq"], at: row["at"], actor: row["actor"], householdID: (row["household_id"] as String?).map { RecordID(rawValue: $0) },
                   recordType: row["record_type"], recordID: row["record_id"],
                   action: AuditEntry.Action(rawValue: row["action"]) ?? .update,
                   before: fields(row["before"]), after: fields(row["after"]))
    }

    /// A recorded state: each field's value as text, nil for SQL NULL.
    static func fields(_ json: String?) -> [String: String?]? {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        return object.mapValues { value -> String? in
            switch value {
            case is NSNull: return nil
            case let string as String: return string
            case let number as NSNumber: return number.stringValue
            default: return "\(value)"
            }
        }
    }

    /// Records whose latest audit state is not what the table holds: changed, added or
    /// removed without the trail seeing it (`vault verify`).
    public func auditProblems() throws -> [String] {
        try read { db in
            var problems: [String] = []
            for table in AuditedTable.all {
                let columns = try table.columns(db)
                let latest = "SELECT a.record_id, a.after FROM audit_entry a WHERE a.record_type = '\(table.name)' "
                    + "AND a.seq = (SELECT max(seq) FROM audit_entry WHERE record_type = a.record_type AND record_id = a.record_id)"
                let current = "SELECT \(table.recordID("r")) AS record_id, \(table.state("r", columns: columns)) AS state FROM \(table.name) AS r"
                let differing = try Row.fetchAll(db, sql: """
                    SELECT c.record_id, l.after IS NULL AS unrecorded FROM (\(current)) c LEFT JOIN (\(latest)) l ON l.record_id = c.record_id
                    WHERE l.after IS NOT c.state
                    UNION ALL
                    SELECT l.record_id, 2 FROM (\(latest)) l WHERE l.after IS NOT NULL
                    AND l.record_id NOT IN (SELECT \(table.recordID("r")) FROM \(table.name) AS r)
                    """)
                for row in differing.prefix(20) {
                    let id: String = row[0], kind: Int = row[1]
                    problems.append(["\(table.name) \(id) differs from its latest recorded state",
                                     "\(table.name) \(id) has no recorded state", "\(table.name) \(id) is missing, but no removal is recorded"][kind])
                }
                if differing.count > 20 { problems.append("\(table.name): \(differing.count - 20) more records differ from the trail") }
            }
            return problems
        }
    }
}

extension AppDatabase {
    /// The scope named on the command line: a staff member, household or document by the
    /// usual references, or by the exact id of one that has been removed (its history stays).
    public func historyScope(staff: String?, household: String?, document: String?) throws -> HistoryScope {
        if let staff {
            return .staff(try resolveOrRemoved(staff, type: "staff") { try findStaff(staff).member.id })
        }
        if let household {
            return .household(try resolveOrRemoved(household, type: "household") { try chooseHousehold(household).household.id })
        }
        if let document {
            return .document(try resolveOrRemoved(document, type: "document") { try findDocument(document).document.id })
        }
        return .all
    }

    private func resolveOrRemoved(_ reference: String, type: String, _ resolve: () throws -> RecordID) throws -> RecordID {
        do {
            return try resolve()
        } catch {
            let recorded = try read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM audit_entry WHERE record_type = ? AND record_id = ?)",
                                  arguments: [type, reference]) ?? false
            }
            if recorded { return RecordID(rawValue: reference) }
            throw error
        }
    }
}
