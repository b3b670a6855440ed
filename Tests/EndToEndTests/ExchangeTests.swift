import Foundation
import XCTest

final class ExchangeTests: XCTestCase {
    var homecrew: HomeCrewProcess!
    var scratch: URL { homecrew.vault.deletingLastPathComponent() }

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
        let demo = try homecrew.run(["demo", "--today", "2026-11-22"])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        try homecrew.ok("pay", "close", "2026-10", "--household", "Sea View House")
    }

    override func tearDown() { homecrew.cleanUp() }

    func other() throws -> HomeCrewProcess {
        HomeCrewProcess(vault: scratch.appendingPathComponent("other"))
    }

    func testExportThenImportIntoAnEmptyVaultGivesTheSameRecords() throws {
        let file = scratch.appendingPathComponent("export.json").path
        try homecrew.ok("export", "--out", file)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        XCTAssertEqual(json["homecrew_export"] as? Int, 8)
        let sea = try XCTUnwrap((json["households"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "Sea View House" })
        XCTAssertEqual(sea["closed_months"] as? [String], ["2026-10"])
        let asha = try XCTUnwrap((sea["staff"] as? [[String: Any]] ?? []).first { $0["known_as"] as? String == "Asha" })
        XCTAssertEqual((asha["salary_history"] as? [[String: String]] ?? []).map { $0["amount"] ?? "" }, ["25000.00", "28000.00"])
        XCTAssertEqual((asha["leave"] as? [[String: Any]] ?? []).count, 3)
        let ashaPaid = try XCTUnwrap((asha["payments"] as? [[String: Any]])?.first)
        XCTAssertEqual(ashaPaid["months"] as? [[String: String]], [["month": "2026-10", "amount": "28000.00"]])
        XCTAssertEqual(ashaPaid["method"] as? String, "bank-transfer")
        let ramesh = try XCTUnwrap((sea["staff"] as? [[String: Any]] ?? []).first { $0["known_as"] as? String == "Ramesh" })
        XCTAssertEqual((ramesh["advances"] as? [[String: Any]])?.first?["repay_per_month"] as? String, "2000.00")

        let target = try other()
        let dry = try target.run(["import", file, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("Would add: 2 adjustments, 1 advances, 1 closed months, 3 households, 4 leave entries, 3 ledger openings, 6 payments, 11 salary entries, 9 staff"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("Not imported: 7 document(s) whose file is not in this vault"), dry.stdout)
        XCTAssertEqual((try target.json("staff", "list", "--all-households", "--status", "all") as? [Any] ?? []).count, 0, "a dry run changes nothing")
        try target.ok("import", file)
        let payroll = { (vault: HomeCrewProcess) throws -> String in
            try vault.ok("report", "payroll", "2026-11", "--all-households", "--format", "csv", "--today", "2026-11-22")
        }
        XCTAssertEqual(try payroll(target), try payroll(homecrew), "the same payroll from the imported records")
        let again = try target.ok("import", file)
        XCTAssertTrue(again.contains("Added: nothing\nChanged: nothing"), again)
        let reexport = scratch.appendingPathComponent("again.json").path
        try target.ok("export", "--out", reexport)
        let first = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let second = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reexport))) as? [String: Any])
        let staffOf = { (export: [String: Any]) in (export["households"] as? [[String: Any]] ?? []).map { $0["staff"] as? [[String: Any]] ?? [] } }
        XCTAssertEqual(NSArray(array: staffOf(first)), NSArray(array: staffOf(second)))
    }

    /// Changes one person of an export file in place.
    func editStaff(in file: String, knownAs: String, _ change: (inout [String: Any]) -> Void) throws {
        var export = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        export["households"] = (export["households"] as? [[String: Any]] ?? []).map { household in
            var household = household
            household["staff"] = (household["staff"] as? [[String: Any]] ?? []).map { member in
                var member = member
                if member["known_as"] as? String == knownAs { change(&member) }
                return member
            }
            return household
        }
        try JSONSerialization.data(withJSONObject: export, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: file))
    }

    func testTheLedgerIsOnlyEverAddedTo() throws {
        let file = scratch.appendingPathComponent("export.json").path
        try homecrew.ok("export", "--out", file, "--household", "Sea View House")
        let target = try other()
        try target.ok("import", file)
        XCTAssertEqual(try target.ok("pay", "list", "--household", "Sea View House", "--format", "csv"),
                       try homecrew.ok("pay", "list", "--household", "Sea View House", "--format", "csv"))
        // The same payment with another amount is refused whole; the vault keeps its entry.
        try editStaff(in: file, knownAs: "Asha") { asha in
            var payments = asha["payments"] as? [[String: Any]] ?? []
            payments[0]["amount"] = "27000.00"
            payments[0]["months"] = [["month": "2026-10", "amount": "27000.00"]]
            asha["payments"] = payments
        }
        let before = try target.databaseBytes()
        let refused = try target.run(["import", file])
        XCTAssertEqual(refused.status, 65, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("payments[0]: this vault holds a different entry with the same id, and the ledger is never changed"), refused.stderr)
        XCTAssertEqual(try target.databaseBytes(), before)
        // An export of format 1 (before payments) still imports.
        var old = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        old["homecrew_export"] = 1
        old["households"] = (old["households"] as? [[String: Any]] ?? []).map { household in
            var household = household
            household["name"] = "Old House"
            household["id"] = "0123456789ab"
            household["documents"] = []
            household["staff"] = []
            household["ledger_openings"] = nil
            return household
        }
        let oldFile = scratch.appendingPathComponent("format-1.json")
        try JSONSerialization.data(withJSONObject: old).write(to: oldFile)
        XCTAssertEqual(try target.run(["import", oldFile.path]).status, 0)
    }

    func testAnImportIsAllOrNothingAndReportsChanges() throws {
        let file = scratch.appendingPathComponent("export.json").path
        try homecrew.ok("export", "--out", file, "--household", "Azabu Flat")
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"Housekeeping twice a week\"", with: "\"Housekeeping three times a week\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let changed = try homecrew.ok("import", file)
        XCTAssertTrue(changed.contains("Changed: 1 staff"), changed)
        // One bad value anywhere: nothing at all is imported.
        text = text.replacingOccurrences(of: "three times", with: "four times").replacingOccurrences(of: "\"2023-06-01\"", with: "\"2023-06-31\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try homecrew.databaseBytes()
        let refused = try homecrew.run(["import", file])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("households[0].staff[0]: there is no day 31 in June 2023"), refused.stderr)
        XCTAssertEqual(try homecrew.databaseBytes(), before)
        try "{\"households\": 3}".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try homecrew.run(["import", file]).status, 64)
    }

    func testImportsFollowTheClosedMonthRule() throws {
        // October is closed for Sea View House (setUp). Asha's last salary entry runs through it.
        let file = scratch.appendingPathComponent("export.json").path
        try homecrew.ok("export", "--out", file, "--household", "Sea View House")
        try editStaff(in: file, knownAs: "Asha") { asha in
            var salaries = asha["salary_history"] as? [[String: Any]] ?? []
            XCTAssertEqual(salaries.last?["amount"] as? String, "28000.00")
            salaries[salaries.count - 1]["amount"] = "29000.00"
            asha["salary_history"] = salaries
        }
        let before = try homecrew.databaseBytes()
        let refused = try homecrew.run(["import", file])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("a salary from 2025-04-01 would change the payroll of 2026-10, which is closed for Sea View House"),
                      refused.stderr)
        XCTAssertTrue(refused.stderr.hasSuffix("nothing was imported\n"), refused.stderr)

        let csv = scratch.appendingPathComponent("late.csv")
        try "legal_name,start_date,salary,currency\r\nLate Entry,2026-10-01,100,INR\r\nNew Cook,2026-11-02,100,INR\r\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        let late = try homecrew.run(["staff", "import", csv.path, "--household", "Sea View House"])
        XCTAssertEqual(late.status, 65, late.stderr)
        XCTAssertTrue(late.stderr.hasPrefix("error: line 2: the employment of Late Entry would change the payroll of 2026-10"), late.stderr)
        XCTAssertEqual(try homecrew.databaseBytes(), before, "nothing was written")
        // Once October is reopened, both go in (the export closes October again: it merges its closed months).
        try homecrew.ok("pay", "reopen", "2026-10", "--household", "Sea View House")
        XCTAssertEqual(try homecrew.ok("staff", "import", csv.path, "--household", "Sea View House"), "Added 2, updated 0, unchanged 0.\n")
        XCTAssertTrue(try homecrew.ok("import", file).contains("Changed: 1 salary entries"))
        XCTAssertEqual((try homecrew.jsonArray("pay", "closed", "--household", "Sea View House")).count, 1)
    }

    func testStaffCSVRoundTripsAndABadRowStopsEverything() throws {
        let csv = scratch.appendingPathComponent("staff.csv")
        try homecrew.ok("staff", "list", "--all-households", "--status", "all", "--format", "csv").write(to: csv, atomically: true, encoding: .utf8)
        let target = try other()
        for name in ["Sea View House", "Marina Apartment", "Azabu Flat"] { try target.ok("household", "add", name) }
        XCTAssertEqual(try target.ok("staff", "import", csv.path), "Added 9, updated 0, unchanged 0.\n")
        XCTAssertEqual(try target.ok("staff", "import", csv.path), "Added 0, updated 0, unchanged 9.\n")
        let names = { (vault: HomeCrewProcess) throws -> [String] in
            (try vault.jsonArray("staff", "list", "--all-households", "--status", "all")).map { $0["legal_name"] as? String ?? "" }
        }
        XCTAssertEqual(try names(target), try names(homecrew))
        // The spreadsheet has no column for a contract's gratuity: importing it over the vault it came
        // from changes nothing (it cleared the contract's 15 days before), and a file without a
        // column leaves that field as it is.
        let gratuity = { try self.homecrew.ok("staff", "show", "Ramesh").split(separator: "\n").filter { $0.hasPrefix("Contract gratuity") } }
        try homecrew.ok("staff", "edit", "Ramesh", "--contract-gratuity-days", "15", "--contract-month-days", "26")
        let contract = try gratuity()
        XCTAssertEqual(contract.count, 1)
        try homecrew.ok("staff", "list", "--all-households", "--status", "all", "--format", "csv").write(to: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(try homecrew.ok("staff", "import", csv.path), "Added 0, updated 0, unchanged 9.\n")
        XCTAssertEqual(try gratuity(), contract)
        let ramesh = try XCTUnwrap(try homecrew.jsonObject("staff", "show", "Ramesh")["id"] as? String)
        let narrow = scratch.appendingPathComponent("narrow.csv")
        try "id,legal_name,start_date,salary,currency,known_as\r\n\(ramesh),Ramesh Kumar Yadav,2021-08-16,24500,INR,Ramu\r\n"
            .write(to: narrow, atomically: true, encoding: .utf8)
        XCTAssertEqual(try homecrew.ok("staff", "import", narrow.path, "--household", "Sea View House"), "Added 0, updated 1, unchanged 0.\n")
        let updated = try homecrew.jsonObject("staff", "show", "Ramu")
        XCTAssertEqual(updated["duties"] as? String, "Driving, car upkeep")
        XCTAssertEqual(try homecrew.ok("staff", "show", "Ramu").split(separator: "\n").filter { $0.hasPrefix("Contract gratuity") }, contract)

        let bad = scratch.appendingPathComponent("bad.csv")
        try "legal_name,start_date,salary,currency,duties\r\nNew Cook,2026-01-05,18000,INR,\"Cooking, shopping\"\r\nBad Date,2026-02-30,100,INR,\r\nNo Currency,2026-01-01,100,XYZ,\r\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let before = try target.databaseBytes()
        let refused = try target.run(["staff", "import", bad.path, "--household", "Azabu Flat"])
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr, """
            error: line 3: there is no day 30 in February 2026; it has 28 days
            error: line 4: unknown currency 'XYZ'; use an ISO 4217 code such as INR, AED, USD or EUR
            nothing was imported: 2 row(s) need fixing

            """)
        XCTAssertEqual(try target.databaseBytes(), before)
        try "legal_name,start_date,salary,currency,duties\r\nNew Cook,2026-01-05,18000,INR,\"Cooking, shopping\"\r\n".write(to: bad, atomically: true, encoding: .utf8)
        XCTAssertEqual(try target.ok("staff", "import", bad.path, "--household", "Azabu Flat"), "Added 1, updated 0, unchanged 0.\n")
        let cook = try target.jsonObject("staff", "show", "New Cook")
        XCTAssertEqual(cook["duties"] as? String, "Cooking, shopping")
        let unknown = try target.run(["staff", "import", bad.path])
        XCTAssertEqual(unknown.status, 65)
        XCTAssertEqual(unknown.stderr, "error: line 2: no household: fill the household column or pass --household\nnothing was imported: 1 row(s) need fixing\n")
    }
}
