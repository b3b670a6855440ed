import Foundation
import GRDB
import GRDBSQLite
import HomeCrewTestSupport
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

/// Openings and payments are never deleted: a member who reverses them and makes them again
/// thousands of times leaves thousands of rows behind what stands (#52). The reads of the home,
/// household and staff pages run the same statements, through indexes, however many lie behind;
/// the openings that stand cost the same SQLite work.
final class ReversalChurnTests: XCTestCase {
    static let pairs = 5_000
    /// Advances given to Maria, each one's payment reversed (`advance add`, then `pay reverse`).
    static let advancePairs = 10_000
    let today = try! CalendarDate(parsing: "2026-11-22")

    struct Vault {
        let database: AppDatabase
        let household: Household
        let maria: StaffMember
        let asha: StaffMember
    }

    /// Sea View: Maria, paid for October (a payment that stands), with an advance; Asha, whose own
    /// ledger is opened after 2024-12; the household's ledger opened after 2021-12.
    func makeVault() throws -> Vault {
        let database = try AppDatabase.empty()
        let household = try database.addHousehold(Household(name: "Sea View")).household
        let inr = try Currency(code: "INR")
        func add(_ name: String, _ start: String) throws -> StaffMember {
            try database.addStaff(StaffMember(householdID: household.id, legalName: name, startDate: CalendarDate(parsing: start),
                                              annualLeave: LeaveDays(halfDays: 42)), salary: Money(parsing: "30000", currency: inr)).member
        }
        let maria = try add("Maria Fernandes", "2022-01-10"), asha = try add("Asha Devi", "2023-05-01")
        _ = try database.openLedger(householdID: household.id, staff: nil, settledThrough: YearMonth(parsing: "2025-12"), today: today, note: nil)
        _ = try database.openLedger(householdID: household.id, staff: asha.id.rawValue, settledThrough: YearMonth(parsing: "2026-01"),
                                    today: today, note: nil)
        _ = try database.recordPayment(PaymentRequest(staff: maria.id.rawValue, amount: "30000", paidOn: CalendarDate(parsing: "2026-11-01"),
                                                      method: .cash, months: [YearMonth(parsing: "2026-10")]))
        _ = try database.addAdvance(AdvanceRequest(staff: maria.id.rawValue, amount: "5000", givenOn: CalendarDate(parsing: "2026-09-01"),
                                                   repay: .instalments(5)))
        return Vault(database: database, household: household, maria: maria, asha: asha)
    }

    /// `pairs` openings of the household's ledger and of Maria's own, each reversed, `pairs`
    /// payments of November's pay to Maria, each reversed, and `advancePairs` advances to Maria,
    /// each one's payment reversed: one transaction of set-wise inserts.
    func churn(_ vault: Vault) throws {
        let household = vault.household.id.rawValue, maria = vault.maria.id.rawValue
        try vault.database.writer.write { db in
            // The household's standing opening is reversed first, so that the churn opens it again.
            try db.execute(sql: """
                INSERT INTO ledger_opening (id, household_id, staff_id, settled_through, recorded_on, reverses, created_at)
                SELECT 'ffff00000001', household_id, NULL, settled_through, recorded_on, id, created_at FROM ledger_opening
                WHERE household_id = ? AND staff_id IS NULL
                """, arguments: [household])
            try db.execute(sql: Churn.openings(pairs: Self.pairs, household: household, staff: nil, settledThrough: "2021-12"))
            try db.execute(sql: Churn.openings(pairs: Self.pairs, household: household, staff: maria, settledThrough: "2022-06",
                                               base: Churn.openingBase + 0x1000_0000))
            for sql in Churn.payments(pairs: Self.pairs, staff: maria, paidOn: "2026-11-20", month: "2026-11", amount: "30000.00", currency: "INR")
                + Churn.advances(pairs: Self.advancePairs, staff: maria, givenOn: "2026-11-20", firstMonth: "2026-12", amount: "1000.00", currency: "INR") {
                try db.execute(sql: sql)
            }
        }
        // The household's ledger opened once more after the churn, as a manager would.
        _ = try vault.database.openLedger(householdID: vault.household.id, staff: nil, settledThrough: YearMonth(parsing: "2025-12"),
                                          today: today, note: nil)
    }

    /// What the home, household and staff pages ask the store for Maria's household: what stands,
    /// and how many entries Maria's payments list holds.
    func pageReads(_ vault: Vault) throws -> (standing: String, payments: Int) {
        let database = vault.database, month = YearMonth(today)
        let openings = try database.standingOpenings(householdID: vault.household.id)
        let owed = try database.owedPage(.yearToDate(today), householdID: vault.household.id, PageRequest(page: 1, size: 50))
        let payments = try database.paymentPage(staff: vault.maria.id, PageRequest(page: 1, size: 50))
        let advances = try database.advanceListing(staff: vault.maria.id.rawValue, householdID: nil, through: month)
        let payroll = try database.payroll(Period(range: DateRange(month.previous.previous.first, month.last), label: "three months"),
                                           householdID: nil, staffID: vault.maria.id)
        let offer = try database.mayOfferOpening(householdID: vault.household.id)
        let settled = try database.isSettled(vault.maria)
        let ledgers: [String] = openings.map { "\($0.scope) \($0.opening.settledThrough)" }.sorted()
        let owedPaid: [String] = owed.report.rows.map { "\($0.member.legalName) \($0.paid) of \($0.due), settled \($0.settledMonths)" }
        let left: [String] = advances.map { $0.statement.left.description }
        let paid: [String] = payroll.entries.map(\.paymentSummary)
        let standing = "\(ledgers) owed \(owedPaid) advances \(left) payroll \(paid) \(offer) \(settled)"
        XCTAssertEqual(payments.rows.count, min(50, payments.total))
        return (standing, payments.total)
    }

    /// What the pages ask to work out what is owed and paid (no list of every entry: its count reads them all).
    func owedReads(_ vault: Vault) throws -> String {
        let database = vault.database, month = YearMonth(today)
        let owed = try database.owedPage(.yearToDate(today), householdID: vault.household.id, PageRequest(page: 1, size: 50))
        let payroll = try database.payroll(Period(range: DateRange(month.previous.previous.first, month.last), label: "three months"),
                                           householdID: nil, staffID: vault.maria.id)
        let advances = try database.advanceListing(staff: vault.maria.id.rawValue, householdID: nil, through: month)
        return "\(owed.report.rows.map { "\($0.paid) of \($0.due)" }) \(payroll.entries.map(\.paymentSummary)) "
            + "\(advances.map { $0.statement.left.description }) \(try database.mayOfferOpening(householdID: vault.household.id))"
    }

    func testThePagesReadsRunTheSameStatementsThroughIndexesWhateverChurnLiesBehind() throws {
        let vault = try makeVault()
        _ = try pageReads(vault)
        let (calm, calmStatements) = try Self.traced(vault.database) { try pageReads(vault) }
        try churn(vault)
        _ = try pageReads(vault)
        let (churned, churnedStatements) = try Self.traced(vault.database) { try pageReads(vault) }
        XCTAssertEqual(churnedStatements.count, calmStatements.count, "no statement per row: \(churnedStatements.count) after the churn")
        XCTAssertEqual(churned.standing, calm.standing, "what stands is what stood before the churn")
        XCTAssertEqual(churned.payments, calm.payments + 2 * Self.pairs + 2 * Self.advancePairs,
                       "the payments list holds every entry, a page of them shown")
        let plans = try Self.walkingPlans(churnedStatements, vault.database)
        XCTAssertEqual(plans, [], "no statement walks every entry or every reversal")
    }

    func testWhatStandsCostsTheSameWorkWhateverChurnLiesBehind() throws {
        let vault = try makeVault()
        let (before, calmSteps) = try Self.steps(vault.database) { try vault.database.standingOpenings(householdID: vault.household.id) }
        let (calmOwed, calmOwedSteps) = try Self.steps(vault.database) { try owedReads(vault) }
        try churn(vault)
        let (after, churnedSteps) = try Self.steps(vault.database) { try vault.database.standingOpenings(householdID: vault.household.id) }
        let (churnedOwed, churnedOwedSteps) = try Self.steps(vault.database) { try owedReads(vault) }
        // What is owed and paid is read from the payments that stand, not from the 10,000 entries of the churn.
        XCTAssertEqual(churnedOwed, calmOwed)
        XCTAssertLessThan(churnedOwedSteps, 2 * calmOwedSteps, "SQLite's steps: \(calmOwedSteps) before the churn, \(churnedOwedSteps) after")
        XCTAssertEqual(Set(after.map(\.scope)), Set(before.map(\.scope)))
        XCTAssertEqual(after.map(\.opening.settledThrough.description), ["2026-01", "2025-12"], "Asha's own, then the household's made again")
        // The old read went through every opening of the household and its reversal: 20,000 rows.
        XCTAssertLessThan(churnedSteps, 2 * calmSteps, "SQLite's steps: \(calmSteps) before the churn, \(churnedSteps) after")
        // The same as every opening read and sifted.
        let sifted = try vault.database.openings(householdID: vault.household.id).filter { $0.reversedBy == nil && !$0.opening.isReversal }
        XCTAssertEqual(after.map(\.opening.id), sifted.map(\.opening.id))
        XCTAssertEqual(sifted.count, 2)
        // The rule of one standing opening per ledger holds after the churn, and costs as little.
        XCTAssertThrowsError(try vault.database.openLedger(householdID: vault.household.id, staff: nil, settledThrough: YearMonth(parsing: "2025-11"),
                                                           today: today, note: nil)) {
            XCTAssertTrue("\($0)".contains("already"), "\($0)")
        }
        XCTAssertThrowsError(try vault.database.writer.write { db in
            try db.execute(sql: Churn.openings(pairs: 1, household: vault.household.id.rawValue, staff: vault.asha.id.rawValue,
                                               settledThrough: "2024-01", base: 0x8_0000_0000))
        }) { XCTAssertTrue("\($0)".contains("a ledger has one opening"), "\($0)") }
        let maria = try vault.database.openLedger(householdID: vault.household.id, staff: vault.maria.id.rawValue,
                                                  settledThrough: YearMonth(parsing: "2022-03"), today: today, note: nil)
        XCTAssertEqual(try vault.database.standingOpenings(householdID: vault.household.id).map(\.opening.id).last, maria.opening.id,
                       "Maria's own ledger, reversed 5,000 times, opens again")
    }

    /// Advances given and reversed 10,000 times: the pages list the one that stands, `advance list
    /// --reversed` every one, and a reversed one is not repaid.
    func testAdvancesGivenAndReversedThousandsOfTimesLeaveTheOneThatStands() throws {
        let vault = try makeVault()
        try churn(vault)
        let database = vault.database, maria = vault.maria.id.rawValue, month = YearMonth(today)
        let standing = try database.advanceListing(staff: maria, householdID: nil, through: month)
        XCTAssertEqual(standing.map(\.statement.advance.amount.description), ["5000.00 INR"])
        XCTAssertEqual(standing.map(\.reversed), [false])
        let every = try database.advanceListing(staff: maria, householdID: nil, through: month, includingReversed: true)
        XCTAssertEqual(every.count, 1 + Self.advancePairs)
        XCTAssertEqual(every.filter(\.reversed).count, Self.advancePairs)
        let reversed = Churn.id(Churn.advanceBase, 17)
        XCTAssertThrowsError(try database.repayAdvance(reversed, amount: "10", on: today, method: .cash)) {
            XCTAssertEqual("\($0)", "\(PaymentViolation.advanceReversed(RecordID(rawValue: reversed).short))")
        }
        let advance = try XCTUnwrap(standing.first).statement.advance
        _ = try database.repayAdvance(advance.id.rawValue, amount: "10", on: today, method: .cash)
        XCTAssertEqual(try database.advanceListing(staff: maria, householdID: nil, through: month).map(\.statement.repayments.count), [1])
    }

    // MARK: Measuring

    /// The statements `work` runs (their SQL, arguments unexpanded), on the vault's one connection.
    static func traced<T>(_ database: AppDatabase, _ work: () throws -> T) throws -> (T, [String]) {
        let log = Log()
        database.writer.writeWithoutTransaction { db in
            db.trace { event in if case .statement(let statement) = event { log.append(statement.sql) } }
        }
        defer { database.writer.writeWithoutTransaction { db in db.trace(nil) } }
        return (try work(), log.lines)
    }

    /// SQLite's virtual-machine steps while `work` runs (its progress handler called at each).
    static func steps<T>(_ database: AppDatabase, _ work: () throws -> T) throws -> (T, Int) {
        let counter = Log()
        database.writer.writeWithoutTransaction { db in
            sqlite3_progress_handler(db.sqliteConnection, 1, { context in
                context.map { Unmanaged<Log>.fromOpaque($0).takeUnretainedValue().step() }
                return 0
            }, Unmanaged.passUnretained(counter).toOpaque())
        }
        defer { database.writer.writeWithoutTransaction { db in sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) } }
        let result = try withExtendedLifetime(counter) { try work() }
        return (result, counter.steps)
    }

    /// The lines of the statements' query plans that walk a table of entries whole, or list every
    /// reversal of the vault (`id IN (SELECT reverses …)`), or, asked for entries that are not
    /// reversals, walk every one of them in the vault (through the index of `reverses`, for NULL).
    static func walkingPlans(_ statements: [String], _ database: AppDatabase) throws -> [String] {
        let tables = ["payment", "payment_month", "payment_standing", "ledger_opening", "advance"]
        return try database.writer.read { db in
            try Set(statements).filter { $0.hasPrefix("SELECT") || $0.hasPrefix("WITH") }.flatMap { sql in
                let explain = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
                // Every argument NULL: the plan does not depend on them.
                let count = Int(sqlite3_bind_parameter_count(explain.sqliteStatement))
                let plan = try Row.fetchAll(explain, arguments: StatementArguments(Array(repeating: DatabaseValue.null, count: count)))
                    .map { $0["detail"] as String }
                let asksForOriginals = sql.contains("reverses IS NULL") || sql.contains("reverses\" IS NULL")
                return plan.filter { line in
                    tables.contains { line == "SCAN \($0)" || line.hasPrefix("SCAN \($0) ") } || line.contains("(reverses>?)")
                        || (asksForOriginals && line.contains("(reverses=?)") && !line.contains("COVERING INDEX"))
                }.map { "\($0) in \(sql.prefix(300))" }
            }
        }
    }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        private var count = 0
        var lines: [String] { lock.withLock { stored } }
        var steps: Int { lock.withLock { count } }
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        func step() { lock.withLock { count += 1 } }
    }
}
