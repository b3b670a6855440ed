import Foundation
import XCTest
import HomeCrewTestSupport

/// `pay record`, `pay list`, `pay reverse`, `advance …` and `report owed` as a person types them.
final class PaymentCommandTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Marina Flat")
        try homecrew.ok("staff", "add", "--name", "Ramesh Kumar", "--known-as", "Ramesh", "--start", "2026-01-01", "--salary", "22000",
                        "--currency", "INR", "--household", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Maria Santos", "--start", "2026-01-10", "--salary", "3500", "--currency", "AED",
                        "--household", "Marina Flat")
    }

    override func tearDown() { homecrew.cleanUp() }

    func testPayingMonthsAdvancesAndWhatIsOwed() throws {
        // The first payment says which month it pays; later ones follow on from there.
        let first = try homecrew.run(["pay", "record", "Ramesh", "--amount", "22000", "--on", "2026-02-01", "--method", "upi"])
        XCTAssertEqual(first.status, 65, first.stderr)
        XCTAssertEqual(first.stderr, "error: this is the first payment recorded for Ramesh Kumar: say which month(s) it pays with --for yyyy-mm, or open the ledger where HomeCrew begins (homecrew pay opening --settled-through yyyy-mm); later payments follow on\n")
        XCTAssertTrue(try homecrew.ok("pay", "record", "Ramesh", "--amount", "22000", "--on", "2026-02-01", "--method", "upi", "--for", "2026-01",
                                      "--reference", "UPI 1234").hasPrefix("Recorded payment "))
        let split = try homecrew.ok("pay", "record", "Ramesh", "--amount", "30000", "--on", "2026-03-31", "--method", "cash")
        XCTAssertTrue(split.contains("for 2026-02 (22000.00), 2026-03 (8000.00)."), split)
        let over = try homecrew.run(["pay", "record", "Ramesh", "--amount", "14000.01", "--on", "2026-03-31", "--method", "cash", "--for", "2026-03"])
        XCTAssertEqual(over.status, 65)
        XCTAssertTrue(over.stderr.hasPrefix("error: 14000.01 INR is more than the 14000.00 INR still owed for 2026-03;"), over.stderr)

        // An advance of 5000 in 3 instalments from April: 1666.66, 1666.66 and the rest, 1666.68.
        XCTAssertTrue(try homecrew.ok("advance", "add", "Ramesh", "5000", "--on", "2026-03-20", "--instalments", "3").contains("repaid 3 instalments from 2026-04"))
        let payroll = try homecrew.jsonObject("report", "payroll", "2026-Q2", "--household", "Sea View")
        let lines = try XCTUnwrap(payroll["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.map { (($0["net"] as? [String: String]) ?? [:])["amount"] ?? "" }, ["20333.34", "20333.34", "20333.32"])
        let april = try XCTUnwrap(lines.first?["advance_deductions"] as? [[String: Any]]).first
        XCTAssertEqual((april?["left_after"] as? [String: String])?["amount"], "3333.34")

        // Handing back more than is left is refused; what is left is accepted and the instalments stop.
        let advanceID = try XCTUnwrap(try homecrew.jsonArray("advance", "list", "Ramesh", "--through", "2026-04").first?["id"] as? String)
        XCTAssertEqual(try homecrew.run(["advance", "repay", advanceID, "5000.01", "--on", "2026-04-15"]).status, 65)
        try homecrew.ok("advance", "repay", advanceID, "1666.68", "--on", "2026-04-15")
        let after = try homecrew.jsonArray("advance", "list", "Ramesh", "--through", "2026-12")
        XCTAssertEqual((after.first?["left"] as? [String: String])?["amount"], "0.00")
        XCTAssertEqual((after.first?["deductions"] as? [Any])?.count, 2)

        // Closing a month with pay still owed warns; its instalment then stays as it is.
        let close = try homecrew.run(["pay", "close", "2026-04", "--household", "Sea View"])
        XCTAssertEqual(close.status, 0)
        XCTAssertTrue(close.stderr.contains("warning: Ramesh Kumar is still owed 20333.34 INR for 2026-04 (nothing paid)"), close.stderr)

        // A payment recorded by mistake is reversed, once; both entries stay.
        let payments = try homecrew.jsonArray("pay", "list", "Ramesh")
        let mistaken = try XCTUnwrap(payments.first { ($0["amount"] as? [String: String])?["amount"] == "30000.00" }?["id"] as? String)
        XCTAssertTrue(try homecrew.ok("pay", "reverse", mistaken, "--on", "2026-04-02", "--note", "paid twice").contains("Reversed payment"))
        XCTAssertEqual(try homecrew.run(["pay", "reverse", mistaken]).stderr, "error: payment \(mistaken.prefix(8)) is already reversed\n")
        let ledger = try homecrew.jsonArray("pay", "list", "Ramesh")
        XCTAssertEqual(ledger.count, 5, "two payments of pay, the advance, the repayment and the reversal")
        let reversal = try XCTUnwrap(ledger.first { $0["reverses"] as? String == mistaken })
        XCTAssertEqual((reversal["amount"] as? [String: String])?["amount"], "-30000.00")
        XCTAssertEqual(try homecrew.run(["pay", "reverse", reversal["id"] as! String]).status, 65)

        // An advance given by mistake is undone by reversing its payment: `advance list` shows the
        // advances that stand, `--reversed` the undone one too.
        try homecrew.ok("advance", "add", "Ramesh", "900", "--on", "2026-04-20", "--instalments", "2")
        let given = try XCTUnwrap(try homecrew.jsonArray("pay", "list", "Ramesh").first { $0["purpose"] as? String == "advance"
            && ($0["amount"] as? [String: String])?["amount"] == "900.00" }?["id"] as? String)
        try homecrew.ok("pay", "reverse", given, "--on", "2026-04-21")
        XCTAssertEqual(try homecrew.jsonArray("advance", "list", "Ramesh").map { $0["id"] as? String }, [advanceID])
        let every = try homecrew.jsonArray("advance", "list", "Ramesh", "--reversed")
        XCTAssertEqual(every.map { $0["reversed"] as? Bool }, [false, true])
        XCTAssertEqual((every.last?["amount"] as? [String: String])?["amount"], "900.00")

        // What is owed for the half year: due, paid and outstanding add up, per currency.
        let owed = try homecrew.jsonObject("report", "owed", "2026-01-01..2026-06-30", "--all-households")
        let rows = try XCTUnwrap(owed["rows"] as? [[String: Any]])
        let ramesh = try XCTUnwrap(rows.first { ($0["currency"] as? String) == "INR" })
        func amount(_ key: String, _ row: [String: Any]) -> String { (row[key] as? [String: String])?["amount"] ?? "" }
        // Six months of 22000 less the two instalments taken (the cash paid back the rest).
        XCTAssertEqual(amount("due", ramesh), "128666.68")
        XCTAssertEqual(amount("paid", ramesh), "22000.00", "the reversed payment does not count")
        XCTAssertEqual(amount("outstanding", ramesh), "106666.68")
        XCTAssertEqual(amount("advances_left", ramesh), "0.00")
        XCTAssertEqual(Set(rows.compactMap { $0["currency"] as? String }), ["AED", "INR"], "never summed across currencies")

        // The ledger keeps the people it names.
        let remove = try homecrew.run(["staff", "remove", "Ramesh"])
        XCTAssertEqual(remove.status, 65)
        XCTAssertTrue(remove.stderr.contains("in the ledger, which keeps them; record a leaving date instead"), remove.stderr)
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0)
    }

    func testProofIsFiledAndKept() throws {
        let file = Samples.document("scan-ramesh-driving-licence.pdf")
        let recorded = try homecrew.ok("pay", "record", "Ramesh", "--amount", "22000", "--on", "2026-02-01", "--method", "cash",
                                       "--for", "2026-01", "--proof", file)
        XCTAssertTrue(recorded.contains("  proof "), recorded)
        let payment = try XCTUnwrap(try homecrew.jsonArray("pay", "list", "Ramesh").first)
        let proof = try XCTUnwrap((payment["proof"] as? [[String: Any]])?.first?["id"] as? String)
        let documents = try homecrew.jsonArray("doc", "list", "--household", "Sea View")
        XCTAssertEqual(documents.map { $0["id"] as? String }, [proof])
        let remove = try homecrew.run(["doc", "remove", proof])
        XCTAssertEqual(remove.status, 65)
        XCTAssertTrue(remove.stderr.contains("is the proof of payment"), remove.stderr)
        // Proof from another household is not found, and nothing is stored or recorded.
        let other = try homecrew.ok("doc", "add", Samples.document("contract-maria-santos.pdf"), "--household", "Marina Flat", "--format", "json")
        let otherID = try XCTUnwrap((try jsonArray(other).first?["document"] as? [String: Any])?["id"] as? String)
        let before = try homecrew.databaseBytes()
        let refused = try homecrew.run(["pay", "record", "Ramesh", "--amount", "100", "--on", "2026-02-02", "--method", "cash", "--for", "2026-02",
                                        "--proof", otherID])
        XCTAssertEqual(refused.status, 66, refused.stderr)
        XCTAssertEqual(try homecrew.databaseBytes(), before)
    }

    func testACashPaymentsReceiptIsSignedAndItsPhotoBecomesItsProof() throws {
        let recorded = try homecrew.ok("pay", "record", "Ramesh", "--amount", "22000", "--on", "2026-02-01", "--method", "cash",
                                       "--for", "2026-01", "--receipt")
        XCTAssertTrue(recorded.contains("  proof ") && recorded.contains("Receipt to sign 2026-02-01 Ramesh Kumar"), recorded)
        let payment = try XCTUnwrap(try homecrew.jsonArray("pay", "list", "Ramesh").first)
        let id = try XCTUnwrap(payment["id"] as? String)
        // The signed paper, photographed, becomes its proof too.
        let added = try homecrew.ok("pay", "proof", id, Samples.document("fatima-residence-visa-sideways.jpg"))
        XCTAssertTrue(added.hasPrefix("Payment \(id.prefix(8)) has 2 documents of proof:"), added)
        // The receipt again, to print: the same bytes as the one kept; an existing file is never replaced.
        let out = homecrew.vault.deletingLastPathComponent().appendingPathComponent("receipt.pdf").path
        try homecrew.ok("pay", "receipt", id, "--out", out)
        let text = try pdfText(URL(fileURLWithPath: out))
        XCTAssertTrue(text.contains("Ramesh Kumar (Ramesh) received 22000.00 INR (Twenty-two thousand\nrupees only) from Sea View on 2026-02-01, salary for January 2026."), text)
        let kept = try XCTUnwrap((payment["proof"] as? [[String: Any]])?.first?["id"] as? String)
        XCTAssertEqual(try homecrew.ok("doc", "show", kept, "--format", "json").contains("\"sha256\""), true)
        let again = try homecrew.run(["pay", "receipt", id, "--out", out])
        XCTAssertEqual(again.status, 73, again.stderr)
    }

    func testEveryBadPaymentIsRefusedWithItsExitCodeAndChangesNothing() throws {
        try homecrew.ok("pay", "record", "Ramesh", "--amount", "22000", "--on", "2026-02-01", "--method", "upi", "--for", "2026-01")
        try homecrew.ok("pay", "close", "2026-05", "--household", "Sea View")
        let record = ["pay", "record", "Ramesh", "--on", "2026-03-01"]
        let cases: [(String, [String], Int32)] = [
            ("unknown method", record + ["--amount", "5", "--method", "bitcoin"], 64),
            ("amount that is not a number", record + ["--amount", "1,000", "--method", "cash"], 64),
            ("too many decimals", record + ["--amount", "5.123", "--method", "cash"], 65),
            ("zero", record + ["--amount", "0", "--method", "cash"], 65),
            ("negative", record + ["--amount=-5", "--method", "cash"], 65),
            ("bad month", record + ["--amount", "5", "--method", "cash", "--for", "2026-13"], 64),
            ("a month twice", record + ["--amount", "5", "--method", "cash", "--for", "2026-02,2026-02"], 64),
            ("a month already paid", record + ["--amount", "5", "--method", "cash", "--for", "2026-01"], 65),
            ("a month before the start", record + ["--amount", "5", "--method", "cash", "--for", "2025-12"], 65),
            ("more than owed", record + ["--amount", "22000.01", "--method", "cash", "--for", "2026-02"], 65),
            ("another currency", record + ["--amount", "5", "--method", "cash", "--for", "2026-02", "--currency", "AED"], 65),
            ("unknown currency", record + ["--amount", "5", "--method", "cash", "--currency", "XYZ"], 64),
            ("unknown staff", ["pay", "record", "Nobody", "--on", "2026-03-01", "--amount", "5", "--method", "cash"], 66),
            ("missing proof file or document", record + ["--amount", "5", "--method", "cash", "--proof", "/nonexistent/receipt.jpg"], 66),
            ("control character in a reference", record + ["--amount", "5", "--method", "cash", "--reference", "UPI\u{1B}[31m"], 65),
            ("unknown payment", ["pay", "reverse", "abcdabcdabcd"], 66),
            ("advance without a rule", ["advance", "add", "Ramesh", "5000", "--on", "2026-03-01"], 64),
            ("advance with two rules", ["advance", "add", "Ramesh", "5000", "--on", "2026-03-01", "--repay", "100/month", "--instalments", "2"], 64),
            ("no instalments", ["advance", "add", "Ramesh", "5000", "--on", "2026-03-01", "--instalments", "0"], 65),
            ("monthly more than the advance", ["advance", "add", "Ramesh", "5000", "--on", "2026-03-01", "--repay", "6000/month"], 65),
            ("repaid before given", ["advance", "add", "Ramesh", "5000", "--on", "2026-03-01", "--instalments", "2", "--from", "2026-02"], 65),
            ("repaid in a closed month", ["advance", "add", "Ramesh", "5000", "--on", "2026-03-01", "--instalments", "2"], 65),
            ("unknown advance", ["advance", "repay", "abcdabcdabcd", "5", "--on", "2026-03-01"], 66),
            ("bad owed period", ["report", "owed", "2026-14"], 64),
        ]
        try homecrew.assertEachIsRefusedChangingNothing(cases)
    }
}
