import Foundation
import XCTest

/// Opens a copy of every fixture vault in `Vault/fixtures/` with this HomeCrew.
final class UpgradeTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vault/fixtures")
    /// The backup id format-13's vault drew (its snapshots' tag): a fixture keeps it.
    static let formatThirteenVaultID = "f97035e1ddf290c3"

    func copy(_ name: String) throws -> HomeCrewProcess {
        let homecrew = try HomeCrewProcess.temporary()
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: homecrew.vault)
        let objects = homecrew.vault.appendingPathComponent("objects/sha256")
        for folder in try FileManager.default.contentsOfDirectory(atPath: objects.path) {
            for file in try FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(folder).path) {
                chmod(objects.appendingPathComponent(folder).appendingPathComponent(file).path, 0o400)
            }
        }
        return homecrew
    }

    func testEveryFixtureOpensUpgradesAndKeepsEveryRecordAndObject() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasPrefix("format-") }.sorted()
        XCTAssertEqual(names, ["format-10", "format-11", "format-12", "format-13", "format-14", "format-15", "format-16", "format-17", "format-18", "format-19", "format-20", "format-21", "format-22", "format-4", "format-5", "format-6", "format-7", "format-8", "format-9"], "a fixture for every released format")
        for name in names {
            let homecrew = try copy(name)
            defer { homecrew.cleanUp() }
            let objectFiles = try FileManager.default.subpathsOfDirectory(atPath: homecrew.vault.appendingPathComponent("objects/sha256").path)
                .filter { $0.count == 67 }.map { String($0.suffix(64)) }.sorted()
            let verify = try homecrew.run(["vault", "verify"])
            XCTAssertEqual(verify.status, 0, "\(name): \(verify.stdout) \(verify.stderr)")
            XCTAssertTrue(verify.stdout.contains("\(objectFiles.count) objects re-hashed"), verify.stdout)
            let version = Int(name.dropFirst("format-".count)) ?? 0
            if version < 22 {
                // Older than this HomeCrew's format (22): upgraded, the old database kept beside it.
                XCTAssertTrue(verify.stderr.contains("upgraded the vault from format \(version); the old database is kept at"), verify.stderr)
                XCTAssertTrue(FileManager.default.fileExists(atPath: homecrew.databaseURL.path + ".format-\(version).bak"))
            } else {
                XCTAssertFalse(verify.stderr.contains("upgraded"), verify.stderr)
            }
            // Format 15 counts each object's changes of text: every object with pages has counted one at least, no other.
            XCTAssertEqual(try sqlite(homecrew, """
                SELECT count(*) FROM object WHERE (text_generation > 0) != (sha256 IN (SELECT object_sha256 FROM object_page))
                """), "0", name)
            XCTAssertNotEqual(try sqlite(homecrew, "SELECT count(*) FROM object WHERE text_generation > 0"), "0", name)
            XCTAssertEqual(try sqlite(homecrew, "SELECT (SELECT value FROM text_clock) >= max(text_generation) FROM object"), "1", "\(name): the clock is ahead of every generation")
            if version < 14 {
                // Their demos hold no encrypted PDF read with a password: no document has text of its own.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM document_extraction"), "0", name)
            } else {
                // Format 14 keeps what a password opened with the document: the locked PDF's text is Sea View House's own.
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT count(*) FROM document_page p JOIN document d ON d.id = p.document_id JOIN object o ON o.sha256 = d.object_sha256
                    WHERE o.encrypted = 1 AND p.text LIKE '%Confidential salary letter%'
                    AND NOT EXISTS (SELECT 1 FROM object_page WHERE object_sha256 = o.sha256)
                    """), "1", name)
                XCTAssertEqual(try homecrew.jsonArray("search", "\"confidential salary letter\"", "--all-households").count, 1, name)
            }
            if version != 13 {
                // Format 13 began backup runs: none but the format-13 fixture's, and every vault has drawn its backup id.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM backup_run"), "0", name)
                XCTAssertEqual(try sqlite(homecrew, "SELECT length(vault_id) FROM backup_identity"), "16", name)
            }
            if version < 12 {
                // Format 12 began ledger openings: none is made by the upgrade, so what is owed is as it was.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM ledger_opening"), "0", name)
            } else {
                // The demo of format 12 opens its three households' ledgers after 2026-09 (the format-19 fixture reversed Sea
                // View House's and opened it again): each stands, and format 19 finds it through its latest opening.
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT count(*) FROM ledger_opening o WHERE settled_through = '2026-09' AND reverses IS NULL
                    AND NOT EXISTS (SELECT 1 FROM ledger_opening r WHERE r.reverses = o.id)
                    """), "3", name)
                let openings = try homecrew.jsonArray("pay", "opening", "--household", "Sea View House", "--format", "json")
                XCTAssertEqual(openings.compactMap { $0["state"] as? String }.filter { $0 == "standing" }.count, 1, name)
                XCTAssertEqual(openings.count, version < 19 ? 1 : 3, name)
            }
            // Format 19 reads what stands through indexes, however many reversals lie behind it, and lists the payments
            // that stand: exactly those neither a reversal nor reversed (the format-9 fixture reversed one).
            XCTAssertEqual(try sqlite(homecrew, """
                SELECT count(*) FROM payment p WHERE (p.reverses IS NULL AND NOT EXISTS (SELECT 1 FROM payment r WHERE r.reverses = p.id))
                <> EXISTS (SELECT 1 FROM payment_standing s WHERE s.payment_id = p.id AND s.staff_id = p.staff_id AND s.purpose = p.purpose)
                """), "0", name)
            XCTAssertEqual(try sqlite(homecrew, """
                SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'index' AND name IN
                ('ledger_opening_latest', 'payment_by_staff_in_order', 'payment_original_by_staff', 'payment_by_advance', 'payment_by_staff') ORDER BY name)
                """), "ledger_opening_latest payment_by_advance payment_by_staff_in_order payment_original_by_staff", name)
            if version < 16 {
                // Format 16 began documents' numbers: none is made up by the upgrade; each document has a baseline with its number column.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM document WHERE number IS NOT NULL"), "0", name)
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT count(*) FROM document WHERE id NOT IN
                    (SELECT record_id FROM audit_entry WHERE record_type = 'document' AND actor = 'upgrade to format 16')
                    """), "0", name)
            } else {
                XCTAssertEqual(try sqlite(homecrew, "SELECT number FROM document WHERE number IS NOT NULL"), "P1234567", name)
            }
            if version == 13 {
                // The format-13 fixture ran one backup into a local repository (Vault/fixtures/README.md).
                XCTAssertEqual(try sqlite(homecrew, "SELECT kind || ' ' || succeeded FROM backup_run"), "backup 1", name)
                XCTAssertEqual(try sqlite(homecrew, "SELECT vault_id FROM backup_identity"), Self.formatThirteenVaultID, name)
            }
            if version < 17 {
                // Format 17 began known places: filled from sessions not yet ended, and no fixture before it holds one.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM known_place"), "0", name)
            } else {
                // The format-17 fixture's one sign-in (Vault/fixtures/README.md): its place is known whether or not its session has expired.
                XCTAssertEqual(try sqlite(homecrew, "SELECT a.name || ' ' || k.place FROM known_place k JOIN account a ON a.id = k.account_id"),
                               "neha 127.0.0.1", name)
            }
            if version < 18 {
                // Format 18 began a contract gratuity's month and minimum service: every contract before counted 30 days and asked none,
                // and each person has a baseline with the new columns, so the trail's latest state is the table's.
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT count(*) FROM staff WHERE contract_gratuity_month_days <> 30 OR contract_gratuity_minimum_years <> 0
                    """), "0", name)
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT count(*) FROM staff WHERE id NOT IN
                    (SELECT record_id FROM audit_entry WHERE record_type = 'staff' AND actor = 'upgrade to format 18')
                    """), "0", name)
            } else {
                // The format-18 fixture gives Sunita a contract gratuity of 15 days a year, a month of 26 days, after 5 years.
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT contract_gratuity_days || '/' || contract_gratuity_month_days || '/' || contract_gratuity_minimum_years
                    FROM staff WHERE contract_gratuity_month_days = 26
                    """), "15/26/5", name)
            }
            XCTAssertEqual(try sqlite(homecrew, "SELECT format_version FROM vault"), "22")
            // Format 20 keeps each document's facts: none at the upgrade (read when first asked for); the format-20 and later fixtures' nine documents'.
            XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM document_facts"), version < 20 ? "0" : "9", name)
            if version < 21 {
                // Format 21 began the language a person reads: nobody had one, and each person has a baseline with the column.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM staff WHERE language IS NOT NULL"), "0", name)
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT count(*) FROM staff WHERE id NOT IN
                    (SELECT record_id FROM audit_entry WHERE record_type = 'staff' AND actor = 'upgrade to format 21')
                    """), "0", name)
            } else {
                // The format-21 fixture gives Sunita Hindi (Vault/fixtures/README.md), and staff show says so.
                XCTAssertEqual(try sqlite(homecrew, "SELECT legal_name || ' ' || language FROM staff WHERE language IS NOT NULL"), "Sunita Bai Pawar hi", name)
                XCTAssertEqual(try homecrew.jsonObject("staff", "show", "Sunita")["language"] as? String, "hi", name)
            }
            if version < 22 {
                // Format 22 began a household's language and an account's: none had one, and each household has a baseline with the column.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM household WHERE language IS NOT NULL"), "0", name)
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM account WHERE language IS NOT NULL"), "0", name)
                XCTAssertEqual(try sqlite(homecrew, """
                    SELECT count(*) FROM household WHERE id NOT IN
                    (SELECT record_id FROM audit_entry WHERE record_type = 'household' AND actor = 'upgrade to format 22')
                    """), "0", name)
            } else {
                // The format-22 fixture gives Azabu Flat Japanese (Vault/fixtures/README.md), and household show says so.
                XCTAssertEqual(try sqlite(homecrew, "SELECT name || ' ' || language FROM household WHERE language IS NOT NULL"), "Azabu Flat ja", name)
                XCTAssertEqual(try homecrew.jsonObject("household", "show", "Azabu Flat")["language"] as? String, "ja", name)
            }
            // Format 11 makes a document unique per household and object, and household names unique within a reach only.
            XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM sqlite_master WHERE name IN ('document_per_household_object', 'household_by_name')"), "2", name)
            XCTAssertEqual(try sqlite(homecrew, "PRAGMA foreign_key_check"), "", name)
            if version < 10 {
                // Format 10 began settlement choices: none is made by the upgrade, and they are in the trail from now on.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM household WHERE settlement_rules IS NOT NULL"), "0", name)
            }
            if version < 9 {
                // Format 9 began the payment ledger: empty, and nothing is paid.
                XCTAssertEqual(try sqlite(homecrew, "SELECT (SELECT count(*) FROM payment) + (SELECT count(*) FROM advance)"), "0", name)
            }
            if version < 8 {
                // Households owned by the vault's own user, shared with nobody yet.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM household_member"), "0", name)
            }
            if version < 7 {
                // Format 7 began the audit trail: every record there was has a baseline entry.
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM audit_entry WHERE action <> 'baseline'"), "0", name)
                XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM audit_entry WHERE record_type = 'staff' AND actor = 'upgrade to format 7'"),
                               try sqlite(homecrew, "SELECT count(*) FROM staff"), name)
            }
            if version < 10 {
                // The new choices are in the trail from the upgrade on.
                XCTAssertEqual(try homecrew.run(["household", "edit", "Sea View House", "--settlement-rules", "in-contract"]).status, 0, name)
                let edited = try homecrew.jsonArray("history", "--household", "Sea View House").filter { $0["action"] as? String == "update" }
                XCTAssertEqual((edited.last?["after"] as? [String: Any])?["settlement_rules"] as? String, "in-contract", name)
            }
            if version >= 10 {
                // Grace's settlement: the final month's pay and the settlement entry, its statement as proof.
                let grace = try homecrew.jsonArray("pay", "list", "Grace")
                XCTAssertEqual(grace.map { $0["purpose"] as? String ?? "" }.sorted(), ["payroll", "payroll", "settlement"], "October, the final month, the settlement: \(name)")
                let settlement = try XCTUnwrap(grace.first { $0["purpose"] as? String == "settlement" })
                XCTAssertEqual((settlement["proof"] as? [Any])?.count, 1, name)
                // Recorded by an older HomeCrew under the rules of its day: kept as recorded, its note naming the rules it used.
                XCTAssertEqual(settlement["note"] as? String, "final settlement by ae-domestic-2022", name)
                XCTAssertEqual(try homecrew.jsonArray("report", "due", "--within", "400").filter { $0["kind"] as? String == "settlement" }.count, 0,
                               "Grace's settlement is recorded: \(name)")
                let preview = try homecrew.jsonObject("settle", "Ramesh", "--leaving", "2026-11-30", "--reason", "termination")
                XCTAssertEqual(preview["rules"] as? String, "in-contract", "the household's rules: \(name)")
                XCTAssertEqual(preview["rules_version"] as? String, "in-contract from 2025-11-21", name)
                XCTAssertEqual(preview["total"] as? String, "82174.43", "Ramesh's contract gratuity is kept: \(name)")
            }
            if version == 9 {
                XCTAssertTrue(verify.stderr.contains("upgraded"), verify.stderr)
                // Its ledger: a reversal, proof, an advance whose closed month's instalment was kept.
                let ledger = try homecrew.jsonArray("pay", "list", "--all-households")
                XCTAssertEqual(ledger.count, 9, name)
                XCTAssertEqual(ledger.filter { $0["reverses"] is String }.count, 1, name)
                XCTAssertEqual(ledger.filter { !(($0["proof"] as? [Any]) ?? []).isEmpty }.count, 1, name)
                let advances = try homecrew.jsonArray("advance", "list", "--all-households", "--through", "2026-12")
                XCTAssertEqual(advances.map { ($0["left"] as? [String: String])?["amount"] ?? "" }.sorted(), ["0.00", "4000.00"], name)
                XCTAssertEqual(try sqlite(homecrew, "SELECT month || ' ' || amount FROM advance_deduction"), "2026-11 1500.00", name)
            }
            if version == 8 {
                // Its account and invitation (an invitation expires, so only that it is kept is checked).
                XCTAssertEqual(try sqlite(homecrew, "SELECT a.name || ' ' || i.role FROM account a, invitation i"), "neha viewer")
            }
            let households = try homecrew.jsonArray("household", "list")
            XCTAssertEqual(households.map { $0["name"] as? String ?? "" }.sorted(), ["Azabu Flat", "Marina Apartment", "Sea View House"])
            let staff = try homecrew.jsonArray("staff", "list", "--all-households", "--status", "all", "--as-of", "2026-11-22")
            XCTAssertEqual(staff.count, name == "format-4" ? 7 : 9, name)
            let asha = try homecrew.jsonObject("staff", "show", "Asha", "--as-of", "2026-11-22")
            let history = (asha["salary_history"] as? [[String: Any]] ?? []).map { ($0["salary"] as? [String: String] ?? [:])["amount"] ?? "" }
            XCTAssertEqual(history, ["25000.00", "28000.00"], name)
            let documents = try homecrew.jsonArray("doc", "list", "--all-households")
            XCTAssertEqual(documents.count, version >= 16 ? 9 : version >= 14 ? 7 : version >= 10 ? 6 : 5,
                           "the demo's documents (two scans more from format 16), format 10's settlement statement and format 14's locked PDF: \(name)")
            XCTAssertTrue(Set(documents.map { $0["sha256"] as? String ?? "" }).isSubset(of: Set(objectFiles)), name)
            let found = try homecrew.jsonArray("search", "\"notice period\"", "--all-households")
            XCTAssertEqual(Set(found.map { $0["title"] as? String ?? "" }).subtracting(["Final settlement 2026-11-20 Grace Wanjiru Otieno"]),
                           ["Asha's employment contract", "Maria's nanny agreement"], name)
            let payroll = try homecrew.jsonObject("report", "payroll", "2026-11", "--all-households", "--today", "2026-11-22")
            XCTAssertFalse((payroll["lines"] as? [Any] ?? []).isEmpty, name)
            // A change after the upgrade is recorded against the baseline, and the trail still verifies.
            XCTAssertEqual(try homecrew.run(["staff", "edit", "Asha", "--duties", "Cooking"]).status, 0, name)
            let changes = try homecrew.jsonArray("history", "Asha").filter { $0["action"] as? String == "update" }
            XCTAssertEqual(changes.count, 1, name)
            XCTAssertEqual((changes.first?["after"] as? [String: Any])?["duties"] as? String, "Cooking", name)
            // The ledger works on an upgraded vault, and is in the trail that verify checks.
            let before = try homecrew.jsonArray("pay", "list", "Asha").count
            let paid = try homecrew.run(["pay", "record", "Asha", "--amount", "100", "--on", "2026-11-22", "--method", "cash", "--for", "2026-11"])
            XCTAssertEqual(paid.status, 0, "\(name): \(paid.stderr)")
            XCTAssertEqual(try homecrew.jsonArray("pay", "list", "Asha").count, before + 1, name)
            XCTAssertEqual(try homecrew.run(["vault", "verify"]).status, 0, name)
        }
    }

    func testAFailedUpgradeIsRolledBackAndSaysSo() throws {
        let homecrew = try copy("format-4")
        defer { homecrew.cleanUp() }
        // A table in the way makes the format-5 migration fail half-way through its statements.
        try sqlite(homecrew, "CREATE TABLE closed_month (x)")
        let failed = try homecrew.run(["staff", "list", "--all-households"])
        XCTAssertEqual(failed.status, 65, failed.stderr)
        XCTAssertTrue(failed.stderr.hasPrefix("error: upgrading this vault from format 4 failed ("), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("the failed step was rolled back and the database as it was is kept at"), failed.stderr)
        XCTAssertEqual(try sqlite(homecrew, "SELECT format_version FROM vault"), "4")
        XCTAssertEqual(try sqlite(homecrew, "SELECT count(*) FROM sqlite_master WHERE name IN ('leave', 'pay_adjustment')"), "0",
                       "nothing of the failed step is left")
        try sqlite(homecrew, "DROP TABLE closed_month")
        let retried = try homecrew.run(["staff", "list", "--all-households"])
        XCTAssertEqual(retried.status, 0, retried.stderr)
        XCTAssertEqual(try sqlite(homecrew, "SELECT format_version FROM vault"), "22")
    }

    @discardableResult
    func sqlite(_ homecrew: HomeCrewProcess, _ sql: String) throws -> String {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [homecrew.databaseURL.path, sql]
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, sql)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
