/// Rows a member leaves behind by undoing and doing again: ledger openings made and reversed,
/// payments of pay recorded and reversed, and advances given and their payment reversed, thousands
/// of times. Each is SQL that inserts them
/// set-wise (run it in one transaction: well under a second for 10,000 pairs), each pair as the
/// store writes it (an entry, then its reversal), so the store's triggers check every row.
/// Ids come from a counter above `base`: 12 hex digits, in ranges a random id hardly meets.
public enum Churn {
    public static let openingBase: Int64 = 0x6_0000_0000
    public static let paymentBase: Int64 = 0x7_0000_0000
    /// Advances from here, their payments (handing over and reversal) `0x1000_0000` above.
    public static let advanceBase: Int64 = 0xA_0000_0000

    /// The `i`-th id above `base`.
    public static func id(_ base: Int64, _ i: Int) -> String {
        let digits = String(base + Int64(i), radix: 16)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// `pairs` openings of the household's ledger (or of `staff`'s own) through `settledThrough`,
    /// each reversed straight away: none stands after them.
    public static func openings(pairs: Int, household: String, staff: String?, settledThrough: String,
                                base: Int64 = openingBase) -> String {
        """
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(2 * pairs))
        INSERT INTO ledger_opening (id, household_id, staff_id, settled_through, recorded_on, note, reverses, created_at)
        SELECT printf('%012x', \(base) + i), '\(household)', \(staff.map { "'\($0)'" } ?? "NULL"), '\(settledThrough)', date('now'), NULL,
               CASE i % 2 WHEN 1 THEN printf('%012x', \(base) + i - 1) END, strftime('%Y-%m-%d %H:%M:%f', 'now')
        FROM n ORDER BY i
        """
    }

    /// `pairs` payments of pay of `amount` (a plain positive decimal) to `staff` on `paidOn` for
    /// `month`, each reversed straight away; two statements (the payments, then their months).
    public static func payments(pairs: Int, staff: String, paidOn: String, month: String, amount: String, currency: String,
                                base: Int64 = paymentBase) -> [String] {
        ["""
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(2 * pairs))
        INSERT INTO payment (id, staff_id, paid_on, amount, currency, method, purpose, reverses, created_at)
        SELECT printf('%012x', \(base) + i), '\(staff)', '\(paidOn)', CASE i % 2 WHEN 0 THEN '\(amount)' ELSE '-\(amount)' END,
               '\(currency)', 'cash', 'payroll', CASE i % 2 WHEN 1 THEN printf('%012x', \(base) + i - 1) END,
               strftime('%Y-%m-%d %H:%M:%f', 'now')
        FROM n ORDER BY i
        """, """
        INSERT INTO payment_month (payment_id, month, amount)
        SELECT id, '\(month)', amount FROM payment WHERE id BETWEEN '\(id(base, 0))' AND '\(id(base, 2 * pairs - 1))'
        """]
    }

    /// `pairs` advances of `amount` given to `staff` on `givenOn`, repaid in 2 instalments from
    /// `firstMonth` (`advance add … --instalments 2`), each one's payment reversed straight away
    /// (`pay reverse`): none stands after them. Two statements (the advances, then their payments).
    public static func advances(pairs: Int, staff: String, givenOn: String, firstMonth: String, amount: String, currency: String,
                                base: Int64 = advanceBase) -> [String] {
        let payments = base + 0x1000_0000
        return ["""
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(pairs))
        INSERT INTO advance (id, staff_id, kind, given_on, amount, currency, instalments, first_month, created_at)
        SELECT printf('%012x', \(base) + i), '\(staff)', 'advance', '\(givenOn)', '\(amount)', '\(currency)', 2, '\(firstMonth)',
               strftime('%Y-%m-%d %H:%M:%f', 'now')
        FROM n ORDER BY i
        """, """
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(2 * pairs))
        INSERT INTO payment (id, staff_id, paid_on, amount, currency, method, purpose, advance_id, reverses, created_at)
        SELECT printf('%012x', \(payments) + i), '\(staff)', '\(givenOn)', CASE i % 2 WHEN 0 THEN '\(amount)' ELSE '-\(amount)' END,
               '\(currency)', 'cash', 'advance', printf('%012x', \(base) + i / 2),
               CASE i % 2 WHEN 1 THEN printf('%012x', \(payments) + i - 1) END, strftime('%Y-%m-%d %H:%M:%f', 'now')
        FROM n ORDER BY i
        """]
    }
}
