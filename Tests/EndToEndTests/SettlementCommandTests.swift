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
        // Worked by hand: March's pay; 14 days a year for 91 of 2024's 366 days is 3.5 days (to the half day) × 5100 ÷ 30;
        // five years to the day: two thirds of 5100 × 5. Notice was served in full.
        XCTAssertEqual(lines.map { "\($0["part"]!) \($0["amount"]!)" }, ["final pay 5100.00", "leave not taken 595.00", "gratuity 17000.00"])
        XCTAssertEqual(preview["total"] as? String, "22695.00")
        XCTAssertEqual((lines[2]["source"] as? String)?.hasPrefix("Employment Ordinance (Cap. 57), Part VB"), true)
        XCTAssertEqual((preview["notes"] as? [String])?.first?.hasPrefix("Hong Kong: long service payment on resignation"), true)
        let text = try homecrew.run(siti)
        XCTAssertTrue(text.stdout.contains("20/30 × 5100.00 × 5 years = 17000.00"), text.stdout)
        XCTAssertTrue(text.stderr.contains("a preview: nothing was recorded"))
        XCTAssertEqual(try homecrew.databaseBytes(), before, "a preview writes nothing")
    }

    func testAConfirmedSettlementBalancesTheLedgerAndKeepsItsStatement() throws {
        let confirmed = try homecrew.ok(siti + ["--confirm", "--method", "bank-transfer", "--reference", "HSBC 7781"])
        XCTAssertTrue(confirmed.contains("settlement total 22695.00 HKD; statement filed as document"), confirmed)
        let staff = try homecrew.jsonObject("staff", "show", "Siti", "--format", "json")
        XCTAssertEqual(((staff["staff"] as? [String: Any])?["leaving_date"] ?? staff["leaving_date"]) as? String, "2024-03-31")
        let payments = try homecrew.jsonArray("pay", "list", "Siti")
        XCTAssertEqual(payments.map { ($0["amount"] as? [String: String])?["amount"] ?? "" }.sorted(), ["17595.00", "5100.00"])
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
            (["settle", "Siti", "--leaving", "2024-03-31", "--reason", "quit", "--rules", "hk-cap57"], 64, "--reason takes one of: resignation, termination, end-of-contract"),
            (["settle", "Siti", "--leaving", "2024-03-31", "--reason", "termination", "--rules", "xx"], 64, "no settlement rules named 'xx'"),
            (["settle", "Siti", "--leaving", "2024-02-30", "--reason", "termination", "--rules", "hk-cap57"], 64, "there is no day 30 in February 2024"),
            (siti.map { $0 == "2024-03-01" ? "2024-04-02" : $0 }, 65, "notice given on 2024-04-02 is after the leaving date 2024-03-31"),
            (["settle", "Siti", "--leaving", "2019-03-31", "--reason", "termination", "--rules", "hk-cap57"], 65, "is before the start date"),
            (siti + ["--confirm"], 64, "--confirm needs --method"),
            (siti + ["--method", "cash"], 64, "--method, --paid-on and --reference go with --confirm"),
            (siti + ["--contract-gratuity-days", "0"], 64, "--contract-gratuity-days takes 1 to 365"),
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
        XCTAssertEqual(try homecrew.jsonObject(plain)["total"] as? String, "22695.00", "the household's rules")
        // A contract's own gratuity replaces the rules': 30 days a year for 5 years.
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
        XCTAssertEqual(amounts["leave not taken"], "618.33", "3.5 days × 5300 ÷ 30")
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
}
