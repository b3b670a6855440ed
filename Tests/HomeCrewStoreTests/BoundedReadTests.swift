import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

/// A request's budget stops SQLite where it is; names are looked for only where the person may look.
final class BoundedReadTests: XCTestCase {
    /// Counts to a hundred million: several seconds of SQLite's own work, whatever the machine.
    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM (SELECT x FROM c LIMIT 100000000)"

    func testASpentBudgetStopsAStatementUnderWayAndTheConnectionStaysUsable() throws {
        let database = try AppDatabase.empty()
        let started = ContinuousClock.now
        XCTAssertThrowsError(try WorkBudget.$current.withValue(WorkBudget(seconds: 0.2)) {
            try database.read { db in try Int.fetchOne(db, sql: Self.endless) }
        }) { XCTAssertEqual($0 as? WorkBudgetError, .exceeded(seconds: 0.2), "\($0)") }
        XCTAssertLessThan(started.duration(to: .now), .seconds(1), "stopped at its budget, not at the end of the count")
        // The handler is gone with the read: the next one, without a budget, runs whole.
        XCTAssertEqual(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT 1 UNION ALL SELECT 2)") }, 2)
    }

    func testWorkNobodyWaitsForStopsAtOnce() throws {
        let database = try AppDatabase.empty()
        let wanted = Flag(true)
        let budget = WorkBudget(seconds: 30, stillWanted: { wanted.value })
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { wanted.value = false }
        let started = ContinuousClock.now
        XCTAssertThrowsError(try WorkBudget.$current.withValue(budget) { try database.read { db in try Int.fetchOne(db, sql: Self.endless) } }) {
            XCTAssertEqual($0 as? WorkBudgetError, .abandoned)
        }
        XCTAssertLessThan(started.duration(to: .now), .seconds(1))
        XCTAssertThrowsError(try WorkBudget.$current.withValue(WorkBudget(seconds: 0)) { try database.householdSummaries() }) {
            XCTAssertEqual($0 as? WorkBudgetError, .exceeded(seconds: 0), "a budget spent before the read starts stops it before SQLite")
        }
    }

    func testAStaffMemberIsFoundOnlyWithinReach() throws {
        let database = try AppDatabase.empty()
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let hill = try database.addHousehold(Household(name: "Hill House")).household
        let aed = try Currency(code: "AED")
        func add(_ name: String, _ household: Household) throws -> StaffMember {
            try database.addStaff(StaffMember(householdID: household.id, legalName: name, startDate: CalendarDate(parsing: "2024-01-01")),
                                  salary: Money(1000, aed)).member
        }
        let asha = try add("Asha Devi", sea), ravi = try add("Ravi Kumar", hill)
        let seaSam = try add("Sam Joseph", sea), hillSam = try add("Sam Joseph", hill)
        let seaOnly = Reach(roles: [sea.id: .manager])
        XCTAssertEqual(try database.findStaff("asha", within: seaOnly).member.id, asha.id)
        for reference in ["Ravi Kumar", "ravi", ravi.id.rawValue, String(ravi.id.rawValue.prefix(4)), String(ravi.id.rawValue.prefix(6))] {
            XCTAssertThrowsError(try database.findStaff(reference, within: seaOnly), reference) {
                XCTAssertEqual(($0 as? StoreError)?.description, StoreError.noSuchStaff(reference).description, "the same answer as for nobody at all")
            }
        }
        XCTAssertEqual(try database.findStaff("Sam Joseph", within: seaOnly).member.id, seaSam.id, "no ambiguity with a household out of reach")
        XCTAssertThrowsError(try database.findStaff("Sam Joseph")) { XCTAssertEqual(($0 as? StoreError)?.category, .usage) }
        XCTAssertEqual(try database.findStaff(hillSam.id.rawValue).member.id, hillSam.id, "the vault's own user reaches everyone")

        let document = try XCTUnwrap(try Self.document(in: sea, database))
        XCTAssertThrowsError(try database.linkStaff(document, to: ["Ravi Kumar"], within: seaOnly)) {
            XCTAssertEqual(($0 as? StoreError)?.description, StoreError.noSuchStaff("Ravi Kumar").description)
        }
        XCTAssertThrowsError(try database.linkStaff(document, to: ["Ravi Kumar"])) {
            XCTAssertEqual(($0 as? StoreError)?.category, .invalidData, "with the whole vault in reach it says where Ravi works")
        }
    }

    /// A document row in the household (an object row with no file: the store's rules only).
    static func document(in household: Household, _ database: AppDatabase) throws -> String? {
        let hash = String(repeating: "ab", count: 32)
        let object = StoredObject(hash: hash, size: 4, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1))
        let draft = Document(householdID: household.id, objectHash: hash, kind: .contract, title: "Contract", originalName: "contract.pdf")
        return try database.addDocument(draft, object: object, pages: [], thumbnail: nil, staff: []).document.id.rawValue
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool
    init(_ value: Bool) { stored = value }
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
