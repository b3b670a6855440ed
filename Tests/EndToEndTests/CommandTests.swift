import Foundation
import HomeCrewTestSupport
import XCTest

final class CommandTests: XCTestCase {
    var homecrew: HomeCrewProcess!

    override func setUpWithError() throws {
        homecrew = try HomeCrewProcess.temporary()
    }

    override func tearDown() {
        homecrew.cleanUp()
    }

    func testHouseholdLifecycle() throws {
        XCTAssertEqual(try homecrew.ok("household", "list"), "(none)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: homecrew.vault.path), "reading must not create the vault")

        XCTAssertEqual(try homecrew.ok("household", "add", "Sea View", "--address", "14 Juhu Tara Road"),
                       try "Added household \"Sea View\" (\(householdID("Sea View"))), the primary household.\n")
        try homecrew.ok("household", "add", "Marina Flat", "--notes", "winter home")
        let listed = try homecrew.jsonArray("household", "list")
        XCTAssertEqual(listed.map { $0["name"] as? String }, ["Marina Flat", "Sea View"])
        XCTAssertEqual(listed.map { $0["primary"] as? Bool }, [false, true])
        XCTAssertTrue(listed[0]["address"] is NSNull, "empty fields are present as null")

        try homecrew.ok("household", "edit", "marina flat", "--name", "Marina Apartment", "--address", "Dubai Marina")
        let shown = try homecrew.jsonObject("household", "show", "Marina Apartment")
        XCTAssertEqual(shown["address"] as? String, "Dubai Marina")

        try homecrew.ok("household", "primary", "Marina Apartment")
        try homecrew.ok("household", "use", "Sea View")
        let implicit = try homecrew.run(["household", "show"])
        XCTAssertEqual(implicit.status, 0)
        XCTAssertEqual(implicit.stderr, "household: Sea View (active)\n", "the implicit choice is named")
        XCTAssertTrue(implicit.stdout.contains("Household: Sea View"))

        XCTAssertEqual(try homecrew.ok("household", "remove", "Marina Apartment"),
                       "Removed household \"Marina Apartment\".\n\"Sea View\" is now the primary household.\n")
        let after = try homecrew.jsonArray("household", "list")
        XCTAssertEqual(after.map { $0["name"] as? String }, ["Sea View"])
        XCTAssertEqual(after.first?["primary"] as? Bool, true)
    }

    func testRemovingAHouseholdWithStaffNeedsCascade() throws {
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--start", "2020-01-01", "--salary", "25000", "--currency", "INR")
        let refused = try homecrew.run(["household", "remove", "Sea View"])
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr, "error: household 'Sea View' still has 1 staff member; remove them first or pass --cascade\n")
        XCTAssertEqual(try homecrew.ok("household", "remove", "Sea View", "--cascade"), "Removed household \"Sea View\" and 1 staff.\n")
        XCTAssertEqual(try homecrew.ok("staff", "list", "--all-households", "--status", "all"), "(none)\n")
    }

    func testStaffLifecycleAndSalaryHistory() throws {
        try homecrew.ok("household", "add", "Sea View")
        let added = try homecrew.run(["staff", "add", "--name", "  Asha Devi Kumari ", "--known-as", "Asha",
                                      "--start", "2019-04-01", "--salary", "25000", "--currency", "inr",
                                      "--leave-days", "21.5", "--duties", "Cooking", "--format", "json"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let asha = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(asha["legal_name"] as? String, "Asha Devi Kumari", "names are trimmed")
        XCTAssertEqual(asha["annual_leave_days"] as? String, "21.5")
        XCTAssertEqual(asha["current_salary"] as? [String: String], ["amount": "25000.00", "currency": "INR"])
        let id = try XCTUnwrap(asha["id"] as? String)

        try homecrew.ok("staff", "salary", "set", "Asha", "28000", "--from", "2025-04-01")
        try homecrew.ok("staff", "salary", "set", String(id.prefix(5)), "400", "--currency", "USD", "--from", "2026-01-01")
        let history = try homecrew.jsonArray("staff", "salary", "history", "asha")
        XCTAssertEqual(history.map { $0["effective_from"] as? String }, ["2019-04-01", "2025-04-01", "2026-01-01"])

        let shown = try homecrew.jsonObject("staff", "show", "Asha Devi Kumari", "--as-of", "2025-06-30")
        XCTAssertEqual(shown["status"] as? String, "active")
        XCTAssertEqual(shown["tenure"] as? [String: Int], ["years": 6, "months": 2, "days": 29])
        XCTAssertEqual(shown["current_salary"] as? [String: String], ["amount": "28000.00", "currency": "INR"])

        let table = try homecrew.ok("staff", "show", "asha", "--today", "2026-11-22")
        XCTAssertTrue(table.contains("Tenure:           7 years, 7 months, 21 days"), table)
        XCTAssertTrue(table.contains("Next anniversary: 2027-04-01 (in 130 days)"), table)

        try homecrew.ok("staff", "edit", "Asha", "--start", "2019-03-15", "--known-as", "")
        let edited = try homecrew.jsonObject("staff", "show", id)
        XCTAssertTrue(edited["known_as"] is NSNull)
        XCTAssertEqual((edited["salary_history"] as? [[String: Any]])?.first?["effective_from"] as? String, "2019-03-15",
                       "the first salary moves with the start date")

        XCTAssertEqual(try homecrew.ok("staff", "end", id, "--on", "2026-10-31"),
                       "Asha Devi Kumari leaves on 2026-10-31, after 7 years, 7 months, 16 days.\n")
        let left = try homecrew.jsonArray("staff", "list", "--status", "left", "--today", "2026-11-22")
        XCTAssertEqual(left.map { $0["id"] as? String }, [id])
        XCTAssertEqual(try homecrew.ok("staff", "list", "--today", "2026-11-22"), "(none)\n")

        XCTAssertEqual(try homecrew.ok("staff", "remove", id), "Removed Asha Devi Kumari (\(id)).\n")
        XCTAssertEqual(try homecrew.run(["staff", "show", id]).status, 66)
    }

    func testStatusesAndAllHouseholds() throws {
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("household", "add", "Azabu Flat")
        try homecrew.ok("staff", "add", "--name", "Asha", "--start", "2020-01-01", "--salary", "25000", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Joseph", "--start", "2027-01-01", "--salary", "3200", "--currency", "AED")
        try homecrew.ok("staff", "add", "--name", "田中 花子", "--start", "2023-06-01", "--salary", "280000",
                        "--currency", "JPY", "--household", "azabu flat")
        func names(_ extra: String...) throws -> [String] {
            let rows = try homecrew.jsonArray(["staff", "list", "--today", "2026-11-22"] + extra)
            return rows.map { $0["legal_name"] as? String ?? "" }
        }
        XCTAssertEqual(try names(), ["Asha", "Joseph"])
        XCTAssertEqual(try names("--status", "upcoming"), ["Joseph"])
        XCTAssertEqual(try names("--status", "active", "--all-households"), ["Asha", "田中 花子"])
        XCTAssertEqual(try names("--household", "Azabu Flat"), ["田中 花子"])
        let csv = try homecrew.ok("staff", "list", "--all-households", "--format", "csv", "--today", "2026-11-22")
        let lines = csv.components(separatedBy: "\r\n")
        XCTAssertEqual(lines.first, "id,household,legal_name,known_as,status,start_date,leaving_date,annual_leave_days,salary,currency,duties,language")
        XCTAssertTrue(lines.contains { $0.hasSuffix(",Azabu Flat,田中 花子,,active,2023-06-01,,0,280000,JPY,,") }, csv)
    }

    func testAmbiguousStaffListsCandidates() throws {
        try homecrew.ok("household", "add", "Sea View")
        try homecrew.ok("staff", "add", "--name", "Asha Devi", "--known-as", "Asha", "--start", "2020-01-01", "--salary", "1", "--currency", "INR")
        try homecrew.ok("staff", "add", "--name", "Asha Rani", "--known-as", "Asha", "--start", "2021-01-01", "--salary", "1", "--currency", "INR")
        let result = try homecrew.run(["staff", "show", "asha"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("error: 'asha' matches 2 staff members: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("Asha Devi (Asha) in Sea View") && result.stderr.contains("Asha Rani (Asha) in Sea View"))
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line")
    }

    func testVaultLocationPrecedenceAndInit() throws {
        let root = homecrew.vault.deletingLastPathComponent()
        let fromEnvironment = root.appendingPathComponent("env-vault")
        let fromXDG = root.appendingPathComponent("xdg")
        let plain = HomeCrewProcess(vault: homecrew.vault)
        let viaEnv = try plain.run(["household", "add", "A"], environment: ["HOMECREW_VAULT": fromEnvironment.path], useVaultOption: false)
        XCTAssertEqual(viaEnv.status, 0, viaEnv.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: fromEnvironment.appendingPathComponent("homecrew.sqlite").path))
        let viaXDG = try plain.run(["household", "add", "B"], environment: ["XDG_DATA_HOME": fromXDG.path], useVaultOption: false)
        XCTAssertEqual(viaXDG.status, 0, viaXDG.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: fromXDG.appendingPathComponent("homecrew/homecrew.sqlite").path))
        let viaHome = try plain.run(["household", "add", "C"], environment: ["HOME": root.path], useVaultOption: false)
        XCTAssertEqual(viaHome.status, 0, viaHome.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".local/share/homecrew/homecrew.sqlite").path))

        let explicit = root.appendingPathComponent("explicit")
        let initialised = try plain.run(["init", explicit.path], useVaultOption: false)
        XCTAssertEqual(initialised.stdout, "Created a vault at \(explicit.path)\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: explicit.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        let database = try FileManager.default.attributesOfItem(atPath: explicit.appendingPathComponent("homecrew.sqlite").path)
        XCTAssertEqual((database[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try plain.run(["init", explicit.path], useVaultOption: false).stdout, "A vault is already at \(explicit.path)\n")
    }

    func testANewerVaultFormatIsRefused() throws {
        try homecrew.ok("household", "add", "Sea View")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [homecrew.databaseURL.path, "UPDATE vault SET format_version = 23"]
        try sqlite.run()
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)
        let result = try homecrew.run(["household", "list"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "error: this vault has format version 23, but this HomeCrew only knows versions up to 22; upgrade HomeCrew to open it\n")
    }

    /// `homecrew` without `homecrew-extract` beside it: documents are kept, and every message about
    /// them is one plain sentence that names the missing program, where it was looked for and the fix.
    func testAMissingExtractionWorkerIsNamedWithTheFix() throws {
        let lonely = homecrew.vault.deletingLastPathComponent().appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: HomeCrewProcess.binary, to: lonely.appendingPathComponent("homecrew"))
        var alone = try XCTUnwrap(homecrew)
        alone.executable = lonely.appendingPathComponent("homecrew")
        let expected = "homecrew-extract, the program that reads documents, is missing: it was looked for at "
            + "\(lonely.path)/homecrew-extract, beside homecrew; build it with: swift build --product homecrew-extract "
            + "(or install HomeCrew with: Scripts/install), then run: homecrew doc reprocess"

        let demo = try alone.run(["demo", "--today", "2026-11-22"])
        XCTAssertEqual(demo.status, 70, "a demo whose documents were not read fails")
        XCTAssertTrue(demo.stderr.contains("demo: scan-ramesh-driving-licence.pdf was not read completely (failed: \(expected))"), demo.stderr)
        XCTAssertTrue(demo.stderr.hasSuffix("error: the demo failed: 7 of its 7 sample documents were not read completely (reasons above)\n"), demo.stderr)

        let added = try alone.run(["doc", "add", Samples.fixture("hello.pdf")])
        XCTAssertEqual(added.status, 0, "the file itself is kept safe: " + added.stderr)
        let id = try XCTUnwrap(added.stdout.split(separator: " ").dropFirst().first.map(String.init), added.stdout)
        let shown = try alone.run(["doc", "show", id])
        XCTAssertTrue(shown.stdout.contains(expected), shown.stdout)
        let listed = try alone.run(["doc", "list", "--all-households", "--format", "json"])
        XCTAssertTrue(listed.stdout.contains(expected.replacingOccurrences(of: "/", with: "\\/")) || listed.stdout.contains(expected), listed.stdout)
        for output in [demo.stdout, demo.stderr, added.stdout, added.stderr, shown.stdout, listed.stdout] {
            XCTAssertFalse(output.contains("Domain="), output)
            XCTAssertFalse(output.contains("NSCocoaErrorDomain"), output)
            XCTAssertFalse(output.contains("UserInfo"), output)
        }
        // With the worker back beside it, reprocess reads the document.
        try FileManager.default.copyItem(at: HomeCrewProcess.binary.deletingLastPathComponent().appendingPathComponent("homecrew-extract"),
                                         to: lonely.appendingPathComponent("homecrew-extract"))
        XCTAssertEqual(try alone.run(["doc", "reprocess", id]).stdout, "Reprocessed \(id): complete\n")
    }

    func testDemoBuildsAFreshVault() throws {
        let result = try homecrew.run(["demo", "--today", "2026-11-22"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Sea View House    primary,active      4"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Asha    Sea View House    2019-04-01  7 years, 7 months, 21 days   2027-04-01 (in 130 days)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Joseph  Marina Apartment  2026-12-01  starts in 9 days             2027-12-01 (in 374 days)"),
                      "someone about to start is not shown with a tenure of 0 days: \(result.stdout)")
        let staff = try homecrew.jsonArray("staff", "list", "--all-households", "--status", "all")
        XCTAssertEqual(staff.count, 9)
        let table = try homecrew.run(["staff", "list", "--all-households", "--status", "upcoming", "--as-of", "2026-11-22"])
        XCTAssertTrue(table.stdout.contains("in 9d"), "the tenure column says when Joseph starts: \(table.stdout)")
        XCTAssertFalse(table.stdout.contains("0y 0m 0d"), table.stdout)
        XCTAssertTrue(try homecrew.run(["staff", "show", "Joseph", "--as-of", "2026-11-22"]).stdout.contains("starts in 9 days"))
        // The demo's people read Hindi, Tamil, Filipino, Arabic, English and Japanese; Joseph has no language recorded.
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: staff.map { ($0["legal_name"] as? String ?? "", $0["language"] as? String ?? "none") }),
                       ["Asha Devi Kumari": "hi", "Ramesh Kumar Yadav": "hi", "Sunita Bai Pawar": "hi", "Priya Shankar Iyer": "ta",
                        "Maria Luisa Santos": "fil", "Fatima Al Zahra": "ar", "Grace Wanjiru Otieno": "en", "Joseph Kamau Mwangi": "none",
                        "田中 花子": "ja"])
        let currencies = Set(staff.compactMap { ($0["current_salary"] as? [String: String])?["currency"] })
        XCTAssertEqual(currencies, ["INR", "AED", "JPY"])
        let documents = try homecrew.jsonArray("doc", "list", "--all-households")
        XCTAssertEqual(Set(documents.compactMap { $0["media_type"] as? String }),
                       ["application/pdf", "image/heic", "image/jpeg"])
        XCTAssertEqual(documents.count, 7)
        // Two scans filed with nothing typed: the passport's zone applied as it was filed, the visa's offered.
        XCTAssertTrue(result.stdout.contains("Maria's renewed passport (scan): applied as filed: passport of Maria Luisa Santos, "
                                             + "number P1234567, issued 2021-03-15, expires 2031-03-14; evidence: the TD3 zone's line 2"), result.stdout)
        XCTAssertTrue(result.stdout.contains("suggests: visa of Fatima Al Zahra, number 784512903, expires 2026-12-15"), result.stdout)
        let passport = try XCTUnwrap(documents.first { $0["title"] as? String == "Maria's renewed passport (scan)" })
        XCTAssertEqual(passport["kind"] as? String, "passport")
        XCTAssertEqual(passport["number"] as? String, "P1234567")
        XCTAssertEqual(passport["expires_on"] as? String, "2031-03-14")
        XCTAssertTrue(documents.allSatisfy { ($0["extraction"] as? [String: Any])?["status"] as? String == "complete" })
        let visa = try XCTUnwrap(documents.first { $0["kind"] as? String == "visa" })
        XCTAssertEqual(visa["orientation"] as? Int, 6, "the sample JPEG is stored sideways")
        XCTAssertTrue(result.stdout.contains("Fatima's residence visa                فاطمة   JPEG, 1200×800   2026-12-15 (23 d)"), result.stdout)
        // The payroll month and the due list the demo shows.
        for row in ["2026-11  Sea View House    Priya           14/30  18000.00                                             8400.00 INR  unpaid",
                    "2026-11  Sea View House    Ramesh          30/30  22000.00 → 24500.00                                 23333.33 INR  unpaid",
                    "2026-11  Sea View House    Asha            30/30  28000.00                  2                         26133.33 INR  unpaid",
                    "2026-11  Marina Apartment  Grace           20/30  2500.00                      -300.00 AED             1366.67 AED  unpaid",
                    "2026-11  Marina Apartment  Maria           30/30  3500.00                      +500.00 AED             4000.00 AED  unpaid",
                    "TOTAL                      all households                                                              8167.17 AED",
                    "TOTAL                      all households                                                             57866.66 INR",
                    "TOTAL                      all households                                                               280000 JPY",
                    // What is owed: October paid but for Hanako, the advance to Ramesh left whole until December.
                    "Azabu Flat        Hanako  JPY          560000         0       560000  2026-10..2026-11              0",
                    "Sea View House    Ramesh  INR        45333.33  22000.00     23333.33  2026-11                 6000.00",
                    "                  TOTAL   INR       107866.66  50000.00     57866.66                          6000.00",
                    "2027-01-10  anniversary  Maria  Marina Apartment  5 years of service"] {
            XCTAssertTrue(result.stdout.contains(row), "missing: \(row)\n\(result.stdout)")
        }
        XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0)
        let again = try homecrew.run(["demo"])
        XCTAssertEqual(again.status, 73, "the demo never writes into an existing vault")
    }

    func testConfirmationIsNotAskedWhenNotATerminal() throws {
        // Standard input here is a pipe: scripts are not stopped by a question.
        try homecrew.ok("household", "add", "Sea View")
        XCTAssertEqual(try homecrew.run(["household", "remove", "Sea View"], stdin: "n\n").status, 0)
    }

    private func householdID(_ name: String) throws -> String {
        let rows = try homecrew.jsonArray("household", "list")
        return rows.first { $0["name"] as? String == name }?["id"] as? String ?? "?"
    }
}
