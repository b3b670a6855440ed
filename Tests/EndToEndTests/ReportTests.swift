import Foundation
import HomeCrewTestSupport
import XCTest

/// Leave, payroll, closed months, payslips, tenure and the due list, run through the binary.
final class ReportTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Kuwait Villa")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--known-as", "Asha", "--start", "2019-04-01",
                        "--salary", "30000", "--currency", "INR", "--leave-days", "21")
        try homecrew.ok("staff", "add", "--name", "Priya Iyer", "--start", "2026-11-17", "--salary", "18000", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Yusuf Ali", "--start", "2020-01-01", "--leaving", "2026-11-20",
                        "--salary", "450.500", "--currency", "KWD", "--household", "Kuwait Villa")
    }

    override func tearDown() { homecrew.cleanUp() }

    func payroll(_ arguments: String...) throws -> [String: Any] {
        try homecrew.jsonObject(["report", "payroll"] + arguments + ["--today", "2026-11-22"])
    }

    func nets(_ report: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for line in report["lines"] as? [[String: Any]] ?? [] {
            let staff = (line["staff"] as? [String: Any] ?? [:])["legal_name"] as? String ?? ""
            let net = line["net"] as? [String: String] ?? [:]
            result[staff + " " + (line["month"] as? String ?? "")] = "\(net["amount"] ?? "") \(net["currency"] ?? "")"
        }
        return result
    }

    func testPayrollAppliesEveryRuleAndNeverAddsCurrencies() throws {
        try homecrew.ok("staff", "salary", "set", "Asha", "36000", "--from", "2026-11-16")
        try homecrew.ok("leave", "add", "Asha", "--from", "2026-11-03", "--to", "2026-11-04", "--type", "unpaid")
        try homecrew.ok("pay", "adjust", "Asha", "--month", "2026-11", "--amount", "+500", "--reason", "Diwali bonus")
        try homecrew.ok("pay", "adjust", "Yusuf", "--month", "2026-11", "--amount", "-50.250", "--reason", "advance recovery")
        let report = try payroll("2026-11", "--all-households")
        // Asha: 15 days at 30000 + 15 at 36000 = 33000, less 2 unpaid days at 1000, plus 500.
        // Priya: 14 of 30 days of 18000. Yusuf: 20 of 30 days of 450.500 KWD = 300.333…, less 50.250.
        XCTAssertEqual(nets(report), ["Asha Devi 2026-11": "31500.00 INR", "Priya Iyer 2026-11": "8400.00 INR",
                                      "Yusuf Ali 2026-11": "250.083 KWD"])
        let totals = (report["totals"] as? [[String: String]] ?? []).map { "\($0["amount"] ?? "") \($0["currency"] ?? "")" }
        XCTAssertEqual(totals, ["39900.00 INR", "250.083 KWD"], "one total per currency")
        let households = (report["household_totals"] as? [[String: Any]] ?? []).map { $0["household"] as? String ?? "" }
        XCTAssertEqual(households, ["Kuwait Villa", "Sea View"])

        let table = try homecrew.ok("report", "payroll", "2026-11", "--all-households", "--today", "2026-11-22")
        let totalRows = table.split(separator: "\n").filter { $0.hasPrefix("TOTAL") && $0.contains("all households") }
        XCTAssertEqual(totalRows.count, 2, table)
        let explained = try homecrew.ok("report", "payroll", "2026-11", "--explain", "--household", "Sea View", "--today", "2026-11-22")
        for expected in ["November 2026 has 30 days; paid for 30 of them.",
                         "2026-11-01..2026-11-15: 15 days × 30000.00 ÷ 30 = 15000.00 INR",
                         "unpaid leave 2026-11-03..2026-11-04: 2 days × 30000.00 ÷ 30 = −2000.00 INR",
                         "adjustment: +500.00 INR (Diwali bonus)", "net: 31500.00 INR"] {
            XCTAssertTrue(explained.contains(expected), "missing \(expected) in\n\(explained)")
        }
        let csv = try homecrew.ok("report", "payroll", "2026-11", "--all-households", "--format", "csv", "--today", "2026-11-22")
        XCTAssertTrue(csv.hasPrefix("month,household,staff_id,legal_name,currency,"), csv)
        XCTAssertEqual(csv.split(separator: "\r\n").count, 4)
    }

    func testPeriodsAndToday() throws {
        XCTAssertEqual(Set(nets(try payroll("this month", "--household", "Sea View")).keys), ["Asha Devi 2026-11", "Priya Iyer 2026-11"])
        XCTAssertEqual(Set(nets(try payroll("last month", "--household", "Sea View")).keys), ["Asha Devi 2026-10"])
        XCTAssertEqual(nets(try payroll("2026-Q4", "--household", "Kuwait Villa")),
                       ["Yusuf Ali 2026-10": "450.500 KWD", "Yusuf Ali 2026-11": "300.333 KWD"], "nothing after leaving")
        XCTAssertEqual(nets(try payroll("2026-10-17..2026-11-15", "--household", "Sea View")),
                       ["Asha Devi 2026-10": "14516.13 INR", "Asha Devi 2026-11": "15000.00 INR"])
        for bad in ["2026-13", "next month", "2026-11-31..2026-12-01", "2026-12-01..2026-11-01"] {
            let result = try homecrew.run(["report", "payroll", bad])
            XCTAssertEqual(result.status, 64, bad)
            XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
        }
    }

    func testLeaveRulesAndBalances() throws {
        XCTAssertTrue(try homecrew.ok("leave", "add", "Asha", "--from", "2026-05-04", "--to", "2026-05-15").contains("12 days"))
        XCTAssertTrue(try homecrew.ok("leave", "add", "Asha", "--from", "2026-08-14", "--half-day", "--type", "sick").contains("0.5 day"))
        let overlap = try homecrew.run(["leave", "add", "Asha", "--from", "2026-05-15", "--to", "2026-05-16"])
        XCTAssertEqual(overlap.status, 65)
        XCTAssertTrue(overlap.stderr.contains("overlaps leave 2026-05-04..2026-05-15"), overlap.stderr)
        let early = try homecrew.run(["leave", "add", "Priya", "--from", "2026-11-16"])
        XCTAssertEqual(early.status, 65)
        XCTAssertEqual(early.stderr, "error: leave 2026-11-16 falls outside the employment, which runs from 2026-11-17\n")
        XCTAssertEqual(try homecrew.run(["leave", "add", "Asha", "--from", "2026-05-20", "--to", "2026-05-19"]).status, 64)
        XCTAssertEqual(try homecrew.run(["leave", "add", "Asha", "--from", "2026-05-20", "--type", "holiday"]).status, 64)

        let balances = try homecrew.jsonArray("leave", "balance", "--year", "2026", "--today", "2026-11-22")
        let asha = try XCTUnwrap(balances.first { ($0["staff"] as? [String: Any] ?? [:])["legal_name"] as? String == "Asha Devi" })
        XCTAssertEqual(asha["allocation"] as? String, "21")
        XCTAssertEqual(asha["balance"] as? String, "9")
        XCTAssertEqual((asha["taken"] as? [String: String] ?? [:])["sick"], "0.5")
        try homecrew.ok("leave", "add", "Asha", "--from", "2026-06-01", "--to", "2026-06-12")
        let over = try homecrew.ok("leave", "balance", "Asha", "--year", "2026")
        XCTAssertTrue(over.contains("-3 (overshoot)"), over)

        // Carry-over, set per household.
        try homecrew.ok("leave", "add", "Asha", "--from", "2025-03-03", "--to", "2025-03-12")
        try homecrew.ok("household", "edit", "Sea View", "--leave-carry-over", "5")
        let carried = try homecrew.jsonArray("leave", "balance", "Asha", "--year", "2026")
        XCTAssertEqual(carried[0]["carried_over"] as? String, "5")
        XCTAssertEqual(carried[0]["balance"] as? String, "2")

        let listed = try homecrew.jsonArray("leave", "list", "Asha")
        XCTAssertEqual(listed.map { $0["from"] as? String ?? "" }, ["2025-03-03", "2026-05-04", "2026-06-01", "2026-08-14"])
        try homecrew.ok("leave", "remove", listed[2]["id"] as? String ?? "")
        XCTAssertEqual((try homecrew.json("leave", "list", "Asha") as? [Any] ?? []).count, 3)
        XCTAssertEqual(try homecrew.run(["leave", "remove", "ffffffffffff"]).status, 66)
    }

    func testAClosedMonthRefusesChangesUntilReopened() throws {
        try homecrew.ok("pay", "close", "2026-10", "--household", "Sea View")
        let before = try Data(contentsOf: homecrew.databaseURL)
        let refusals: [[String]] = [
            ["leave", "add", "Asha", "--from", "2026-10-31", "--to", "2026-11-01", "--type", "unpaid"],
            ["staff", "salary", "set", "Asha", "40000", "--from", "2026-10-20"],
            ["pay", "adjust", "Asha", "--month", "2026-10", "--amount", "100", "--reason", "bonus"],
            ["staff", "end", "Asha", "--on", "2026-10-15"],
            ["staff", "remove", "Asha", "--yes"],
            ["staff", "add", "--name", "Late Entry", "--start", "2026-10-01", "--salary", "100", "--currency", "INR"],
        ]
        for arguments in refusals {
            let result = try homecrew.run(arguments)
            XCTAssertEqual(result.status, 65, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("would change the payroll of 2026-10, which is closed for Sea View"), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: homecrew.databaseURL), before, "nothing was written")
        // Changes that leave October alone are allowed.
        try homecrew.ok("leave", "add", "Asha", "--from", "2026-10-20", "--type", "annual")
        try homecrew.ok("staff", "salary", "set", "Asha", "40000", "--from", "2026-11-01")
        try homecrew.ok("pay", "adjust", "Yusuf", "--month", "2026-10", "--amount", "1", "--reason", "other household")
        try homecrew.ok("staff", "add", "--name", "New Joiner", "--start", "2026-11-01", "--salary", "100", "--currency", "INR")
        XCTAssertEqual(try homecrew.run(["pay", "reopen", "2026-09", "--household", "Sea View"]).status, 66)
        try homecrew.ok("pay", "reopen", "2026-10", "--household", "Sea View")
        try homecrew.ok("pay", "adjust", "Asha", "--month", "2026-10", "--amount", "100", "--reason", "bonus")
    }

    func testPayslipsAreStoredOnceWithTheSameBytes() throws {
        try homecrew.ok("pay", "adjust", "Asha", "--month", "2026-11", "--amount", "500", "--reason", "Diwali bonus")
        let first = try homecrew.run(["report", "payroll", "2026-11", "--payslips", "--household", "Sea View", "--today", "2026-11-22"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let documents = try homecrew.jsonArray("doc", "list", "--kind", "payslip")
        XCTAssertEqual(documents.count, 2)
        let asha = try XCTUnwrap(documents.first { ($0["title"] as? String ?? "").contains("Asha") })
        let text = try homecrew.ok("doc", "text", asha["id"] as? String ?? "")
        for expected in ["Payslip — November 2026", "Sea View", "Employee: Asha Devi (Asha)", "Diwali bonus", "+500.00", "30500.00 INR"] {
            XCTAssertTrue(text.contains(expected), "\(expected) missing from\n\(text)")
        }
        XCTAssertEqual((asha["staff"] as? [[String: Any]] ?? []).map { $0["legal_name"] as? String ?? "" }, ["Asha Devi"])
        let again = try homecrew.run(["report", "payroll", "2026-11", "--payslips", "--household", "Sea View", "--today", "2026-11-22"])
        XCTAssertTrue(again.stderr.contains("payslip already in vault as \((asha["id"] as? String ?? "").prefix(8))"), again.stderr)
        XCTAssertEqual((try homecrew.json("doc", "list", "--kind", "payslip") as? [Any] ?? []).count, 2)
        XCTAssertEqual((try homecrew.jsonArray("search", "diwali")).map { $0["title"] as? String ?? "" },
                       ["Payslip 2026-11 Asha Devi"], "payslips are searchable")
    }

    func testTenureIsLongestFirstWithTheNextAnniversary() throws {
        let lines = try homecrew.jsonArray("report", "tenure", "--all-households", "--include-left", "--as-of", "2026-11-22")
        XCTAssertEqual(lines.map { ($0["staff"] as? [String: Any] ?? [:])["legal_name"] as? String ?? "" }, ["Asha Devi", "Yusuf Ali", "Priya Iyer"])
        XCTAssertEqual(lines[0]["tenure"] as? [String: Int] ?? [:], ["years": 7, "months": 7, "days": 21])
        XCTAssertEqual(lines[0]["next_anniversary"] as? String, "2027-04-01")
        XCTAssertEqual(lines[0]["days_until_anniversary"] as? Int, 130)
        XCTAssertEqual(lines[1]["tenure"] as? [String: Int] ?? [:], ["years": 6, "months": 10, "days": 19], "up to the leaving date")
        XCTAssertTrue(lines[1]["next_anniversary"] is NSNull)
        let current = try XCTUnwrap(try homecrew.json("report", "tenure", "--all-households", "--as-of", "2026-11-22") as? [Any])
        XCTAssertEqual(current.count, 2)
    }

    func testTheDueListAndItsCalendarFile() throws {
        try homecrew.ok("doc", "add", Samples.fixture("swatch-1.png"), "--kind", "visa", "--title", "Old visa, expired",
                        "--staff", "Asha", "--expires", "2026-11-01")
        try homecrew.ok("doc", "add", Samples.fixture("swatch-2.png"), "--kind", "passport", "--title", "Passport; renew",
                        "--staff", "Asha", "--expires", "2026-12-10")
        try homecrew.ok("doc", "add", Samples.fixture("swatch-3.png"), "--kind", "permit", "--title", "Far away", "--expires", "2027-06-01")
        // Ravi leaves before his anniversary, so only his leaving date is due; Meena's third anniversary is.
        try homecrew.ok("staff", "add", "--name", "Ravi Das", "--start", "2024-12-05", "--leaving", "2026-12-01",
                        "--salary", "1000", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Meena Rao", "--start", "2023-12-03", "--salary", "1000", "--currency", "INR")
        let items = try homecrew.jsonArray("report", "due", "--within", "30", "--today", "2026-11-22")
        XCTAssertEqual(items.map { "\($0["date"] ?? "-") \($0["kind"] ?? "-") \($0["expired"] ?? "-")" },
                       ["2026-11-01 expiry 1", "2026-12-01 leaving 0", "2026-12-03 anniversary 0", "2026-12-10 expiry 0"])
        let table = try homecrew.ok("report", "due", "--within", "30", "--today", "2026-11-22")
        XCTAssertTrue(table.split(separator: "\n")[1].contains("EXPIRED"), table)

        let ics = try homecrew.ok("report", "due", "--within", "30", "--format", "ics", "--today", "2026-11-22")
        let events = try ICalendarReader.events(ics)
        XCTAssertEqual(events.map { $0["DTSTART;VALUE=DATE"] }, ["20261101", "20261201", "20261203", "20261210"])
        XCTAssertEqual(events[3]["SUMMARY"], "Expires: passport: Passport; renew — Asha", "escaped ; unescaped by the reader")
        XCTAssertEqual(events[2]["SUMMARY"], "Work anniversary: 3 years of service — Meena Rao")
        XCTAssertEqual(Set(events.compactMap { $0["UID"] }).count, 4, "every event has its own UID")
        XCTAssertTrue(events.allSatisfy { $0["DTSTAMP"] == "20261122T000000Z" })
    }
}

/// A small RFC 5545 reader: unfolds lines, checks CRLF and the calendar's frame, unescapes TEXT.
enum ICalendarReader {
    struct Malformed: Error { let reason: String }

    static func events(_ text: String) throws -> [[String: String]] {
        guard text.hasSuffix("\r\n") else { throw Malformed(reason: "lines must end with CRLF") }
        var lines: [String] = []
        for raw in text.components(separatedBy: "\r\n").dropLast() {
            if raw.utf8.count > 75 { throw Malformed(reason: "line longer than 75 octets: \(raw)") }
            if raw.hasPrefix(" ") { lines[lines.count - 1] += raw.dropFirst() } else { lines.append(raw) }
        }
        guard lines.first == "BEGIN:VCALENDAR", lines.last == "END:VCALENDAR", lines.contains("VERSION:2.0") else {
            throw Malformed(reason: "not a VCALENDAR")
        }
        var events: [[String: String]] = [], current: [String: String]?
        for line in lines {
            if line == "BEGIN:VEVENT" { current = [:]; continue }
            if line == "END:VEVENT" { events.append(current!); current = nil; continue }
            guard current != nil, let colon = line.firstIndex(of: ":") else { continue }
            current![String(line[..<colon])] = unescape(String(line[line.index(after: colon)...]))
        }
        return events
    }

    static func unescape(_ value: String) -> String {
        var result = "", escaping = false
        for character in value {
            if escaping { result.append(character == "n" ? "\n" : character); escaping = false } else if character == "\\" { escaping = true } else { result.append(character) }
        }
        return result
    }
}
