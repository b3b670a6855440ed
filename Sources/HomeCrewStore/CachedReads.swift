import Foundation
import GRDB
import HomeCrewCore

/// The reads the payroll and a staff page make for every request, through each connection's
/// statement cache. GRDB's query interface writes and prepares a statement anew at every fetch:
/// a staff page ran 57 such statements, and writing them and SQLite's authorizer callback on
/// each (which GRDB installs) were a quarter of the page's CPU (BENCHMARKS.md, rows 8). A list
/// of ids is one JSON array argument read with `json_each`, so that one statement serves one
/// person or ten thousand.
enum CachedReads {
    /// `ids` as a JSON array of strings.
    static func list(_ ids: some Sequence<RecordID>) throws -> String {
        try list(ids.map(\.rawValue))
    }

    /// Any strings (hashes, subjects) as one JSON array for `json_each`.
    static func list(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }

    static func fetchAll<Record: FetchableRecord>(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [Record] {
        try Record.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func fetchOne<Record: FetchableRecord>(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> Record? {
        try Record.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func staff(_ id: String, _ db: Database) throws -> StaffMember? {
        try fetchOne(db, "SELECT * FROM staff WHERE id = ?", [id])
    }

    static func household(_ id: String, _ db: Database) throws -> Household? {
        try fetchOne(db, "SELECT * FROM household WHERE id = ?", [id])
    }

    static func salaries(of staff: [RecordID], _ db: Database) throws -> [SalaryEntry] {
        try fetchAll(db, "SELECT * FROM salary_entry WHERE staff_id IN (SELECT value FROM json_each(?))", [list(staff)])
    }

    static func leave(of staff: [RecordID], _ db: Database) throws -> [LeaveEntry] {
        try fetchAll(db, "SELECT * FROM leave WHERE staff_id IN (SELECT value FROM json_each(?)) ORDER BY first_day", [list(staff)])
    }

    static func adjustments(of staff: [RecordID], from first: YearMonth, through last: YearMonth, _ db: Database) throws -> [PayAdjustment] {
        try fetchAll(db, """
            SELECT * FROM pay_adjustment WHERE staff_id IN (SELECT value FROM json_each(?)) AND month >= ? AND month <= ?
            ORDER BY month, id
            """, [list(staff), first.description, last.description])
    }

    static func closedMonths(of households: Set<RecordID>, _ db: Database) throws -> [ClosedMonth] {
        try fetchAll(db, "SELECT * FROM closed_month WHERE household_id IN (SELECT value FROM json_each(?))", [list(households)])
    }

    /// Payments of net pay (not reversed, not reversals) that pay a month in the range, by day paid
    /// (then as recorded: one order whatever plan SQLite chooses). Found in `payment_standing`:
    /// the payments reversed before them are not read.
    static func paymentsOfPay(_ staff: [RecordID], from first: YearMonth, through last: YearMonth, _ db: Database) throws -> [Payment] {
        try fetchAll(db, """
            SELECT p.* FROM payment_standing s JOIN payment p ON p.id = s.payment_id
            WHERE s.staff_id IN (SELECT value FROM json_each(?)) AND s.purpose = ?
            AND EXISTS (SELECT 1 FROM payment_month m WHERE m.payment_id = p.id AND m.month BETWEEN ? AND ?) ORDER BY p.paid_on, p.created_at, p.id
            """, [list(staff), Payment.Purpose.payroll.rawValue, first.description, last.description])
    }

    /// Every advance of the people, reversed or not (what `advance list --reversed` shows).
    static func advances(of staff: [RecordID], _ db: Database) throws -> [Advance] {
        try fetchAll(db, "SELECT * FROM advance WHERE staff_id IN (SELECT value FROM json_each(?)) ORDER BY given_on, id", [list(staff)])
    }

    /// The advances that stand: those whose handing-over stands in `payment_standing` (a reversed
    /// one's is taken out), so that advances given and reversed thousands of times are not read.
    static func standingAdvances(of staff: [RecordID], _ db: Database) throws -> [Advance] {
        try fetchAll(db, """
            SELECT a.* FROM payment_standing s JOIN payment p ON p.id = s.payment_id JOIN advance a ON a.id = p.advance_id
            WHERE s.staff_id IN (SELECT value FROM json_each(?)) AND s.purpose = ? ORDER BY a.given_on, a.id
            """, [list(staff), Payment.Purpose.advance.rawValue])
    }

    /// Openings in force (neither a reversal nor reversed) of the households. A ledger (a
    /// household's, or one person's) has one standing opening at most, and an opening is made only
    /// once the one before it is reversed: its latest opening that is not a reversal stands unless
    /// reversed. Each household's ledgers are found by skipping from one person to the next through
    /// `ledger_opening_latest` (the household's own first, as `''`), so that a ledger reversed and
    /// opened again thousands of times costs what one opened once does.
    static func standingOpenings(of households: Set<RecordID>, _ db: Database) throws -> [LedgerOpening] {
        try fetchAll(db, """
            WITH RECURSIVE ledgers(household_id, staff_id) AS (
                SELECT value, '' FROM json_each(?)
                UNION ALL
                SELECT l.household_id, (SELECT min(o.staff_id) FROM ledger_opening o INDEXED BY ledger_opening_latest
                                        WHERE o.household_id = l.household_id AND o.reverses IS NULL AND o.staff_id > l.staff_id)
                FROM ledgers l WHERE l.staff_id IS NOT NULL
            )
            SELECT o.* FROM ledgers l
            JOIN ledger_opening o ON o.rowid = (
                SELECT latest.rowid FROM ledger_opening latest INDEXED BY ledger_opening_latest
                WHERE latest.household_id = l.household_id AND latest.staff_id IS nullif(l.staff_id, '') AND latest.reverses IS NULL
                ORDER BY latest.rowid DESC LIMIT 1)
            WHERE l.staff_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_opening r WHERE r.reverses = o.id)
            ORDER BY o.created_at, o.id
            """, [list(households)])
    }

    /// The people named by `ids`, in one statement.
    static func staff(_ ids: some Sequence<RecordID>, _ db: Database) throws -> [StaffMember] {
        try fetchAll(db, "SELECT * FROM staff WHERE id IN (SELECT value FROM json_each(?))", [list(ids)])
    }

    /// The months each payment pays, by month.
    static func paymentMonths(of payments: [RecordID], _ db: Database) throws -> [Row] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM payment_month WHERE payment_id IN (SELECT value FROM json_each(?)) ORDER BY month"),
                         arguments: [list(payments)])
    }
}
