import Foundation
import XCTest

/// `pay opening`: where a household's payment ledger begins, as a new user meets it.
final class LedgerOpeningTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
    }

    override func tearDown() { homecrew.cleanUp() }

    func amount(_ key: String, _ object: [String: Any]?) -> String? {
        (object?[key] as? [String: String])?["amount"]
    }

    /// The owed report's totals by currency: due, paid, outstanding.
    func owedTotals(_ arguments: String...) throws -> [String: [String]] {
        let report = try homecrew.jsonObject(["report", "owed", "--all-households", "--today", "2026-11-22"] + arguments)
        let totals = try XCTUnwrap(report["totals"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: totals.map { total in
            ((total["currency"] as? String) ?? "", ["due", "paid", "outstanding"].map { amount($0, total) ?? "" })
        })
    }

    func testTheDemosOwedTotalsAreWhatAHouseholdPaidSinceItsOpening() throws {
        XCTAssertEqual(try homecrew.run(["demo", "--today", "2026-11-22"]).status, 0)
        // By hand, this year up to November, every ledger opened after 2026-09 (the demo records October onwards):
        // Sea View House (INR)
        //   Asha    Oct 28000 (paid 28000), Nov 28000 − 2 unpaid days × 28000/30 = 26133.33
        //   Ramesh  Oct 22000 (paid 22000), Nov 14 days at 22000 + 16 days at 24500, ÷ 30 = 10266.67 + 13066.67 = 23333.33
        //   Priya   Nov from the 17th: 14 × 18000/30 = 8400.00
        //   Sunita  left 2026-09-30: every month of hers is settled before HomeCrew
        //   due 28000 + 26133.33 + 22000 + 23333.33 + 8400 = 107866.66, paid 50000.00, outstanding 57866.66
        // Marina Apartment (AED)
        //   Maria   Oct 3500 (paid), Nov 3500 + 500 bonus = 4000;  Fatima Oct 2800.50 (paid), Nov 2800.50
        //   Grace   Oct 2500 (paid), Nov to the 20th 20 × 2500/30 − 300 = 1366.67;  Joseph starts in December
        //   due 7500 + 5601.00 + 3866.67 = 16967.67, paid 8800.50, outstanding 8167.17
        // Azabu Flat (JPY): Hanako Oct and Nov unpaid, 2 × 280000 = 560000
        let totals = try owedTotals()
        XCTAssertEqual(totals["INR"], ["107866.66", "50000.00", "57866.66"])
        XCTAssertEqual(totals["AED"], ["16967.67", "8800.50", "8167.17"])
        XCTAssertEqual(totals["JPY"], ["560000", "0", "560000"])
        let table = try homecrew.ok("report", "owed", "--household", "Sea View House", "--today", "2026-11-22")
        XCTAssertTrue(table.contains("SETTLED BEFORE HOMECREW"), table)
        XCTAssertTrue(table.contains("2026-01..2026-09"), table)

        // Reversing Sea View House's opening brings back the arrears the issue met on the first day:
        // Asha 9 × 28000, Ramesh 9 × 22000, Sunita 9 × 15000 more, 642866.66 in all.
        let openings = try homecrew.jsonArray("pay", "opening", "--household", "Sea View House")
        XCTAssertEqual(openings.map { $0["settled_through"] as? String }, ["2026-09"])
        let id = try XCTUnwrap(openings.first?["id"] as? String)
        let reversed = try homecrew.ok("pay", "opening", "--reverse", String(id.prefix(6)), "--today", "2026-11-22")
        XCTAssertTrue(reversed.contains("Sea View House's months up to 2026-09 are owed again."), reversed)
        XCTAssertEqual(try owedTotals()["INR"], ["692866.66", "50000.00", "642866.66"])
        XCTAssertEqual(try owedTotals()["AED"], ["16967.67", "8800.50", "8167.17"], "another household's opening stands")
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0)
    }

    func testOpeningReversalAndTheFirstPaymentsHint() throws {
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Ramesh Kumar", "--known-as", "Ramesh", "--start", "2026-01-01", "--salary", "22000",
                        "--currency", "INR", "--household", "Sea View")
        // The household's first payment leaves January to September owed: the CLI says what to run.
        let first = try homecrew.run(["pay", "record", "Ramesh", "--amount", "22000", "--on", "2026-10-31", "--method", "upi", "--for", "2026-10"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("months before 2026-10 now count as owed. If they were settled before HomeCrew, run: "
                                            + "homecrew pay opening --household 'Sea View' --settled-through 2026-09"), first.stderr)
        XCTAssertEqual(try owedTotals()["INR"], ["242000.00", "22000.00", "220000.00"], "January to November due, October paid")

        let opened = try homecrew.ok("pay", "opening", "--household", "Sea View", "--settled-through", "2026-09", "--today", "2026-11-22")
        XCTAssertTrue(opened.hasPrefix("Opened the ledger of Sea View after 2026-09 (opening "), opened)
        XCTAssertEqual(try owedTotals()["INR"], ["44000.00", "22000.00", "22000.00"], "October paid, November owed")
        let payroll = try homecrew.ok("report", "payroll", "2026-09", "--household", "Sea View")
        XCTAssertTrue(payroll.contains("settled before HomeCrew"), payroll)
        // Later payments follow on from the opening without naming months.
        XCTAssertTrue(try homecrew.ok("pay", "record", "Ramesh", "--amount", "22000", "--on", "2026-11-30", "--method", "cash").contains("for 2026-11."))
        let second = try homecrew.run(["pay", "record", "Ramesh", "--amount", "100", "--on", "2026-11-30", "--method", "cash"])
        XCTAssertFalse(second.stderr.contains("pay opening"), "only the first payment suggests an opening: \(second.stderr)")

        let history = try homecrew.ok("history", "--household", "Sea View")
        XCTAssertTrue(history.contains("added ledger opening"), history)
        XCTAssertTrue(history.contains("The vault's keeper ("), history)
        XCTAssertFalse(history.contains("cli:"), "the history names people in words: \(history)")

        let id = try XCTUnwrap(try homecrew.jsonArray("pay", "opening", "--household", "Sea View").first?["id"] as? String)
        try homecrew.ok("pay", "opening", "--reverse", id, "--today", "2026-11-22")
        XCTAssertEqual(try owedTotals()["INR"], ["242000.00", "44000.00", "198000.00"], "the months it covered are owed again")
        let states = try homecrew.jsonArray("pay", "opening", "--household", "Sea View").compactMap { $0["state"] as? String }
        XCTAssertEqual(states.count, 2)
        XCTAssertTrue(states[0].hasPrefix("reversed by "), "\(states)")
        XCTAssertTrue(states[1].hasPrefix("reverses "), "\(states)")

        // Export carries the opening and its reversal; a fresh vault imports them and owes the same.
        try homecrew.ok("pay", "opening", "--household", "Sea View", "--settled-through", "2026-06", "--today", "2026-11-22")
        let file = homecrew.vault.deletingLastPathComponent().appendingPathComponent("export.json").path
        try homecrew.ok("export", "--out", file)
        let exported = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let households = try XCTUnwrap(exported["households"] as? [[String: Any]])
        XCTAssertEqual((households.first?["ledger_openings"] as? [[String: Any]])?.count, 3)
        var target = try HomeCrewProcess.temporary()
        defer { target.cleanUp() }
        try target.ok("import", file)
        swap(&homecrew, &target)
        defer { swap(&homecrew, &target) }
        XCTAssertEqual(try owedTotals()["INR"], ["110000.00", "44000.00", "66000.00"], "July to November due, as in the vault exported")
        XCTAssertEqual(try homecrew.jsonArray("pay", "opening", "--household", "Sea View").count, 3)
    }

    func testBadOpeningsAreRefusedChangingNothing() throws {
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Marina Flat")
        try homecrew.ok("staff", "add", "--name", "Ramesh Kumar", "--known-as", "Ramesh", "--start", "2026-01-01", "--salary", "22000",
                        "--currency", "INR", "--household", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Maria Santos", "--start", "2026-01-10", "--salary", "3500", "--currency", "AED",
                        "--household", "Marina Flat")
        try homecrew.ok("pay", "record", "Maria Santos", "--amount", "3500", "--on", "2026-04-30", "--method", "wps", "--for", "2026-04")
        try homecrew.ok("pay", "opening", "--household", "Sea View", "--settled-through", "2026-03", "--today", "2026-11-22")
        let opening = ["pay", "opening", "--today", "2026-11-22", "--household"]
        try homecrew.assertEachIsRefusedChangingNothing([
            ("a month in the future", opening + ["Marina Flat", "--settled-through", "2026-12"], 65),
            ("before the person started", opening + ["Sea View", "--staff", "Ramesh", "--settled-through", "2025-12"], 65),
            ("before anyone in the household started", opening + ["Marina Flat", "--settled-through", "2025-12"], 65),
            ("a second opening over the first", opening + ["Sea View", "--settled-through", "2026-05"], 65),
            ("over a payment already recorded", opening + ["Marina Flat", "--settled-through", "2026-04"], 65),
            ("an unknown household", opening + ["Nowhere", "--settled-through", "2026-03"], 66),
            ("an unknown person", opening + ["Sea View", "--staff", "Nobody", "--settled-through", "2026-03"], 66),
            ("a person of another household", opening + ["Sea View", "--staff", "Maria Santos", "--settled-through", "2026-03"], 66),
            ("not a month", opening + ["Sea View", "--settled-through", "2026-13"], 64),
            ("an unknown opening", ["pay", "opening", "--reverse", "ffffffffffff"], 66),
            ("pay for a month settled before HomeCrew",
             ["pay", "record", "Ramesh", "--amount", "100", "--on", "2026-04-30", "--method", "cash", "--for", "2026-02"], 65),
        ])
        let second = try homecrew.run(opening + ["Sea View", "--settled-through", "2026-05"])
        XCTAssertTrue(second.stderr.hasPrefix("error: Sea View already has an opening (settled through 2026-03, "), second.stderr)
        XCTAssertTrue(second.stderr.contains("reverse it first: homecrew pay opening --reverse "), second.stderr)
        let future = try homecrew.run(opening + ["Marina Flat", "--settled-through", "2026-12"])
        XCTAssertEqual(future.stderr, "error: 2026-12 is in the future: an opening settles months up to this one (2026-11) at most\n")
        let early = try homecrew.run(opening + ["Sea View", "--staff", "Ramesh", "--settled-through", "2025-12"])
        XCTAssertEqual(early.stderr, "error: 2025-12 is before Ramesh Kumar started (2026-01): nothing was owed then\n")
        // A person's own opening stands beside the household's; an advance given before it can still be entered.
        XCTAssertTrue(try homecrew.ok(opening + ["Sea View", "--staff", "Ramesh", "--settled-through", "2026-06"]).contains("Ramesh Kumar (Sea View)"))
        XCTAssertTrue(try homecrew.ok("advance", "add", "Ramesh", "6000", "--on", "2026-02-10", "--instalments", "6").contains("repaid 6 instalments from 2026-03"))
    }

    /// What a review found: changes of openings that left a recorded payment in a covered month,
    /// where it counted as neither paid nor owed. Each is refused now, the vault unchanged.
    func testNoChangeOfOpeningsLeavesAPaymentInACoveredMonth() throws {
        try homecrew.ok("household", "add", "Home")
        try homecrew.ok("household", "add", "Other")
        try homecrew.ok("staff", "add", "--name", "Anna Able", "--start", "2026-01-01", "--salary", "3000", "--currency", "INR", "--household", "Home")
        try homecrew.ok("staff", "add", "--name", "Bob Baker", "--start", "2026-01-01", "--salary", "1000", "--currency", "INR", "--household", "Home")
        try homecrew.ok("staff", "add", "--name", "Olga Other", "--start", "2026-01-01", "--salary", "1000", "--currency", "INR", "--household", "Other")
        let today = ["--today", "2026-11-22"]
        let anna = try homecrew.ok(["pay", "opening", "--household", "Home", "--staff", "Anna", "--settled-through", "2026-03"] + today)
        let annaOpening = try XCTUnwrap(anna.components(separatedBy: "(opening ").last?.prefix(8).description, anna)
        try homecrew.ok("pay", "record", "Anna", "--amount", "3000", "--on", "2026-06-01", "--method", "cash", "--for", "2026-05")
        // Anna's own opening stands, so the household's through September covers Bob only, and is accepted.
        try homecrew.ok(["pay", "opening", "--household", "Home", "--settled-through", "2026-09"] + today)
        let other = try homecrew.ok(["pay", "opening", "--household", "Other", "--settled-through", "2026-02"] + today)
        XCTAssertFalse(other.isEmpty)
        // A file whose opening lies in the future, or covers Anna's paid May once imported over this vault.
        let exported = homecrew.vault.deletingLastPathComponent().appendingPathComponent("home.json")
        try homecrew.ok("export", "--out", exported.path)
        var file = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: exported)) as? [String: Any])
        var households = try XCTUnwrap(file["households"] as? [[String: Any]])
        let home = try XCTUnwrap(households.firstIndex { $0["name"] as? String == "Home" })
        var openings = try XCTUnwrap(households[home]["ledger_openings"] as? [[String: Any]])
        let future = homecrew.vault.deletingLastPathComponent().appendingPathComponent("future.json")
        openings.append(["id": "0123456789ab", "settled_through": "2030-12", "recorded_on": "2026-11-22", "staff_id": NSNull(), "note": NSNull(), "reverses": NSNull()])
        households[home]["ledger_openings"] = openings
        file["households"] = households
        try JSONSerialization.data(withJSONObject: file).write(to: future)
        try homecrew.assertEachIsRefusedChangingNothing([
            ("reversing Anna's opening, which hands her paid May to the household's", ["pay", "opening", "--reverse", annaOpening] + today, 65),
            ("reversing another household's opening by naming this one", ["pay", "opening", "--household", "Other", "--reverse", annaOpening] + today, 66),
            ("importing an opening in the future (over the standing one)", ["import", future.path] + today, 65),
        ])
        let refused = try homecrew.run(["pay", "opening", "--reverse", annaOpening] + today)
        XCTAssertEqual(refused.stderr, "error: payments of pay are recorded for 2026-05, up to 2026-09; choose an earlier month or reverse those payments first\n")
    }
}
