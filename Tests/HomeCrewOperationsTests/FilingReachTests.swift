import Foundation
import HomeCrewCore
import HomeCrewOperations
import GRDB
@testable import HomeCrewStore
import HomeCrewVault
import XCTest

/// One filing path with one reach rule: bytes another household holds are filed anew as the
/// uploader's own document, and a payment is recorded with its receipt or not at all.
final class FilingReachTests: XCTestCase {
    var folder: URL!
    var database: AppDatabase!
    var ingestor: DocumentIngestor!
    var sea: Household!
    var hill: Household!
    var maria: StaffMember!
    var ravi: StaffMember!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("filing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("vault"), withIntermediateDirectories: true)
        database = try AppDatabase.empty()
        sea = try database.addHousehold(Household(name: "Sea View")).household
        hill = try database.addHousehold(Household(name: "Hill House")).household
        let start = try CalendarDate(parsing: "2024-01-10")
        maria = try database.addStaff(StaffMember(householdID: sea.id, legalName: "Maria Fernandes", startDate: start),
                                      salary: Money(parsing: "30000", currency: Currency(code: "INR"))).member
        ravi = try database.addStaff(StaffMember(householdID: hill.id, legalName: "Ravi Kumar", startDate: start),
                                     salary: Money(parsing: "2000", currency: Currency(code: "AED"))).member
        ingestor = DocumentIngestor(database: database, objects: ObjectStore(vaultDirectory: folder.appendingPathComponent("vault").path),
                                    extractor: IsolatedExtractor(executable: "/nonexistent/homecrew-extract"))
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: folder) }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A viewer of Sea View who manages Hill House files Sea View's file as Hill House's: it becomes
    /// Hill House's own document; Sea View's title is never told and nothing of Sea View is linked.
    func testBytesAnotherHouseholdHoldsAreFiledAnewAsTheUploadersOwnDocument() throws {
        let secret = try file("lease.bin", "the lease of Sea View")
        let first = IngestRequest(household: sea, staff: [maria.id.rawValue], kind: .contract, title: "Sea View's secret lease", allowOther: true)
        guard case .added(let original) = ingestor.ingest(secret, first) else { return XCTFail("Sea View files its lease") }
        let copy = try file("copy.bin", "the lease of Sea View")
        var upload = IngestRequest(household: hill, staff: [ravi.id.rawValue], kind: .other, allowOther: true)
        upload.reach = Reach(roles: [sea.id: .viewer, hill.id: .manager])
        guard case .added(let own) = ingestor.ingest(copy, upload) else {
            return XCTFail("the copy is a new document of Hill House, not 'already present' as Sea View's")
        }
        XCTAssertEqual(own.document.householdID, hill.id)
        XCTAssertNotEqual(own.document.id, original.document.id)
        XCTAssertEqual(own.document.title, "copy", "its own title, from its own name")
        XCTAssertEqual(own.object.hash, original.object.hash, "the stored object is shared")
        XCTAssertEqual(own.staff.map(\.id), [ravi.id])
        XCTAssertEqual(try database.findDocument(original.document.id.rawValue).staff.map(\.id), [maria.id], "nothing linked to Sea View's document")
        // The same bytes again in Hill House are Hill House's own document, already present.
        guard case .alreadyPresent(let again, _) = ingestor.ingest(copy, upload) else { return XCTFail("already present in Hill House") }
        XCTAssertEqual(again.id, own.document.id)
    }

    /// A payment with a receipt is one write: when the receipt cannot be filed, the payment is not kept
    /// either (the vault's lock is made a folder, so that storing any object fails).
    func testAPaymentWhoseReceiptCannotBeFiledIsNotRecorded() throws {
        let recorder = PaymentRecorder(database: database, ingestor: ingestor)
        let request = PaymentRequest(staff: maria.id.rawValue, amount: "20000", paidOn: try CalendarDate(parsing: "2024-02-01"),
                                     method: .cash, months: [try YearMonth(parsing: "2024-01")])
        let lock = folder.appendingPathComponent("vault/lock")
        try? FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)
        XCTAssertThrowsError(try recorder.record(request, files: [], receipt: true))
        XCTAssertEqual(try database.paymentListing(staff: nil, householdID: nil).count, 0, "no payment without its receipt")
        try FileManager.default.removeItem(at: lock)
        let entry = try recorder.record(request, files: [], receipt: true)
        XCTAssertEqual(entry.proof.count, 1, "recorded with its receipt")
        XCTAssertEqual(entry.proof.first?.title, "Receipt to sign 2024-02-01 Maria Fernandes")
        XCTAssertEqual(try database.paymentListing(staff: nil, householdID: nil).count, 1)
    }

    func documents() throws -> Int { try database.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM document") ?? 0 } }

    /// A settlement's statement and its entries are one write: when recording the entries fails after
    /// the statement was read (a trigger refuses their proof, as a kill between the two would leave
    /// it), neither the statement nor any entry is kept. Confirmed again, both are there together.
    func testASettlementWhoseEntriesFailKeepsNoStatement() throws {
        let request = SettlementRequest(staff: maria.id.rawValue, leaving: try CalendarDate(parsing: "2024-03-31"), reason: .termination,
                                        rules: "in-contract")
        let payout = Settling.Payout(paidOn: try CalendarDate(parsing: "2024-03-31"), method: .cash)
        try database.writer.write { db in
            try db.execute(sql: "CREATE TRIGGER killed BEFORE INSERT ON payment_proof BEGIN SELECT RAISE(ABORT, 'killed'); END")
        }
        XCTAssertThrowsError(try Settling.confirm(request, payout, database, ingestor))
        XCTAssertEqual(try documents(), 0, "no statement without the settlement")
        XCTAssertEqual(try database.paymentListing(staff: nil, householdID: nil).count, 0, "no entry without the statement")
        XCTAssertNil(try database.findStaff(maria.id.rawValue).member.leavingDate, "the leaving date is not kept either")
        try database.writer.write { db in try db.execute(sql: "DROP TRIGGER killed") }
        let recorded = try Settling.confirm(request, payout, database, ingestor)
        XCTAssertEqual(try documents(), 1)
        XCTAssertEqual(recorded.entries.last?.proof.map(\.id.rawValue), [recorded.statement], "the statement is the entries' proof")
        XCTAssertEqual(recorded.entries.last?.proof.first?.title, "Final settlement 2024-03-31 Maria Fernandes")
    }

    /// Settled again after its entries were reversed, a settlement draws the same statement, which
    /// the household already holds: it is linked to the person in the same transaction as the
    /// entries, so a settlement refused there leaves no link behind.
    func testASettlementRefusedAfterItsStatementWasFoundLinksNothing() throws {
        let request = SettlementRequest(staff: maria.id.rawValue, leaving: try CalendarDate(parsing: "2024-03-31"), reason: .termination,
                                        rules: "in-contract")
        let payout = Settling.Payout(paidOn: try CalendarDate(parsing: "2024-03-31"), method: .cash)
        let first = try Settling.confirm(request, payout, database, ingestor)
        for entry in first.entries {
            _ = try database.reversePayment(entry.payment.id.rawValue, on: try CalendarDate(parsing: "2024-04-01"), note: "wrong date")
        }
        _ = try database.unlinkStaff(first.statement, from: maria.id.rawValue)
        func linked() throws -> Bool { try database.findDocument(first.statement).staff.map(\.id).contains(maria.id) }
        XCTAssertFalse(try linked())
        try database.writer.write { db in
            try db.execute(sql: "CREATE TRIGGER killed BEFORE INSERT ON payment_proof BEGIN SELECT RAISE(ABORT, 'killed'); END")
        }
        XCTAssertThrowsError(try Settling.confirm(request, payout, database, ingestor))
        XCTAssertFalse(try linked(), "the refused settlement linked its statement to her")
        try database.writer.write { db in try db.execute(sql: "DROP TRIGGER killed") }
        let again = try Settling.confirm(request, payout, database, ingestor)
        XCTAssertEqual(again.statement, first.statement, "the same statement, the household's document")
        XCTAssertTrue(try linked())
        XCTAssertEqual(try documents(), 1)
    }

    /// Filing bytes that only a household out of the uploader's reach holds takes as long as
    /// filing new bytes: they are read again (and the reading thrown away), so the answer's speed
    /// does not tell that the vault holds them. Bytes within reach are not read twice.
    func testBytesHeldOutOfReachAreReadAgainSoTheirFilingTakesAsLong() throws {
        let marks = folder.appendingPathComponent("extractions").path
        let worker = folder.appendingPathComponent("count-extractions").path
        try "#!/bin/sh\necho read >> '\(marks)'\nexit 1\n".write(toFile: worker, atomically: true, encoding: .utf8)
        chmod(worker, 0o755)
        let counting = DocumentIngestor(database: database, objects: ObjectStore(vaultDirectory: folder.appendingPathComponent("vault").path),
                                        extractor: IsolatedExtractor(executable: worker))
        func reads() -> Int { ((try? String(contentsOfFile: marks, encoding: .utf8)) ?? "").split(separator: "\n").count }
        let payslip = try file("payslip.pdf", "%PDF-1.4 Sea View's payslip")
        guard case .added = counting.ingest(payslip, IngestRequest(household: sea, staff: [], kind: .payslip, allowOther: true)) else {
            return XCTFail("Sea View files its payslip")
        }
        XCTAssertEqual(reads(), 1)
        var stranger = IngestRequest(household: hill, staff: [], kind: .other, allowOther: true)
        stranger.reach = Reach(roles: [hill.id: .manager])
        guard case .added = counting.ingest(try file("guess.pdf", "%PDF-1.4 Sea View's payslip"), stranger) else {
            return XCTFail("Hill House files the same bytes as its own")
        }
        XCTAssertEqual(reads(), 2, "read again for someone who cannot see Sea View")
        var member = IngestRequest(household: hill, staff: [], kind: .other, allowOther: true)
        member.reach = Reach(roles: [sea.id: .viewer, hill.id: .manager])
        _ = try database.removeDocument(try XCTUnwrap(database.document(holding: try ObjectStore.hash(fileAt: payslip), in: hill.id)).id.rawValue)
        guard case .added = counting.ingest(try file("again.pdf", "%PDF-1.4 Sea View's payslip"), member) else {
            return XCTFail("filed again by someone who sees Sea View")
        }
        XCTAssertEqual(reads(), 2, "not read again for someone who sees the household holding it")
    }
}
