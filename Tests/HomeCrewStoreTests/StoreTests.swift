import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore
import HomeCrewTestSupport

final class StoreTests: XCTestCase {
    var database: AppDatabase!
    let inr = try! Currency(code: "INR")

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
    }

    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    @discardableResult
    func addStaff(_ name: String, knownAs: String? = nil, in household: Household, start: String = "2024-01-15") throws -> StaffDetails {
        try database.addStaff(
            StaffMember(householdID: household.id, legalName: name, knownAs: knownAs, startDate: date(start),
                        annualLeave: LeaveDays(halfDays: 42)),
            salary: Money(25_000, inr))
    }

    // MARK: Migrations

    func testMigrationsBuildTheSchemaOnAnEmptyDatabase() throws {
        let tables = try database.writer.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb%'
                AND name NOT LIKE 'search_index_%' ORDER BY name
                """)
        }
        XCTAssertEqual(tables, ["account", "account_session", "advance", "advance_deduction", "audit_context", "audit_entry", "backup_identity", "backup_run", "calendar_feed", "closed_month", "document", "document_extraction", "document_facts", "document_page", "document_staff", "facts_clock", "facts_stamp", "household", "household_member", "invitation", "known_place", "leave", "ledger_opening", "object", "object_page",
                                "pay_adjustment", "payment", "payment_month", "payment_proof", "payment_standing", "salary_entry", "search_index", "search_row", "setting", "sign_in_failure", "sqlite_sequence", "staff", "text_clock", "vault"])
        XCTAssertEqual(try database.formatVersion(), 22)
    }

    func testANewerFormatIsRefused() throws {
        let queue = try DatabaseQueue()
        _ = try AppDatabase(queue)
        try queue.write { db in try db.execute(sql: "UPDATE vault SET format_version = 99") }
        XCTAssertThrowsError(try AppDatabase(queue)) { error in
            XCTAssertEqual("\(error)", "this vault has format version 99, but this HomeCrew only knows versions up to 22; upgrade HomeCrew to open it")
        }
    }

    /// Format 14's upgrade: text that a password opened stays with the document when its object
    /// is one household's; where two households shared the object, whose password opened it
    /// cannot be told, so neither keeps it (each reads it again with its own password).
    func testTheUpgradeGivesPasswordTextOnlyWhereOneHouseholdHeldTheFile() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: AppDatabase.searchTextFunction) }
        let queue = try DatabaseQueue(configuration: configuration)
        try Migrations.migrator.migrate(queue, upTo: "v13: backup runs")
        let shared = String(repeating: "a", count: 64), own = String(repeating: "b", count: 64)
        try queue.write { db in
            for (id, name) in [("aaaaaaaaaaaa", "Sea View"), ("bbbbbbbbbbbb", "Marina")] {
                try db.execute(sql: "INSERT INTO household (id, name, name_key, created_at) VALUES (?, ?, ?, '2026-01-01')", arguments: [id, name, name.lowercased()])
            }
            for hash in [shared, own] {
                try db.execute(sql: """
                    INSERT INTO object (sha256, size, media_type, stored_at, extraction_status, page_count, encrypted)
                    VALUES (?, 10, 'application/pdf', '2026-01-01', 'complete', 1, 1)
                    """, arguments: [hash])
                try db.execute(sql: "INSERT INTO object_page VALUES (?, 1, 'Salary letter of Ramesh', 'pdf-text')", arguments: [hash])
            }
            for (id, household, hash) in [("d00000000001", "aaaaaaaaaaaa", shared), ("d00000000002", "bbbbbbbbbbbb", shared), ("d00000000003", "aaaaaaaaaaaa", own)] {
                try db.execute(sql: """
                    INSERT INTO document (id, household_id, object_sha256, kind, title, original_name, added_at)
                    VALUES (?, ?, ?, 'other', 'letter', 'letter.pdf', '2026-01-01')
                    """, arguments: [id, household, hash])
            }
        }
        try Migrations.migrator.migrate(queue)
        try queue.read { db in
            let pages = try String.fetchAll(db, sql: "SELECT document_id FROM document_page ORDER BY document_id")
            XCTAssertEqual(pages, ["d00000000003"], "only the document of the file one household held keeps its text")
            let statuses = try String.fetchAll(db, sql: "SELECT document_id || ' ' || extraction_status FROM document_extraction ORDER BY document_id")
            XCTAssertEqual(statuses, ["d00000000001 partial", "d00000000002 partial", "d00000000003 complete"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM object_page"), 0, "the shared object keeps no text")
        }
    }

    /// Format 17's upgrade: the places of the sessions not yet ended become known places, each
    /// a real host's place (an IPv4 address, an IPv6 /64), never a proxy's word for an address.
    func testTheUpgradeToFormat17KnowsThePlacesOfSessionsNotEnded() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: AppDatabase.searchTextFunction) }
        let queue = try DatabaseQueue(configuration: configuration)
        try Migrations.migrator.migrate(queue, upTo: "v16: document numbers")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO account (id, name, name_key, password_hash, created_at, password_changed_at)
                VALUES ('aaaaaaaaaaaa', 'Asha', 'asha', '$argon2id$stand-in', '2026-01-01', '2026-01-01')
                """)
            for (n, address) in ["2001:db8:9:1::a", "2001:db8:9:1::b", "198.51.100.7", nil, "unknown"].enumerated() {
                try db.execute(sql: """
                    INSERT INTO account_session (token_sha256, account_id, csrf_token, created_at, last_seen_at, address)
                    VALUES (?, 'aaaaaaaaaaaa', 'c', '2026-11-0\(n + 1) 10:00:00.000', '2026-11-0\(n + 1) 11:00:00.000', ?)
                    """, arguments: [String(repeating: "\(n)", count: 64), address])
            }
        }
        try Migrations.migrator.migrate(queue)
        let places = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT place || ' ' || first_signed_in_at || ' ' || last_signed_in_at FROM known_place ORDER BY place")
        }
        XCTAssertEqual(places, ["198.51.100.7 2026-11-03 10:00:00.000 2026-11-03 11:00:00.000",
                                "2001:db8:9:1::/64 2026-11-01 10:00:00.000 2026-11-02 11:00:00.000"])
    }

    func testUnknownMigrationsAreRefused() throws {
        let queue = try DatabaseQueue()
        _ = try AppDatabase(queue)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from the future')") }
        XCTAssertThrowsError(try AppDatabase(queue)) { error in
            XCTAssertEqual("\(error)", "this vault was changed by a newer HomeCrew; upgrade HomeCrew to open it")
        }
    }

    /// Opening checks that every migration ran: a vault without one of them (not the last) is
    /// migrated again, after a copy of its database (here that fails, its tables being there
    /// already, and says so); an up-to-date one is left alone, without a copy.
    func testAVaultMissingAMigrationIsMigrated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hc-migrations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("homecrew.sqlite").path)
        _ = try AppDatabase(queue)
        XCTAssertNil(try AppDatabase(queue).upgrade, "up to date: nothing to do")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bak") }, [])
        let migrations = Migrations.migrator.migrations
        let middle = migrations[migrations.count / 2]
        try queue.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [middle]) }
        XCTAssertThrowsError(try AppDatabase(queue)) { error in
            guard case StoreError.upgradeFailed = error else { return XCTFail("\(error)") }
        }
    }

    /// SQLite's names are the same in any case: a vault table named `VAULT` is the vault table.
    func testTheFormatIsReadWhateverTheCaseOfItsTableName() throws {
        let queue = try DatabaseQueue()
        _ = try AppDatabase(queue)
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE vault RENAME TO vault_renamed; ALTER TABLE vault_renamed RENAME TO VAULT")
            try db.execute(sql: "UPDATE VAULT SET format_version = 9999")
        }
        XCTAssertThrowsError(try AppDatabase(queue)) { error in
            guard case StoreError.newerFormat(found: 9999, _) = error else { return XCTFail("\(error)") }
        }
    }

    func testOpeningAVaultOnDiskCreatesPrivateFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hc-store-\(UUID().uuidString)/vault")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let location = VaultLocation(directory: directory.path)
        XCTAssertFalse(location.databaseExists)
        _ = try AppDatabase.open(location, create: false)
        XCTAssertFalse(location.databaseExists, "reading must not create a vault")
        let opened = try AppDatabase.open(location, create: true)
        _ = try opened.addHousehold(Household(name: "Sea View"))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        let fileAttributes = try FileManager.default.attributesOfItem(atPath: location.databasePath)
        XCTAssertEqual((fileAttributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let pragmas = try opened.writer.read { db in
            [try String.fetchOne(db, sql: "PRAGMA journal_mode"), try String.fetchOne(db, sql: "PRAGMA synchronous"),
             try String.fetchOne(db, sql: "PRAGMA foreign_keys")]
        }
        XCTAssertEqual(pragmas, ["wal", "2", "1"], "WAL, synchronous = FULL, foreign keys on")
    }

    // MARK: Households

    func testFirstHouseholdIsPrimaryAndNamesAreUniqueIgnoringCase() throws {
        let first = try database.addHousehold(Household(name: "Sea View"))
        XCTAssertTrue(first.isPrimary)
        XCTAssertFalse(try database.addHousehold(Household(name: "Hill House")).isPrimary)
        XCTAssertThrowsError(try database.addHousehold(Household(name: "  sea VIEW "))) { error in
            XCTAssertEqual("\(error)", "a household named 'sea VIEW' already exists (names are compared ignoring case)")
            XCTAssertEqual((error as? HomeCrewError)?.category, .invalidData)
        }
        let summaries = try database.householdSummaries()
        XCTAssertEqual(summaries.map(\.household.name), ["Hill House", "Sea View"])
        XCTAssertEqual(summaries.filter(\.isPrimary).map(\.household.name), ["Sea View"])
    }

    func testTheDatabaseItselfEnforcesOnePrimary() throws {
        let household = try database.addHousehold(Household(name: "Sea View")).household
        try database.writer.write { db in
            // Since format 11 a name is unique only within one person's reach (`ScopedUniquenessTests`), which
            // AppDatabase checks: two accounts' households may share a name.
            // The primary mark is a single column of a single row: there cannot be two.
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO vault (singleton, format_version, created_at) VALUES (2, 1, 'now')"))
            // …and it cannot point at a household that is gone.
            XCTAssertThrowsError(try db.execute(sql: "DELETE FROM household WHERE id = ?", arguments: [household.id]))
            XCTAssertThrowsError(try db.execute(sql: "UPDATE vault SET primary_household_id = 'nothere00000'"))
        }
    }

    func testTheDatabaseItselfKeepsLeaveAndAdjustmentsValid() throws {
        let household = try database.addHousehold(Household(name: "Sea View")).household
        let asha = try database.addStaff(StaffMember(householdID: household.id, legalName: "Asha", startDate: CalendarDate(parsing: "2020-01-01")),
                                         salary: Money(parsing: "1000", currency: Currency(code: "INR"))).member
        try database.writer.write { db in
            func leave(_ id: String, _ first: String, _ last: String, half: Int = 0) throws {
                try db.execute(sql: """
                    INSERT INTO leave (id, staff_id, first_day, last_day, half_day, type, created_at)
                    VALUES (?, ?, ?, ?, ?, 'annual', 'now')
                    """, arguments: [id, asha.id, first, last, half])
            }
            try leave("aaaaaaaaaaa1", "2026-05-04", "2026-05-08")
            XCTAssertThrowsError(try leave("aaaaaaaaaaa2", "2026-05-08", "2026-05-09"), "overlap")
            XCTAssertThrowsError(try leave("aaaaaaaaaaa3", "2026-06-02", "2026-06-01"), "backwards")
            XCTAssertThrowsError(try leave("aaaaaaaaaaa4", "2026-06-01", "2026-06-02", half: 1), "a half day is one day")
            XCTAssertThrowsError(try leave("aaaaaaaaaaa5", "2026-02-30", "2026-02-30"), "not a date")
            func adjustment(_ id: String, _ month: String, _ amount: String) throws {
                try db.execute(sql: """
                    INSERT INTO pay_adjustment (id, staff_id, month, amount, currency, reason, created_at)
                    VALUES (?, ?, ?, ?, 'INR', 'bonus', 'now')
                    """, arguments: [id, asha.id, month, amount])
            }
            try adjustment("bbbbbbbbbbb1", "2026-11", "-500.25")
            XCTAssertThrowsError(try adjustment("bbbbbbbbbbb2", "2026-13", "1"), "no month 13")
            XCTAssertThrowsError(try adjustment("bbbbbbbbbbb3", "2026-11", "0.00"), "zero")
            XCTAssertThrowsError(try adjustment("bbbbbbbbbbb4", "2026-11", "1e3"), "not a plain decimal")
        }
    }

    func testChoosingAHouseholdPrefersExplicitThenActiveThenPrimary() throws {
        XCTAssertThrowsError(try database.chooseHousehold(nil)) { error in
            XCTAssertEqual((error as? HomeCrewError)?.category, .notFound)
        }
        _ = try database.addHousehold(Household(name: "Sea View"))
        _ = try database.addHousehold(Household(name: "Hill House"))
        XCTAssertEqual(try database.chooseHousehold(nil).reason, .primary)
        XCTAssertEqual(try database.chooseHousehold(nil).household.name, "Sea View")
        _ = try database.useHousehold(named: "hill house")
        XCTAssertEqual(try database.chooseHousehold(nil).household.name, "Hill House")
        XCTAssertEqual(try database.chooseHousehold(nil).reason, .active)
        XCTAssertEqual(try database.chooseHousehold("SEA VIEW").reason, .explicit)
        XCTAssertThrowsError(try database.chooseHousehold("Nowhere"))
    }

    func testARecordReadByIDIsTheOneGRDBReadsByKey() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        XCTAssertEqual(try database.chooseHousehold(sea.id.rawValue).household.id, sea.id, "an id names its household")
        try database.writer.read { db in
            XCTAssertEqual(try Household.fetchOne(db, byID: sea.id), try Household.fetchOne(db, key: sea.id.rawValue))
            XCTAssertEqual(try Household.fetchOne(db, byID: sea.id)?.name, "Sea View")
            XCTAssertNil(try Household.fetchOne(db, byID: "000000000000"))
        }
    }

    func testRemovingHouseholdsRefusesStaffUnlessCascadeAndMovesThePrimaryMark() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        _ = try database.addHousehold(Household(name: "Hill House"))
        try addStaff("Asha Devi", in: sea)
        _ = try database.useHousehold(named: "Sea View")
        XCTAssertThrowsError(try database.removeHousehold(named: "Sea View", cascade: false)) { error in
            XCTAssertEqual("\(error)", "household 'Sea View' still has 1 staff member; remove them first or pass --cascade")
        }
        let removal = try database.removeHousehold(named: "Sea View", cascade: true)
        XCTAssertEqual(removal.staffRemoved, 1)
        XCTAssertEqual(removal.newPrimary?.name, "Hill House")
        XCTAssertEqual(try database.chooseHousehold(nil).reason, .primary, "the active mark goes with the household")
        let leftovers = try database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM staff) + (SELECT count(*) FROM salary_entry)")
        }
        XCTAssertEqual(leftovers, 0)
        _ = try database.removeHousehold(named: "Hill House", cascade: false)
        XCTAssertEqual(try database.householdSummaries().count, 0)
    }

    // MARK: Staff

    func testStaffAreFoundByIdPrefixOrNameAndAmbiguityListsCandidates() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let asha = try addStaff("Asha Devi Kumari", knownAs: "Asha", in: sea)
        try addStaff("Ramesh Yadav", in: sea)
        XCTAssertEqual(try database.findStaff("asha").member.id, asha.member.id)
        XCTAssertEqual(try database.findStaff("ASHA DEVI KUMARI").member.id, asha.member.id)
        XCTAssertEqual(try database.findStaff(asha.member.id.rawValue).member.id, asha.member.id)
        XCTAssertEqual(try database.findStaff(String(asha.member.id.rawValue.prefix(6))).member.id, asha.member.id)
        XCTAssertThrowsError(try database.findStaff("Nobody")) { error in
            XCTAssertEqual((error as? HomeCrewError)?.category, .notFound)
        }
        try addStaff("Asha Rani", knownAs: "Asha", in: sea)
        XCTAssertThrowsError(try database.findStaff("Asha")) { error in
            guard case let .ambiguousStaff(_, candidates)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(Set(candidates.map(\.legalName)), ["Asha Devi Kumari", "Asha Rani"])
        }
    }

    func testTheDatabaseRejectsBadStaffRowsItself() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        func insert(start: String = "2026-01-01", leaving: String? = nil, leave: String = "21", household: String? = nil) throws {
            try database.writer.write { db in
                try db.execute(sql: """
                    INSERT INTO staff (id, household_id, legal_name, start_date, leaving_date, annual_leave_days, created_at)
                    VALUES (?, ?, 'X', ?, ?, ?, 'now')
                    """, arguments: [RecordID.random(), household ?? sea.id.rawValue, start, leaving, leave])
            }
        }
        XCTAssertNoThrow(try insert())
        XCTAssertThrowsError(try insert(start: "2026-02-30"))
        XCTAssertThrowsError(try insert(start: "2026-2-3"))
        XCTAssertThrowsError(try insert(leaving: "2025-12-31"))
        XCTAssertThrowsError(try insert(leave: "21.25"))
        XCTAssertThrowsError(try insert(leave: "367"))
        XCTAssertThrowsError(try insert(leave: "-1"))
        XCTAssertThrowsError(try insert(household: "nothere00000"))
        XCTAssertNoThrow(try insert(leave: "366"))
        XCTAssertNoThrow(try insert(leave: "0.5"))
    }

    func testTheDatabaseRejectsBadSalaryEntriesItself() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let asha = try addStaff("Asha Devi", in: sea, start: "2024-01-15")
        func insert(_ from: String, _ amount: String, _ currency: String = "INR") throws {
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO salary_entry VALUES (?, ?, ?, ?)",
                               arguments: [asha.member.id, from, amount, currency])
            }
        }
        XCTAssertThrowsError(try insert("2024-01-15", "30000.00"), "two entries on one date")
        XCTAssertThrowsError(try insert("2024-01-14", "30000.00"), "before the start date")
        XCTAssertThrowsError(try insert("2025-01-01", "-5.00"))
        XCTAssertThrowsError(try insert("2025-01-01", "5.0.0"))
        XCTAssertThrowsError(try insert("2025-01-01", "5e3"))
        XCTAssertThrowsError(try insert("2025-01-01", "500", "inr"))
        XCTAssertNoThrow(try insert("2025-01-01", "30000.00"))
    }

    func testSalaryHistoryThroughTheStore() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let asha = try addStaff("Asha Devi", in: sea, start: "2024-01-15")
        let raise = try database.setSalary("Asha Devi", amount: "28000", currency: nil, from: date("2025-04-01"))
        XCTAssertEqual(raise.salary.description, "28000.00 INR")
        XCTAssertThrowsError(try database.setSalary("Asha Devi", amount: "1", currency: nil, from: date("2025-04-01"))) { error in
            XCTAssertEqual("\(error)", "Asha Devi already has a salary entry taking effect on 2025-04-01")
        }
        XCTAssertThrowsError(try database.setSalary("Asha Devi", amount: "1", currency: nil, from: date("2024-01-14")))
        XCTAssertThrowsError(try database.setSalary("Asha Devi", amount: "1.001", currency: nil, from: date("2026-01-01")))
        let usd = try database.setSalary("Asha Devi", amount: "400", currency: Currency(code: "USD"), from: date("2026-01-01"))
        XCTAssertEqual(usd.salary.description, "400.00 USD")
        let history = try database.findStaff(asha.member.id.rawValue).salaryHistory
        XCTAssertEqual(history.entries.map(\.effectiveFrom.description), ["2024-01-15", "2025-04-01", "2026-01-01"])
    }

    func testMovingTheStartDateMovesTheFirstSalaryEntry() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let asha = try addStaff("Asha Devi", in: sea, start: "2024-01-15")
        _ = try database.setSalary("Asha Devi", amount: "28000", currency: nil, from: date("2025-04-01"))
        var changes = StaffChanges()
        changes.startDate = date("2023-11-01")
        let moved = try database.editStaff("Asha Devi", changes)
        XCTAssertEqual(moved.salaryHistory.entries.first?.effectiveFrom, date("2023-11-01"))
        changes.startDate = date("2025-04-01")
        XCTAssertThrowsError(try database.editStaff("Asha Devi", changes))
        XCTAssertEqual(try database.findStaff(asha.member.id.rawValue).member.startDate, date("2023-11-01"),
                       "a refused edit changes nothing")
        var leaving = StaffChanges()
        leaving.leavingDate = date("2023-10-31")
        XCTAssertThrowsError(try database.editStaff("Asha Devi", leaving))
    }

    func testListingFiltersByStatusAndHousehold() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let hill = try database.addHousehold(Household(name: "Hill House")).household
        try addStaff("Asha", in: sea, start: "2020-01-01")
        try addStaff("Ramesh", in: sea, start: "2027-01-01")
        try addStaff("Maria", in: hill, start: "2021-01-01")
        _ = try database.endEmployment("Maria", on: date("2025-06-30"))
        let asOf = date("2026-11-22")
        let active = try database.staffListing(StaffFilter(householdID: nil, statuses: [.active], asOf: asOf))
        XCTAssertEqual(active.map(\.member.legalName), ["Asha"])
        let all = try database.staffListing(StaffFilter(householdID: nil, statuses: Set(EmploymentStatus.allCases), asOf: asOf))
        XCTAssertEqual(all.map(\.member.legalName), ["Asha", "Maria", "Ramesh"])
        let seaOnly = try database.staffListing(StaffFilter(householdID: sea.id, statuses: Set(EmploymentStatus.allCases), asOf: asOf))
        XCTAssertEqual(seaOnly.map(\.member.legalName), ["Asha", "Ramesh"])
    }

    // MARK: Documents

    func testTheDatabaseEnforcesDocumentRules() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let hill = try database.addHousehold(Household(name: "Hill House")).household
        let asha = try addStaff("Asha", in: sea)
        let maria = try addStaff("Maria", in: hill)
        let hash = String(repeating: "ab", count: 32)
        let object = StoredObject(hash: hash, size: 10, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1),
                                  thumbnailHash: nil)
        let document = Document(householdID: sea.id, objectHash: hash, kind: .contract, title: "Contract", originalName: "c.pdf")
        let details = try database.addDocument(document, object: object, pages: [PageText(number: 1, text: "hello", source: .pdfText)],
                                               thumbnail: nil, staff: ["Asha"])
        XCTAssertEqual(details.staff.map(\.id), [asha.member.id])
        XCTAssertEqual(try database.pages(of: hash).map(\.text), ["hello"])
        try database.writer.write { db in
            // Staff of another household cannot be linked, even by hand.
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO document_staff VALUES (?, ?)", arguments: [document.id, maria.member.id]))
            // One document per household and object; an object a document uses cannot be deleted.
            XCTAssertThrowsError(try db.execute(sql: """
                INSERT INTO document (id, household_id, object_sha256, kind, title, original_name, added_at)
                VALUES ('bbbbbbbbbbbb', ?, ?, 'other', 'x', 'x', 'now')
                """, arguments: [sea.id, hash]))
            XCTAssertThrowsError(try db.execute(sql: "DELETE FROM object WHERE sha256 = ?", arguments: [hash]))
            XCTAssertThrowsError(try db.execute(sql: "UPDATE document SET kind = 'novel'"))
            XCTAssertThrowsError(try db.execute(sql: "UPDATE document SET issued_on = '2026-05-01', expires_on = '2026-04-30'"))
            XCTAssertThrowsError(try db.execute(sql: "UPDATE object SET sha256 = 'XYZ' WHERE sha256 = ?", arguments: [hash]))
        }
        XCTAssertThrowsError(try database.removeStaff("Asha")) { error in
            XCTAssertEqual("\(error)", "Asha is linked to 1 document; pass --cascade to unlink them and remove the staff member")
        }
        XCTAssertThrowsError(try database.removeHousehold(named: "Sea View", cascade: false))
        _ = try database.removeDocument(document.id.rawValue)
        XCTAssertEqual(try database.referencedObjectHashes(), [], "the object is now garbage")
        XCTAssertEqual(try database.allStoredObjects().map(\.hash), [hash], "but its row stays until gc")
        try database.deleteObjectRows([hash])
        XCTAssertEqual(try database.pages(of: hash), [], "pages go with the object row")
    }

    // MARK: Search

    @discardableResult
    func addDocument(title: String, body: String, staff: [String] = [], in household: Household) throws -> DocumentDetails {
        try addDocument(to: database, title: title, body: body, staff: staff, in: household)
    }

    func addDocument(to database: AppDatabase, title: String, body: String, staff: [String] = [], in household: Household) throws -> DocumentDetails {
        let hash = String(repeating: "0", count: 64 - 12) + RecordID.random().rawValue
        let object = StoredObject(hash: hash, size: 1, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1))
        return try database.addDocument(
            Document(householdID: household.id, objectHash: hash, kind: .other, title: title, originalName: "x.pdf"),
            object: object, pages: [PageText(number: 1, text: body, source: .pdfText)], thumbnail: nil, staff: staff)
    }

    func testTitleAndStaffMatchesOutrankBodyMatchesThatBm25AloneWouldPreferIt() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        try addStaff("Ramesh Yadav", in: sea)
        // With equal column weights the short, repetitive body would win on bm25.
        try addDocument(title: "Notes", body: "gratuity gratuity gratuity gratuity", in: sea)
        try addDocument(title: "The household's written agreement on the end-of-service gratuity and other matters of pay",
                        body: "nothing relevant here at all", in: sea)
        let hits = try database.search(try SearchQuery.parse("gratuity"), SearchFilter()).hits
        XCTAssertEqual(hits.map(\.title).first, "The household's written agreement on the end-of-service gratuity and other matters of pay")
        XCTAssertEqual(hits.map(\.page), [nil, 1], "a title-only match names no page")

        try addDocument(title: "Licence", body: "no names in here", staff: ["Ramesh"], in: sea)
        try addDocument(title: "Log", body: "ramesh ramesh ramesh ramesh", in: sea)
        XCTAssertEqual(try database.search(try SearchQuery.parse("ramesh"), SearchFilter()).hits.map(\.title), ["Licence", "Log"])
    }

    func testAVeryCommonWordIsRankedAmongTheMostRecentPagesOnly() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let window = AppDatabase.rankingWindow
        // The oldest pages have the best bm25 score (the word three times on a short page), but
        // they fall outside the window once more than `window` newer pages hold the word.
        let best = try addDocument(title: "Oldest", body: "salary salary salary", in: sea)
        let pages = (1...window).map { PageText(number: $0, text: "salary and a longer page about other things", source: .pdfText) }
        let hash = String(repeating: "1", count: 64)
        _ = try database.addDocument(
            Document(householdID: sea.id, objectHash: hash, kind: .other, title: "Ledger", originalName: "ledger.pdf"),
            object: StoredObject(hash: hash, size: 1, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: window)),
            pages: pages, thumbnail: nil, staff: [])
        let windowed = try database.search(try SearchQuery.parse("salary"), SearchFilter(limit: 5))
        XCTAssertTrue(windowed.rankedRecentPagesOnly)
        XCTAssertEqual(windowed.hits.map(\.title), Array(repeating: "Ledger", count: 5))
        XCTAssertEqual(windowed.hits.map(\.page), [1, 2, 3, 4, 5], "equal scores keep page order")
        // A rarer word (or a narrower query) ranks every page that holds it.
        let narrow = try database.search(try SearchQuery.parse("salary title:oldest"), SearchFilter(limit: 5))
        XCTAssertFalse(narrow.rankedRecentPagesOnly)
        XCTAssertEqual(narrow.hits.map(\.documentID), [best.document.id])
    }

    func testTheWindowRankedHoldsTheMostRecentMatchesWhereverTheyLie() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let window = AppDatabase.rankingWindow
        // A word on every page (its window lies among the newest pages), on every third, on the
        // oldest half only (its window lies wholly below the newest pages), and on five pages.
        var generator = Seeded(state: 29)
        let filler = ["month", "leave", "period", "contract", "driver"]
        let count = 3 * window
        let pages = (1...count).map { number in
            var words = ["salary"] + (number % 3 == 0 ? ["notice"] : []) + (number <= count / 2 ? ["cook"] : []) + (number <= 5 ? ["visa"] : [])
            words += (0..<Int.random(in: 0...12, using: &generator)).map { _ in filler.randomElement(using: &generator) ?? "" }
            return PageText(number: number, text: words.joined(separator: " "), source: .pdfText)
        }
        let hash = String(repeating: "2", count: 64)
        _ = try database.addDocument(
            Document(householdID: sea.id, objectHash: hash, kind: .other, title: "Ledger", originalName: "ledger.pdf"),
            object: StoredObject(hash: hash, size: 1, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: count)),
            pages: pages, thumbnail: nil, staff: [])
        for text in ["salary", "notice", "cook", "visa", "salary notice", "cook OR visa", "salary -notice"] {
            let query = try SearchQuery.parse(text)
            let found = try database.search(query, SearchFilter(limit: 30))
            // As it was found before: the window's start by walking the matches backwards, then every page from it ranked.
            let (expected, windowed) = try database.writer.read { db -> ([Int?], Bool) in
                let cutoff = try Int64.fetchOne(db, sql: """
                    SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?
                    """, arguments: [query.fts5, window - 1])
                let pages = try Int.fetchAll(db, sql: """
                    SELECT r.page_number FROM search_index JOIN search_row r ON r.rowid = search_index.rowid
                    WHERE search_index MATCH ? AND search_index.rowid >= ?
                    ORDER BY homecrew_rank(search_index, 10.0, 8.0, 2.0, 3.0, 3.0, 1.0), search_index.rowid LIMIT 30
                    """, arguments: [query.fts5, cutoff ?? 0])
                return (pages.map { Optional($0) }, cutoff != nil)
            }
            XCTAssertGreaterThanOrEqual(expected.count, 5, text)
            XCTAssertEqual(found.hits.map(\.page), expected, text)
            XCTAssertEqual(found.rankedRecentPagesOnly, windowed, text)
            // The pages come from one span or several (ranked newest first): each keeps its marked matches.
            XCTAssertTrue(found.hits.allSatisfy { $0.snippet.unicodeScalars.contains(SearchHit.highlightStart) }, text)
        }
    }

    func testOurRankingOrdersAsBm25DoesAndKnowsWhichColumnMatched() throws {
        // A bare FTS5 table with the search index's columns; rows from a seeded generator.
        let queue = try DatabaseQueue()
        try queue.write { db in
            SearchRanking.register(db)
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(title, staff, household, kind, file_name, body)")
            var generator = Seeded(state: 7)
            let words = ["salary", "notice", "period", "leave", "contract", "passport", "visa", "cook", "driver", "month"]
            func text(_ count: Int) -> String { (0..<count).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " ") }
            for _ in 0..<300 {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, 'Sea View', 'contract', 'scan.pdf', ?)",
                               arguments: [text(Int.random(in: 1...3, using: &generator)), text(Int.random(in: 0...1, using: &generator)),
                                           text(Int.random(in: 3...42, using: &generator))])
            }
        }
        let weights = "10.0, 8.0, 2.0, 3.0, 3.0, 1.0"
        for query in ["salary", "\"notice period\"", "salary notice", "visa OR passport", "cook NOT driver", "title:contract leave"] {
            try queue.read { db in
                let theirs = try Row.fetchAll(db, sql: """
                    SELECT rowid, bm25(t, \(weights)) AS rank, bm25(t, 0, 0, 0, 0, 0, 1) != 0 AS in_body
                    FROM t WHERE t MATCH ? ORDER BY rank, rowid
                    """, arguments: [query])
                let ours = try Row.fetchAll(db, sql: """
                    SELECT rowid, homecrew_rank(t, \(weights)) AS rank, homecrew_in_column(t, 5) AS in_body
                    FROM t WHERE t MATCH ? ORDER BY rank, rowid
                    """, arguments: [query])
                XCTAssertGreaterThan(theirs.count, 3, query)
                XCTAssertEqual(ours.map { $0["rowid"] as Int64 }, theirs.map { $0["rowid"] as Int64 }, query)
                XCTAssertEqual(ours.map { $0["in_body"] as Bool }, theirs.map { $0["in_body"] as Bool }, query)
                if query.contains(" ") && !query.hasPrefix("\"") {
                    // Several phrases: the same IDFs, so the same scores.
                    for (mine, bm25) in zip(ours, theirs) { XCTAssertEqual(mine["rank"] as Double, bm25["rank"] as Double, accuracy: 1e-9, query) }
                }
            }
        }
    }

    /// The hits shown are picked from the ranked window without sorting all of it: the same
    /// candidates in the same order as sorting them all gives, ties in rank broken by rowid.
    func testTheBestCandidatesAreTheFirstOfAllOfThemSorted() throws {
        var random = Seeded(state: 53)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...80, using: &random), ranks = Int.random(in: 1...6, using: &random)
            let candidates = (0..<Int64(count)).shuffled(using: &random).map {
                Candidate(rowid: $0, rank: Double(Int.random(in: 0..<ranks, using: &random)) - 2.5, inBody: Bool.random(using: &random))
            }
            let limit = Int.random(in: 0...90, using: &random)
            XCTAssertEqual(Candidate.best(limit, of: candidates), Array(candidates.sorted(by: Candidate.isBefore).prefix(limit)),
                           "\(count) candidates, \(limit) wanted")
        }
        let window = (0..<Int64(2_500)).shuffled(using: &random).map { Candidate(rowid: $0, rank: -Double($0 % 97) / 7, inBody: true) }
        XCTAssertEqual(Candidate.best(300, of: window), Array(window.sorted(by: Candidate.isBefore).prefix(300)))
    }

    func testPageLengthsReadInOnePassRankAsFTS5sOwnLengthsDo() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        var generator = Seeded(state: 11)
        let words = ["salary", "notice", "period", "leave", "contract", "passport", "visa", "cook", "driver", "month"]
        for index in 0..<60 {
            let body = (0..<Int.random(in: 1...300, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
            try addDocument(title: "Page \(index)", body: "salary " + body.joined(separator: " "), in: sea)
        }
        // Lengths over 127 tokens take two bytes in FTS5's size record.
        try database.writer.read { db in
            let rows = try Int64.fetchAll(db, sql: "SELECT rowid FROM search_row ORDER BY rowid")
            let pass = RankingPass(lengths: try PageLengths(db, rowids: rows.first!...rows.last!), column: 5)
            let sql = """
                SELECT rowid, homecrew_rank(search_index, 10.0, 8.0, 2.0, 3.0, 3.0, 1.0 LENGTHS) FROM search_index
                WHERE search_index MATCH 'salary' ORDER BY rowid
                """
            let theirs = try Row.fetchAll(db, sql: sql.replacingOccurrences(of: " LENGTHS", with: ""))
            let statement = try db.makeStatement(sql: sql.replacingOccurrences(of: " LENGTHS", with: ", ?"))
            try statement.setArguments([DatabaseValue.null])
            pass.bind(to: statement, at: 1)
            let ours = try withExtendedLifetime(pass) { try Row.fetchAll(statement) }
            XCTAssertEqual(ours.count, 60)
            XCTAssertEqual(ours.map { $0[0] as Int64 }, theirs.map { $0[0] as Int64 })
            XCTAssertEqual(ours.map { $0[1] as Double }, theirs.map { $0[1] as Double })
            XCTAssertEqual(Set(ours.map { $0[1] as Double }).count, 60, "different lengths give different scores")
            // The pass keeps each page's matches in the text, whichever order the pages are ranked in.
            let backwards = RankingPass(lengths: nil, column: 5)
            let reversed = try db.makeStatement(sql: sql.replacingOccurrences(of: " LENGTHS", with: ", ?") + " DESC")
            try reversed.setArguments([DatabaseValue.null])
            backwards.bind(to: reversed, at: 1)
            XCTAssertEqual(try withExtendedLifetime(backwards) { try Row.fetchAll(reversed) }.count, 60)
            for rowid in rows {
                let forward = try XCTUnwrap(pass.hits(of: rowid)), backward = try XCTUnwrap(backwards.hits(of: rowid))
                XCTAssertEqual(forward.map(\.tokens), backward.map(\.tokens))
                XCTAssertEqual(forward.first?.tokens, 0..<1, "every page's text starts with the word")
            }
            XCTAssertNil(pass.hits(of: rows.last! + 1))
        }
    }

    /// A connection keeps the page lengths it read for a ranking; they are used again only while the
    /// database is as it was. A page whose text changes under the same rowid ranks by its new length,
    /// whether another connection changed it or this one did earlier in the same transaction.
    func testKeptPageLengthsAreUsedOnlyWhileTheDatabaseIsAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-lengths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = VaultLocation(directory: folder.path)
        let writer = try AppDatabase.open(location, create: true), reader = try AppDatabase.open(location, create: false)
        let sea = try writer.addHousehold(Household(name: "Sea View")).household
        // Enough pages that a search reads their lengths in one pass (a common word's newest 2,000).
        var generator = Seeded(state: 7)
        for index in 0..<5 {
            let pages = (1...500).map { number in
                let words = (0..<Int.random(in: 1...200, using: &generator)).map { _ in ["notice", "leave", "visa", "cook"].randomElement(using: &generator)! }
                return PageText(number: number, text: "salary " + words.joined(separator: " "), source: .pdfText)
            }
            let hash = String(repeating: "0", count: 63) + String(index)
            _ = try writer.addDocument(Document(householdID: sea.id, objectHash: hash, kind: .other, title: "Book \(index)", originalName: "\(index).pdf"),
                                       object: StoredObject(hash: hash, size: 1, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 500)),
                                       pages: pages, thumbnail: nil, staff: [])
        }
        let salary = try SearchQuery.parse("salary")
        let ranked = { (database: AppDatabase) in
            try database.search(salary, SearchFilter(limit: 2_000)).hits.map { "\($0.title) \($0.page ?? 0) \($0.rank)" }
        }
        let before = try ranked(reader)
        XCTAssertEqual(before.count, 2_000)
        XCTAssertEqual(try ranked(reader), before, "the same lengths, kept")
        // The newest page, short until now, becomes long under the same rowid: another connection's commit.
        let newest = try XCTUnwrap(try writer.writer.read { db in try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM search_row") })
        try writer.writer.write { db in try Self.lengthen(rowid: newest, db) }
        let after = try ranked(reader)
        XCTAssertNotEqual(after, before, "the lengthened page ranks lower")
        XCTAssertEqual(after, try ranked(try AppDatabase.open(location, create: false)), "as a new connection ranks it")
        // Within one transaction: ranked, lengthened again, ranked again.
        try reader.writer.write { db in
            let first = try Self.rankedWithLengthsRead(db)
            XCTAssertEqual(try Self.rankedWithLengthsRead(db), first)
            try Self.lengthen(rowid: try Self.lastSearchRow(db), db)
            let second = try Self.rankedWithLengthsRead(db)
            XCTAssertNotEqual(second.last, first.last, "the page lengthened in this transaction")
            XCTAssertEqual(second, try Self.rankedByFTS5(db), "as FTS5's own lengths rank it")
        }
        // Lengths read after a change that is then rolled back, to a savepoint or whole.
        try reader.writer.writeWithoutTransaction { db in
            try db.inTransaction {
                _ = try Self.rankedWithLengthsRead(db)
                try db.inSavepoint {
                    try Self.lengthen(rowid: try Self.lastSearchRow(db), db)
                    _ = try Self.rankedWithLengthsRead(db)
                    return .rollback
                }
                XCTAssertEqual(try Self.rankedWithLengthsRead(db), try Self.rankedByFTS5(db), "after the savepoint's rollback")
                return .commit
            }
            try db.inTransaction {
                try Self.lengthen(rowid: try Self.lastSearchRow(db), db)
                _ = try Self.rankedWithLengthsRead(db)
                return .rollback
            }
            XCTAssertEqual(try Self.rankedWithLengthsRead(db), try Self.rankedByFTS5(db), "after the transaction's rollback")
        }
    }

    static func lastSearchRow(_ db: Database) throws -> Int64 { try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM search_row") ?? 0 }

    /// Every page matching "salary", by rowid, ranked with their lengths read in one pass (kept ones when valid).
    static func rankedWithLengthsRead(_ db: Database) throws -> [Double] {
        let rows = try Int64.fetchAll(db, sql: "SELECT rowid FROM search_row ORDER BY rowid")
        let pass = RankingPass(lengths: PageLengths(deferred: db, rowids: rows.first!...rows.last!), column: 5)
        let statement = try db.makeStatement(sql: """
            SELECT homecrew_rank(search_index, 10.0, 8.0, 2.0, 3.0, 3.0, 1.0, ?) FROM search_index
            WHERE search_index MATCH 'salary' ORDER BY rowid
            """)
        try statement.setArguments([DatabaseValue.null])
        pass.bind(to: statement, at: 1)
        return try withExtendedLifetime(pass) { try Double.fetchAll(statement) }
    }

    /// The same, each page's length looked up by FTS5 itself.
    static func rankedByFTS5(_ db: Database) throws -> [Double] {
        try Double.fetchAll(db, sql: """
            SELECT homecrew_rank(search_index, 10.0, 8.0, 2.0, 3.0, 3.0, 1.0) FROM search_index WHERE search_index MATCH 'salary' ORDER BY rowid
            """)
    }

    /// A search reads a common word's newest pages, then the span of older ones next to them: both
    /// are kept, joined, so that neither pushes the other out; lengths elsewhere replace them.
    func testKeptPageLengthsJoinTheNextSpanAndStayWithinTheirLimit() throws {
        try DatabaseQueue().inDatabase { db in
            let connection = try XCTUnwrap(db.sqliteConnection), kept = KeptPageLengths()
            kept.keep([5, 6, 7], from: 100, connection)
            XCTAssertNil(kept.lengths(covering: 99...101, connection))
            kept.keep([3, 4], from: 98, connection)
            XCTAssertEqual(kept.lengths(covering: 98...102, connection)?.tokens, [3, 4, 5, 6, 7])
            XCTAssertEqual(kept.lengths(covering: 98...102, connection)?.first, 98)
            kept.keep([8], from: 103, connection)
            XCTAssertEqual(kept.lengths(covering: 98...103, connection)?.tokens, [3, 4, 5, 6, 7, 8])
            kept.keep([1], from: 50, connection)
            XCTAssertNil(kept.lengths(covering: 98...98, connection), "lengths not next to those kept replace them")
            XCTAssertEqual(kept.lengths(covering: 50...50, connection)?.tokens, [1])
            kept.keep(Array(repeating: 2, count: KeptPageLengths.limit), from: 51, connection)
            XCTAssertNil(kept.lengths(covering: 50...50, connection), "past the limit, not joined")
            XCTAssertEqual(kept.lengths(covering: 51...51, connection)?.tokens.count, KeptPageLengths.limit)
            try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            XCTAssertNil(kept.lengths(covering: 51...51, connection), "a change on the connection")
        }
    }

    /// Replaces a search row's page text with a longer one, keeping its rowid (the triggers keep the index in step).
    static func lengthen(rowid: Int64, _ db: Database) throws {
        let row = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT * FROM search_row WHERE rowid = ?", arguments: [rowid]))
        let body = (row["body"] as String) + String(repeating: " cook", count: 300)
        try db.execute(sql: "DELETE FROM search_row WHERE rowid = ?", arguments: [rowid])
        try db.execute(sql: """
            INSERT INTO search_row (rowid, document_id, page_number, title, staff, household, kind, file_name, body)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [rowid, row["document_id"], row["page_number"], row["title"], row["staff"], row["household"],
                             row["kind"], row["file_name"], body])
    }

    func testOurSnippetShowsTheWindowFTS5sSnippetShowsAndMarksTheMatches() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            SearchRanking.register(db)
            // The vault's own tokenizer: the snippet's offsets come from it without porter.
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(title, body, tokenize = \"\(Self.searchTokenizer)\")")
            var generator = Seeded(state: 5)
            // Words with combining marks and diacritics, where unicode61's arguments change where tokens end.
            let words = ["salary", "notice", "period", "leave", "contract", "passport", "visa", "cook", "driver", "month", "gratuity",
                         "वेतन", "cafe\u{301}", "naïve", "n\u{303}ino"]
            let breaks = [" ", " ", ", ", " ", ". ", ":\n", " (", "  "]
            for _ in 0..<300 {
                let body = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                    (words.randomElement(using: &generator) ?? "") + (breaks.randomElement(using: &generator) ?? "")
                }
                try db.execute(sql: "INSERT INTO t VALUES ('x', ?)", arguments: ["  " + body.joined() + " ;"])
            }
            try db.execute(sql: "INSERT INTO t VALUES ('x', 'Ünïcode: salaries, contracting — периоды salary')")
        }
        for query in ["salary", "gratuity", "\"notice period\"", "cook driver", "visa OR passport", "contract*", "salary NOT leave", "वेतन", "nino"] {
            try queue.read { db in
                let rows = try Row.fetchAll(db, sql: """
                    SELECT snippet(t, 1, '[', ']', '…', 8), homecrew_snippet(t, 1, '[', ']', 8) FROM t WHERE t MATCH ? ORDER BY rowid
                    """, arguments: [query])
                XCTAssertGreaterThan(rows.count, 3, query)
                XCTAssertGreaterThan(rows.filter { ($0[0] as String).contains("[") }.count, rows.count * 9 / 10, "\(query): compared whole")
                for row in rows {
                    let (theirs, ours) = (row[0] as String, row[1] as String)
                    let unmarked = { (text: String) in text.filter { $0 != "[" && $0 != "]" } }
                    XCTAssertEqual(unmarked(ours), unmarked(theirs), query)
                    XCTAssertTrue(ours.contains("["), "\(query): \(ours)")
                    // FTS5 leaves out a match when another lies before the window; ours never does.
                    if theirs.contains("[") { XCTAssertEqual(ours, theirs, query) }
                }
            }
        }
    }

    /// Once no later match can win, the text after it is not read, but for the window shown: a page
    /// whose first sentence holds the word is read as far as that sentence's window.
    func testASnippetReadsTheTextOnlyAsFarAsItsChoiceNeeds() throws {
        try DatabaseQueue().inDatabase { db in
            let tokenizer = try XCTUnwrap(OffsetTokenizer(UnsafeMutablePointer(mutating: FTS5.api(db))))
            let words = "The salary is paid monthly. " + Array(repeating: "the cook keeps the kitchen.", count: 100).joined(separator: " ")
                + " A salary again. " + Array(repeating: "the driver waits.", count: 100).joined(separator: " ")
            let bytes = Array(words.utf8)
            bytes.withUnsafeBytes { text in
                let hits = [SnippetHit(phrase: 0, tokens: 1..<2), SnippetHit(phrase: 0, tokens: 506..<507)]
                var read = 0
                let window = SnippetWindow(text: text, hits: hits, size: 16, columnTokens: 808) { tokens in
                    tokenizer.tokenize(tokens)
                    read = tokens.found.count
                }
                XCTAssertEqual(window.start, 0)
                XCTAssertEqual(read, 16, "the first sentence's window, not the 522 tokens to the last match and its window")
                XCTAssertEqual(String(decoding: window.render(marks: (open: Array("[".utf8), close: Array("]".utf8))), as: UTF8.self),
                               "The [salary] is paid monthly. the cook keeps the kitchen. the cook keeps the kitchen. the…")
            }
        }
    }

    /// Hostile data: a page of one word repeated, every token a match. Each window's first match is
    /// found by halving (8,000 matches took 1.7 s in a debug build when each was found by a scan from
    /// the first, 0.035 s now).
    func testAPageOfOneWordRepeatedGivesItsFirstWindow() throws {
        try DatabaseQueue().inDatabase { db in
            let tokenizer = try XCTUnwrap(OffsetTokenizer(UnsafeMutablePointer(mutating: FTS5.api(db))))
            let bytes = Array(Array(repeating: "salary", count: 8_000).joined(separator: " ").utf8)
            let hits = (0..<Int32(8_000)).map { SnippetHit(phrase: 0, tokens: $0..<($0 + 1)) }
            bytes.withUnsafeBytes { text in
                let window = SnippetWindow(text: text, hits: hits, size: 4, columnTokens: 8_000) { tokenizer.tokenize($0) }
                XCTAssertEqual(window.start, 0)
                XCTAssertEqual(String(decoding: window.render(marks: (open: Array("[".utf8), close: Array("]".utf8))), as: UTF8.self),
                               "[salary] [salary] [salary] [salary]…")
            }
        }
    }

    /// Hostile data: the ranking keeps at most `RankingPass.keptPerPage` matches of a page (a word
    /// on 2,000 pages of itself would keep millions); a page shown with more has the snippet FTS5
    /// feeds, the same as FTS5's own.
    func testAPageWithMoreMatchesThanTheRankingKeepsStillHasItsSnippet() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let words = Array(repeating: "salary", count: RankingPass.keptPerPage + 100).joined(separator: " ")
        try addDocument(title: "Crowded", body: "The " + words + ". Paid monthly.", in: sea)
        try addDocument(title: "Plain", body: "The salary is paid monthly.", in: sea)
        let hits = try database.search(try SearchQuery.parse("salary"), SearchFilter()).hits
        XCTAssertEqual(Set(hits.map(\.title)), ["Crowded", "Plain"])
        let theirs = try database.writer.read { db in
            try String.fetchAll(db, sql: """
                SELECT snippet(search_index, 5, ?, ?, '…', 16) FROM search_index WHERE search_index MATCH 'salary' ORDER BY rowid
                """, arguments: [String(SearchHit.highlightStart), String(SearchHit.highlightEnd)]).map(SearchText.restore)
        }
        XCTAssertEqual(hits.first { $0.title == "Crowded" }?.snippet, theirs.first)
        XCTAssertEqual(hits.first { $0.title == "Plain" }?.snippet, theirs.last)
        XCTAssertTrue(theirs.first?.hasPrefix("The \u{E000}salary\u{E001}") ?? false, theirs.first ?? "")
    }

    func testSearchSnippetsMadeFromTheRankingsMatchesEqualThoseFTS5Feeds() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        var generator = Seeded(state: 23)
        let words = ["salary", "notice", "period", "leave", "contract", "passport", "visa", "cook", "driver", "month", "gratuity",
                     "salaries", "वेतन", "naïve", "中文"]
        let breaks = [" ", " ", ", ", " ", ". ", ":\n", " ("]
        for index in 0..<120 {
            let body = (0..<Int.random(in: 0...120, using: &generator)).map { _ in
                (words.randomElement(using: &generator) ?? "") + (breaks.randomElement(using: &generator) ?? "")
            }
            try addDocument(title: index % 7 == 0 ? "Salary notice" : "Page \(index)", body: body.joined(), in: sea)
        }
        var compared = 0
        for text in ["salary", "\"notice period\"", "cook driver", "visa OR passport", "contract*", "salary -leave", "वेतन", "中文", "naive"] {
            let query = try SearchQuery.parse(text)
            for hit in try database.search(query, SearchFilter(limit: 50)).hits {
                guard let page = hit.page else { continue }
                let fed = try database.writer.read { db in
                    try String.fetchOne(db, sql: """
                        SELECT homecrew_snippet(search_index, 5, char(57344), char(57345), 16) FROM search_index
                        WHERE search_index MATCH ? AND rowid = (SELECT rowid FROM search_row WHERE document_id = ? AND page_number = ?)
                        """, arguments: [query.fts5, hit.documentID.rawValue, page])
                }
                XCTAssertEqual(hit.snippet, SearchText.restore(fed ?? "-"), text)
                XCTAssertTrue(hit.snippet.unicodeScalars.contains(SearchHit.highlightStart), "\(text): \(hit.snippet)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 200)
    }

    static let searchTokenizer = "porter unicode61 " + OffsetTokenizer.arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")

    func testSnippetOffsetsComeFromTheSearchIndexsOwnTokenizerWithoutPorter() throws {
        let schema = try database.writer.read { db in try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'search_index'") }
        XCTAssertTrue(schema?.contains("tokenize = \"\(Self.searchTokenizer)\"") == true, schema ?? "no search_index")
    }

    func testTheIndexFollowsEveryChangeInTheSameTransaction() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        try addStaff("Asha Devi", in: sea)
        let document = try addDocument(title: "Contract", body: "notice period of one month", staff: ["Asha Devi"], in: sea)
        func count(_ query: String) throws -> Int { try database.search(try SearchQuery.parse(query), SearchFilter()).hits.count }
        XCTAssertEqual(try count("notice"), 1)
        var changes = DocumentChanges()
        changes.title = "Agreement"
        _ = try database.editDocument(document.document.id.rawValue, changes)
        XCTAssertEqual(try count("title:agreement"), 1)
        XCTAssertEqual(try count("title:contract"), 0)
        let pages = [PageText(number: 1, text: "first", source: .ocr), PageText(number: 2, text: "second", source: .ocr)]
        try database.replaceExtraction(of: document.document.id,
                                       with: OwnExtraction(ExtractedContent(status: .complete, pageCount: 2, pages: pages), thumbnail: nil))
        XCTAssertEqual(try count("notice"), 0)
        XCTAssertEqual(try database.search(try SearchQuery.parse("second"), SearchFilter()).hits.map(\.page), [2])
        _ = try database.removeDocument(document.document.id.rawValue)
        XCTAssertEqual(try count("first OR second OR agreement"), 0)
        let rows = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_row") }
        XCTAssertEqual(rows, 0)
    }
}

