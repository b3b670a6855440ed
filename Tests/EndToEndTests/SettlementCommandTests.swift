import Foundation
import XCTest
import HomeCrewTestSupport

/// `homecrew settle` as a person types it: the preview, the confirmed settlement in the ledger,
/// and every bad input refused with its exit code and the vault unchanged.
final class SettlementCommandTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Repulse Bay Flat")
        try homecrew.ok("staff", "add", "--name", "Siti Rahayu", "--known-as", "Siti", "--start", "2019-04-01", "--salary", "5100",
                        "--currency", "HKD", "--leave-days", "14")
        try homecrew.ok("staff", "add", "--name", "Ana Cruz", "--start", "2024-01-02", "--salary", "5100", "--currency", "HKD", "--leave-days", "7")
    }

    override func tearDown() { homecrew.cleanUp() }

    let siti = ["settle", "Siti", "--leaving", "2024-03-31", "--reason", "termination", "--notice-given", "2024-03-01", "--rules", "hk-cap57"]

    func testThePreviewShowsEveryLineAndRecordsNothing() throws {
        let before = try homecrew.databaseBytes()
        let preview = try homecrew.jsonObject(siti + ["--format", "json"])
        let lines = try XCTUnwrap(preview["lines"] as? [[String: Any]])
        // Worked by hand: March's pay; leave of every year, none recorded taken: 14 days a year for 275 of 2019's 365 days
        // (10.5, to the half day), 14 in each of 2020 to 2023, 3.5 for 91 of 2024's 366 days: 70 days × 12 × 5100 ÷ 366 (the days
        // of the 12 months to 31 March 2024); five years to the day: two thirds of 5100 × 5. A month's notice from 1 March was served.
        XCTAssertEqual(lines.map { "\($0["part"]!) \($0["amount"]!)" }, ["final pay 5100.00", "leave not taken 11704.92", "gratuity 17000.00"])
        XCTAssertEqual(preview["total"] as? String, "33804.92")
        XCTAssertEqual(lines[2]["title"] as? String, "long service payment")
        XCTAssertEqual((lines[2]["source"] as? String)?.hasPrefix("Employment Ordinance (Cap. 57), Part VB"), true)
        XCTAssertEqual(preview["rules_version"] as? String, "hk-cap57 (first version)", "the version in force on 31 March 2024")
        XCTAssertEqual((preview["notes"] as? [String])?.contains { $0.hasPrefix("Hong Kong: a long service payment on resignation") }, true)
        let text = try homecrew.run(siti)
        XCTAssertTrue(text.stdout.contains("20/30 × 5100.00 × 5 years = 17000.00"), text.stdout)
        XCTAssertTrue(text.stdout.contains("70 days (66.5 not taken before 2024 + 3.5 earned in 2024 − 0 taken) × 12 × 5100.00 ÷ 366 = 11704.92"), text.stdout)
        XCTAssertTrue(text.stderr.contains("a preview: nothing was recorded"))
        XCTAssertEqual(try homecrew.databaseBytes(), before, "a preview writes nothing")
    }

    func testAConfirmedSettlementBalancesTheLedgerAndKeepsItsStatement() throws {
        let confirmed = try homecrew.ok(siti + ["--confirm", "--method", "bank-transfer", "--reference", "HSBC 7781"])
        XCTAssertTrue(confirmed.contains("settlement total 33804.92 HKD; statement filed as document"), confirmed)
        let staff = try homecrew.jsonObject("staff", "show", "Siti", "--format", "json")
        XCTAssertEqual(((staff["staff"] as? [String: Any])?["leaving_date"] ?? staff["leaving_date"]) as? String, "2024-03-31")
        let payments = try homecrew.jsonArray("pay", "list", "Siti")
        XCTAssertEqual(payments.map { ($0["amount"] as? [String: String])?["amount"] ?? "" }.sorted(), ["28704.92", "5100.00"])
        XCTAssertEqual(Set(payments.map { $0["note"] as? String }), ["final settlement by hk-cap57 (first version)"], "the entries name the version")
        let owed = try XCTUnwrap(try homecrew.jsonObject("report", "owed", "2024-03")["rows"] as? [[String: Any]])
        let row = try XCTUnwrap(owed.first { ($0["staff"] as? [String: Any])?["legal_name"] as? String == "Siti Rahayu" })
        XCTAssertEqual((row["outstanding"] as? [String: String])?["amount"], "0.00", "March is paid by the settlement")
        let statements = try homecrew.jsonArray("doc", "list", "--staff", "Siti")
        XCTAssertEqual(statements.map { $0["title"] as? String }, ["Final settlement 2024-03-31 Siti Rahayu"])

        let before = try homecrew.databaseBytes()
        let again = try homecrew.run(siti + ["--confirm", "--method", "cash"])
        XCTAssertEqual(again.status, 65)
        XCTAssertTrue(again.stderr.hasPrefix("error: Siti Rahayu was already settled on 2024-03-31"), again.stderr)
        XCTAssertEqual(try homecrew.databaseBytes(), before, "a refused settlement writes nothing")
    }

    func testEveryBadInputIsRefusedAndChangesNothing() throws {
        let before = try homecrew.databaseBytes()
        let cases: [([String], Int32, String)] = [
            (["settle", "Siti", "--leaving", "2024-03-31", "--reason", "quit", "--rules", "hk-cap57"], 64, "--reason takes one of: resignation, termination, redundancy, end-of-contract"),
            (["settle", "Siti", "--leaving", "2024-03-31", "--reason", "termination", "--rules", "xx"], 64, "no settlement rules named 'xx'"),
            (["settle", "Siti", "--leaving", "2024-03-31", "--reason", "resignation-with-cause", "--rules", "hk-cap57"], 64,
             "the hk-cap57 (first version) rules do not distinguish resignation-with-cause"),
            (["settle", "Siti", "--leaving", "2024-02-30", "--reason", "termination", "--rules", "hk-cap57"], 64, "there is no day 30 in February 2024"),
            (siti.map { $0 == "2024-03-01" ? "2024-04-02" : $0 }, 65, "notice given on 2024-04-02 is after the leaving date 2024-03-31"),
            (["settle", "Siti", "--leaving", "2019-03-31", "--reason", "termination", "--rules", "hk-cap57"], 65, "is before the start date"),
            (siti + ["--confirm"], 64, "--confirm needs --method"),
            (siti + ["--method", "cash"], 64, "--method, --paid-on and --reference go with --confirm"),
            (siti + ["--contract-gratuity-days", "0"], 64, "--contract-gratuity-days takes 1 to 365"),
            (siti + ["--contract-gratuity-days", "15", "--contract-month-days", "31"], 64, "--contract-month-days takes 26 or 30 (got 31)"),
            (siti + ["--contract-month-days", "26"], 64, "the person's contract gives no gratuity: give its days a year"),
            (siti + ["--contract-gratuity-days", "15", "--contract-minimum-years", "51"], 64, "--contract-minimum-years takes 0 to 50 (got 51)"),
            (["settle", "Siti", "--reason", "termination"], 64, "--leaving is required"),
            (["settle", "--list-rules", "Siti"], 64, "--list-rules takes nothing else"),
            (["staff", "edit", "Ana", "--contract-month-days", "26"], 65, "a contract's month and minimum service go with its gratuity's days a year"),
            (["staff", "edit", "Ana", "--contract-gratuity-days", "15", "--contract-month-days", "20"], 64, "--contract-month-days takes 26 or 30"),
            (["settle", "Nobody", "--leaving", "2024-03-31", "--reason", "termination", "--rules", "hk-cap57"], 66, "Nobody"),
            // Ana resigns after three months without notice: the month's notice she owes is more than what is due to her.
            (["settle", "Ana", "--leaving", "2024-03-31", "--reason", "resignation", "--rules", "hk-cap57", "--confirm", "--method", "cash"], 65,
             "the worker owes"),
        ]
        for (arguments, status, message) in cases {
            let run = try homecrew.run(arguments)
            XCTAssertEqual(run.status, status, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line: \(run.stderr)")
        }
        XCTAssertEqual(try homecrew.databaseBytes(), before)
    }

    func testTheHouseholdsRulesAndThePersonsContractAreTheDefaults() throws {
        let plain = ["settle", "Siti", "--leaving", "2024-03-31", "--reason", "termination", "--notice-given", "2024-03-01", "--format", "json"]
        let none = try homecrew.run(plain)
        XCTAssertEqual(none.status, 64)
        XCTAssertEqual(none.stderr, "error: Repulse Bay Flat has no settlement rules: give --rules, or choose the household's with household edit --settlement-rules\n")
        XCTAssertEqual(try homecrew.run(["household", "edit", "Repulse Bay Flat", "--settlement-rules", "hk-cap58"]).status, 64)
        try homecrew.ok("household", "edit", "Repulse Bay Flat", "--settlement-rules", "hk-cap57")
        XCTAssertEqual(try homecrew.jsonObject(plain)["total"] as? String, "33804.92", "the household's rules")
        // A contract's own gratuity is paid where it gives more than the statute: 30 days a year for 5 years against 20.
        XCTAssertEqual(try homecrew.run(["staff", "edit", "Siti", "--contract-gratuity-days", "400"]).status, 65)
        try homecrew.ok("staff", "edit", "Siti", "--contract-gratuity-days", "30")
        let contract = try homecrew.jsonObject(plain)
        XCTAssertEqual((contract["lines"] as? [[String: Any]])?.first { $0["part"] as? String == "gratuity" }?["amount"] as? String, "25500.00")
        try homecrew.ok("staff", "edit", "Siti", "--clear-contract-gratuity")
        try homecrew.ok("household", "edit", "Repulse Bay Flat", "--settlement-rules", "")
        XCTAssertEqual(try homecrew.run(plain).status, 64, "cleared again")
    }

    /// A raise in the final year: the gratuity and leave use the last wage; unpaid leave in the
    /// final month is the payroll's own deduction; a reversed settlement may be settled again.
    func testARaiseUnpaidLeaveAndAReversal() throws {
        try homecrew.ok("staff", "salary", "set", "Siti", "5300", "--from", "2024-01-01")
        try homecrew.ok("leave", "add", "Siti", "--from", "2024-03-11", "--to", "2024-03-12", "--type", "unpaid")
        let preview = try homecrew.jsonObject(siti + ["--format", "json"])
        let amounts = Dictionary(uniqueKeysWithValues: (preview["lines"] as? [[String: Any]] ?? []).map {
            ($0["part"] as? String ?? "", $0["amount"] as? String ?? "")
        })
        XCTAssertEqual(amounts["gratuity"], "17666.67", "two thirds of the last wage, 5300, × 5 years")
        XCTAssertEqual(amounts["leave not taken"], "12163.93", "70 days (every year's, none recorded taken) × 12 × 5300 ÷ 366")
        let payroll = try homecrew.jsonObject("report", "payroll", "2024-03", "--format", "json")
        let march = try XCTUnwrap((payroll["lines"] as? [[String: Any]])?.first {
            (($0["staff"] as? [String: Any])?["legal_name"] as? String) == "Siti Rahayu"
        }, "\(payroll)")
        XCTAssertEqual(amounts["final pay"], (march["net"] as? [String: String])?["amount"], "the payroll's March, two unpaid days deducted")
        XCTAssertEqual(amounts["final pay"], "4958.06", "5300 less 2 days × 5300 ÷ 31")

        try homecrew.ok(siti + ["--confirm", "--method", "cash"])
        let entry = try XCTUnwrap(try homecrew.jsonArray("pay", "list", "Siti").first { $0["purpose"] as? String == "settlement" }?["id"] as? String)
        try homecrew.ok("pay", "reverse", entry, "--on", "2024-04-02", "--note", "wrong rules")
        let again = try homecrew.run(siti.map { $0 == "hk-cap57" ? "in-contract" : $0 } + ["--contract-gratuity-days", "30", "--confirm", "--method", "cash"])
        XCTAssertEqual(again.status, 0, "a reversed settlement can be settled again: \(again.stderr)")
    }

    /// The rule sets with their versions; a contract gratuity's month and minimum service kept with
    /// the person, shown, exported and used.
    func testTheRulesVersionsAndAContractsMonthAndMinimumService() throws {
        let table = try homecrew.ok("settle", "--list-rules")
        for text in ["hk-cap57 (first version)", "before 2025-05-01", "hk-cap57 from 2025-05-01", "hk-cap57-mpf from 2025-05-01",
                     "ae-domestic-2022 from 2022-12-15", "in-contract from 2025-11-21"] {
            XCTAssertTrue(table.contains(text), "\(text): \(table)")
        }
        let sets = try homecrew.jsonArray("settle", "--list-rules", "--format", "json")
        let uae = try XCTUnwrap(sets.first { $0["id"] as? String == "ae-domestic-2022" }?["versions"] as? [[String: Any]])
        XCTAssertEqual(uae.map { $0["in_force_from"] as? String }, [nil, "2022-12-15"])
        XCTAssertEqual(uae.last?["pay_within_days"] as? Int, 10)
        XCTAssertFalse((uae.last?["readings"] as? [String] ?? []).isEmpty)

        try homecrew.ok("staff", "edit", "Siti", "--contract-gratuity-days", "15", "--contract-month-days", "26", "--contract-minimum-years", "5")
        XCTAssertTrue(try homecrew.ok("staff", "show", "Siti").contains("a month counted as 26 days"))
        let file = homecrew.vault.deletingLastPathComponent().appendingPathComponent("export.json")
        try homecrew.ok("export", "--out", file.path)
        let export = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let staff = try XCTUnwrap(((export["households"] as? [[String: Any]])?.first?["staff"] as? [[String: Any]])?.first { $0["known_as"] as? String == "Siti" })
        XCTAssertEqual(staff["contract_gratuity_month_days"] as? Int, 26)
        XCTAssertEqual(staff["contract_gratuity_minimum_years"] as? Int, 5)
        // 15/26 × 5100 × 5 years = 14711.54, less than the long service payment 17000: the statute's is paid.
        let gratuity = { (arguments: [String]) throws -> [String: Any]? in
            (try self.homecrew.jsonObject(arguments + ["--format", "json"])["lines"] as? [[String: Any]])?.first { $0["part"] as? String == "gratuity" }
        }
        XCTAssertEqual(try gratuity(siti)?["amount"] as? String, "17000.00")
        XCTAssertTrue(((try gratuity(siti)?["arithmetic"] as? [String]) ?? []).contains { $0.contains("15/26 × 5100.00 × 5 years = 14711.54") })
        // By the contract alone (no statutory gratuity) and for one settlement only, a minimum of six years pays nothing.
        let contract = siti.map { $0 == "hk-cap57" ? "in-contract" : $0 }
        XCTAssertEqual(try gratuity(contract)?["amount"] as? String, "14711.54")
        XCTAssertEqual(try gratuity(contract + ["--contract-minimum-years", "6"])?["amount"] as? String, "0.00")
    }

    /// The UAE's ten days: the preview, the staff page and the due list show the day until the
    /// settlement is recorded.
    func testTheDaysTheLawGivesToPayAreShownUntilTheSettlementIsRecorded() throws {
        try homecrew.ok("household", "add", "Marina Flat")
        try homecrew.ok("household", "edit", "Marina Flat", "--settlement-rules", "ae-domestic-2022")
        try homecrew.ok("staff", "add", "--household", "Marina Flat", "--name", "Joy Mendoza", "--start", "2023-01-09", "--salary", "2500",
                        "--currency", "AED", "--leave-days", "30")
        try homecrew.ok("staff", "end", "Joy", "--on", "2026-11-20")
        let preview = try homecrew.jsonObject("settle", "Joy", "--leaving", "2026-11-20", "--reason", "termination", "--format", "json")
        XCTAssertEqual(preview["pay_by"] as? String, "2026-11-30")
        XCTAssertEqual(preview["rules_version"] as? String, "ae-domestic-2022 from 2022-12-15")
        let due = { () throws -> [[String: Any]] in
            try self.homecrew.jsonArray("report", "due", "--within", "30", "--format", "json", "--today", "2026-11-25").filter { $0["kind"] as? String == "settlement" }
        }
        XCTAssertEqual(try due().map { $0["date"] as? String }, ["2026-11-30"])
        XCTAssertTrue((try due().first?["summary"] as? String ?? "").contains("within 10 days of the last day"))
        XCTAssertTrue(try homecrew.ok("staff", "show", "Joy", "--as-of", "2026-11-25").contains("to be paid by 2026-11-30"))
        // A payment whose note only reads like a settlement's is not one.
        try homecrew.ok("pay", "record", "Joy", "--amount", "100", "--on", "2026-11-21", "--method", "cash", "--for", "2026-11",
                        "--note", "final settlement by hand")
        XCTAssertEqual(try due().count, 1)
        // A leaver to whom nothing could be owed (October paid, no leave, no gratuity, no notice in the law) has nothing to record.
        try homecrew.ok("staff", "add", "--household", "Marina Flat", "--name", "Kim Reyes", "--start", "2026-06-01", "--salary", "2000",
                        "--currency", "AED", "--leave-days", "0")
        try homecrew.ok("staff", "end", "Kim", "--on", "2026-10-31")
        XCTAssertEqual(try due().count, 2, "October unpaid: Kim is owed her last month")
        try homecrew.ok("pay", "record", "Kim", "--amount", "2000", "--on", "2026-10-31", "--method", "cash", "--for", "2026-10")
        XCTAssertEqual(try due().compactMap { ($0["staff"] as? [String])?.first }, ["Joy Mendoza"])
        XCTAssertFalse(try homecrew.ok("staff", "show", "Kim").contains("to be paid by"))
        try homecrew.ok("settle", "Joy", "--leaving", "2026-11-20", "--reason", "termination", "--confirm", "--method", "wps")
        XCTAssertEqual(try due().count, 0, "recorded: no longer due")
        XCTAssertFalse(try homecrew.ok("staff", "show", "Joy").contains("to be paid by"))
    }

    /// A wage in another currency on 30 April 2025 cannot be split silently: one line, nothing written.
    func testASplitWithoutAWageOnThirtyAprilIsRefused() throws {
        try homecrew.ok("staff", "salary", "set", "Siti", "700", "--currency", "USD", "--from", "2024-01-01")
        try homecrew.ok("staff", "salary", "set", "Siti", "5600", "--currency", "HKD", "--from", "2025-05-01")
        let before = try homecrew.databaseBytes()
        let run = try homecrew.run(["settle", "Siti", "--leaving", "2026-03-31", "--reason", "termination", "--rules", "hk-cap57-mpf"])
        XCTAssertEqual(run.status, 65)
        XCTAssertEqual(run.stderr, "error: the payment splits service at 2025-05-01 and needs Siti Rahayu's monthly wage on 2025-04-30 in the same currency "
                       + "as the last; the salary history has none: add it with staff salary set --from\n")
        XCTAssertEqual(try homecrew.databaseBytes(), before)
    }
}
