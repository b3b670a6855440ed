import GRDB

/// `payment_standing` is derived from the payments (format 19): triggers keep it as entries are
/// written, and the reports and pages read what stands from it, so a row lost or added by hand
/// makes them wrong. `vault verify` recomputes it from the payments; `vault reindex` makes it again.
extension AppDatabase {
    /// The payments that stand (neither a reversal nor reversed), as `payment_standing` lists them.
    static let standingPaymentsSQL = """
        SELECT staff_id, purpose, id AS payment_id FROM payment p
        WHERE reverses IS NULL AND NOT EXISTS (SELECT 1 FROM payment r WHERE r.reverses = p.id)
        """

    /// Each payment where `payment_standing` differs from the payments (`limit` of them named, then
    /// how many more), in one statement: what stands is worked out once and compared both ways.
    public func standingPaymentProblems(limit: Int = 20) throws -> [String] {
        let differences = try read { db in
            try Row.fetchAll(db, sql: """
                WITH expected AS MATERIALIZED (\(Self.standingPaymentsSQL)),
                missing AS (SELECT * FROM expected EXCEPT SELECT staff_id, purpose, payment_id FROM payment_standing),
                extra AS (SELECT staff_id, purpose, payment_id FROM payment_standing EXCEPT SELECT * FROM expected)
                SELECT 1 AS missing, payment_id FROM missing UNION ALL SELECT 0, payment_id FROM extra ORDER BY payment_id, missing
                """)
        }
        let repair = "`homecrew vault reindex` makes it again from the payments"
        let named = differences.prefix(limit).map { row -> String in
            let id: String = row["payment_id"]
            return row["missing"] as Bool
                ? "payment \(id) stands but payment_standing misses it: reports leave it out; \(repair)"
                : "payment_standing lists payment \(id), which does not stand (or not for that person and purpose): reports count it; \(repair)"
        }
        let more = differences.count - named.count
        return named + (more > 0 ? ["\(more) more payment(s) where payment_standing differs from the payments"] : [])
    }

    /// Makes `payment_standing` again from the payments, in one transaction; how many stand.
    public func rebuildStandingPayments() throws -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM payment_standing; INSERT INTO payment_standing (staff_id, purpose, payment_id) \(Self.standingPaymentsSQL)")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM payment_standing") ?? 0
        }
    }
}
