import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore
import HomeCrewTestSupport

/// The one document query `doc list` and the Documents page share, against the same filter worked
/// out in Swift over every document: seeded random documents and random filters, every order, pages.
final class DocumentListingTests: XCTestCase {
    var database: AppDatabase!
    let today = try! CalendarDate(parsing: "2026-11-22")

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
    }

    struct Records {
        var households: [Household] = []
        var staff: [StaffMember] = []
        var documents: [DocumentDetails] = []
    }

    func seed(_ random: inout Seeded) throws -> Records {
        var seeded = Records()
        for name in ["Sea View", "Hill House"] {
            let household = try database.addHousehold(Household(name: name)).household
            seeded.households.append(household)
            for person in ["Asha", "Ravi"] {
                seeded.staff.append(try database.addStaff(
                    StaffMember(householdID: household.id, legalName: "\(person) of \(name)", startDate: CalendarDate(parsing: "2024-01-15"),
                                annualLeave: LeaveDays(halfDays: 42)), salary: Money(25_000, Currency(code: "INR"))).member)
            }
        }
        let titles = ["passport", "Visa", "contract", "Ärztliches Attest", "zeugnis", "बीमा", "licence"]
        for index in 0..<60 {
            let household = seeded.households[Int.random(in: 0...1, using: &random)]
            let people = seeded.staff.filter { $0.householdID == household.id && Bool.random(using: &random) }
            let issued = Bool.random(using: &random) ? today.adding(daysClamped: -Int.random(in: 0...2000, using: &random)) : nil
            let expires = Int.random(in: 0...2, using: &random) > 0
                ? (issued ?? today).adding(daysClamped: Int.random(in: 0...1500, using: &random) - (issued == nil ? 400 : 0)) : nil
            let added = Date(timeIntervalSince1970: 1_750_000_000 + Double(Int.random(in: 0...20_000_000, using: &random)))
            let hash = String(format: "%064x", index + 1)
            let document = Document(householdID: household.id, objectHash: hash, kind: DocumentKind.allCases.randomElement(using: &random)!,
                                    title: "\(titles.randomElement(using: &random)!) \(index)", originalName: "x.pdf",
                                    issuedOn: issued, expiresOn: expires.map { max($0, issued ?? $0) }, addedAt: added)
            let object = StoredObject(hash: hash, size: 1, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1))
            seeded.documents.append(try database.addDocument(document, object: object, pages: [], thumbnail: nil,
                                                              staff: people.map(\.id.rawValue)))
        }
        return seeded
    }

    /// The filter worked out by hand: which documents, in which order.
    func expected(_ filter: DocumentFilter, _ all: [DocumentDetails]) -> [RecordID] {
        let listing = filter.listing
        let kept = all.filter { details in
            let document = details.document
            if let household = filter.householdID, document.householdID != household { return false }
            if let visible = filter.reach.households(), !visible.contains(document.householdID) { return false }
            if let staff = filter.staffID, !details.staff.contains(where: { $0.id == staff }) { return false }
            if let kind = listing.kind, document.kind != kind { return false }
            if let window = listing.expiry {
                guard let expires = document.expiresOn else { return false }
                switch window {
                case .expired: if expires >= today { return false }
                case .within(let days): if today.days(until: expires) > days { return false }
                }
            }
            if !listing.issued.isOpen { guard let issued = document.issuedOn, listing.issued.contains(issued) else { return false } }
            let addedDay = try! CalendarDate(parsing: String(document.addedAt.ISO8601Format().prefix(10)))
            return listing.added.contains(addedDay)
        }
        func newestFirst(_ a: Document, _ b: Document) -> Bool { a.addedAt != b.addedAt ? a.addedAt > b.addedAt : a.id.rawValue < b.id.rawValue }
        let sorted = kept.map(\.document).sorted { a, b in
            switch listing.order {
            case .added: return newestFirst(a, b)
            case .issued:
                if (a.issuedOn == nil) != (b.issuedOn == nil) { return a.issuedOn != nil }
                return a.issuedOn != b.issuedOn ? a.issuedOn! > b.issuedOn! : newestFirst(a, b)
            case .expires:
                if (a.expiresOn == nil) != (b.expiresOn == nil) { return a.expiresOn != nil }
                return a.expiresOn != b.expiresOn ? a.expiresOn! < b.expiresOn! : newestFirst(a, b)
            case .title:
                let order = a.title.localizedCaseInsensitiveCompare(b.title)
                return order != .orderedSame ? order == .orderedAscending : a.id.rawValue < b.id.rawValue
            }
        }
        return sorted.map(\.id)
    }

    func testTheSharedQueryKeepsAndOrdersWhatTheFilterSays() throws {
        var random = Seeded(state: 2026_11_25)
        let seeded = try seed(&random)
        var nonEmpty = 0
        for round in 0..<400 {
            var filter = DocumentFilter(asOf: today)
            if Bool.random(using: &random) { filter.householdID = seeded.households.randomElement(using: &random)!.id }
            if Int.random(in: 0...3, using: &random) == 0 { filter.staffID = seeded.staff.randomElement(using: &random)!.id }
            if Int.random(in: 0...3, using: &random) == 0 { filter.reach = Reach(roles: [seeded.households[1].id: .viewer]) }
            func day(_ range: ClosedRange<Int>) -> CalendarDate? {
                Bool.random(using: &random) ? today.adding(daysClamped: Int.random(in: range, using: &random)) : nil
            }
            let expiry: ExpiryWindow? = [nil, .expired, .within(days: Int.random(in: 0...400, using: &random))].randomElement(using: &random)!
            let addedFrom = day(-300...0), issuedFrom = day(-2000...0)
            filter.listing = DocumentListing(
                kind: Bool.random(using: &random) ? DocumentKind.allCases.randomElement(using: &random) : nil, expiry: expiry,
                added: try DaySpan(from: addedFrom, to: day(-100...0).map { max($0, addedFrom ?? $0) }, field: "added"),
                issued: try DaySpan(from: issuedFrom, to: day(-1000...0).map { max($0, issuedFrom ?? $0) }, field: "issued"),
                order: DocumentOrder.allCases.randomElement(using: &random))
            let want = expected(filter, seeded.documents)
            XCTAssertEqual(try database.documentListing(filter).map(\.document.id), want, "round \(round): \(filter.listing)")
            XCTAssertEqual(try database.documentCount(filter), want.count, "round \(round)")
            if want.count > 3 {
                nonEmpty += 1
                filter.limit = 2
                filter.offset = 1
                XCTAssertEqual(try database.documentListing(filter).map(\.document.id), Array(want[1...2]), "round \(round): a page")
            }
        }
        XCTAssertGreaterThan(nonEmpty, 40, "enough filters kept several documents to compare orders and pages")
    }

    func testDocumentsChangedTogetherChangeAllOrNone() throws {
        var random = Seeded(state: 7)
        let seeded = try seed(&random)
        let sea = seeded.households[0]
        let mine = seeded.documents.filter { $0.document.householdID == sea.id }.prefix(4).map(\.document.id)
        let asha = seeded.staff.first { $0.householdID == sea.id }!
        var changes = DocumentChanges()
        changes.kind = .visa
        try database.changeDocuments(mine, ofHousehold: sea.id, changes, linking: [asha.id.rawValue], within: .everything)
        for id in mine {
            let details = try database.findDocument(id.rawValue)
            XCTAssertEqual(details.document.kind, .visa)
            XCTAssertTrue(details.staff.contains { $0.id == asha.id })
        }
        // One of them issued after the new expiry date: nothing changes.
        let issued = try XCTUnwrap(seeded.documents.first { $0.document.householdID == sea.id && $0.document.issuedOn != nil }?.document)
        let before = try database.documentListing(DocumentFilter()).map(\.document)
        var early = DocumentChanges()
        early.expiresOn = issued.issuedOn!.adding(daysClamped: -1)
        XCTAssertThrowsError(try database.changeDocuments(mine + [issued.id], ofHousehold: sea.id, early, within: .everything)) { error in
            XCTAssertTrue("\(error)".contains("is before the issue date"), "\(error)")
        }
        // Another household's document, or a household out of reach: not found, nothing changes.
        let hill = try XCTUnwrap(seeded.documents.first { $0.document.householdID != sea.id }?.document)
        XCTAssertThrowsError(try database.changeDocuments(mine + [hill.id], ofHousehold: sea.id, changes, within: .everything)) { error in
            XCTAssertEqual((error as? any HomeCrewError)?.category, .notFound)
        }
        XCTAssertThrowsError(try database.changeDocuments(mine, ofHousehold: sea.id, changes,
                                                          within: Reach(roles: [seeded.households[1].id: .owner])))
        XCTAssertEqual(try database.documentListing(DocumentFilter()).map(\.document), before)
    }

    func testListingOptionsAreCheckedOnceForBothFrontEnds() throws {
        XCTAssertEqual(try ExpiryWindow.parse(" expired "), .expired)
        XCTAssertEqual(try ExpiryWindow.parse("30"), .within(days: 30))
        XCTAssertThrowsError(try ExpiryWindow.parse("-5")) { XCTAssertEqual("\($0)", "'-5' is not an expiry window; give 'expired' or a whole number of days from 0 to 3660") }
        XCTAssertThrowsError(try ExpiryWindow.parse("soon"))
        XCTAssertThrowsError(try DaySpan(from: CalendarDate(parsing: "2026-02-01"), to: CalendarDate(parsing: "2026-01-31"), field: "added")) {
            XCTAssertEqual("\($0)", "the added dates run backwards: 2026-02-01 is after 2026-01-31")
        }
        XCTAssertEqual(try DocumentOrder.parse("Title"), .title)
        XCTAssertThrowsError(try DocumentOrder.parse("size"))
        XCTAssertEqual(try DocumentListing.kind("PASSPORT"), .passport)
        XCTAssertEqual(DocumentListing(expiry: .expired).order, .expires, "what expires is listed soonest first")
        XCTAssertEqual(DocumentListing().order, .added)
    }
}
