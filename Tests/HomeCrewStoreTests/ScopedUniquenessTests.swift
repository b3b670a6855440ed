import Foundation
import GRDB
import HomeCrewCore
@testable import HomeCrewStore
import XCTest

/// Format 11: a document is unique per household and object, and a household name is unique only
/// within what the person adding or renaming it reaches, so no answer confirms another account's records.
final class ScopedUniquenessTests: XCTestCase {
    var database: AppDatabase!
    let hash = "$argon2id$v=19$m=19456,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g"

    override func setUpWithError() throws { database = try AppDatabase.empty() }

    func testTheSameObjectIsADocumentOfEachHouseholdThatFiledItAndEachIsFoundBySearch() throws {
        let sea = try database.addHousehold(Household(name: "Sea View")).household
        let hill = try database.addHousehold(Household(name: "Hill House")).household
        let sha = String(repeating: "cd", count: 32)
        let object = StoredObject(hash: sha, size: 10, mediaType: .pdf, content: ExtractedContent(status: .complete, pageCount: 1))
        let pages = [PageText(number: 1, text: "the gardener's lease", source: .pdfText)]
        let first = try database.addDocument(Document(householdID: sea.id, objectHash: sha, kind: .contract, title: "Sea lease", originalName: "a.pdf"),
                                             object: object, pages: pages, thumbnail: nil, staff: [])
        let second = try database.addDocument(Document(householdID: hill.id, objectHash: sha, kind: .other, title: "Hill copy", originalName: "b.pdf"),
                                              object: object, pages: pages, thumbnail: nil, staff: [])
        XCTAssertNotEqual(first.document.id, second.document.id)
        XCTAssertEqual(try database.document(holding: sha, in: hill.id)?.id, second.document.id)
        XCTAssertEqual(try database.document(holding: sha, in: sea.id)?.id, first.document.id)
        XCTAssertNil(try database.document(holding: sha, in: RecordID(rawValue: "zzzzzzzzzzzz")))
        // A second document of the same bytes in one household is still refused by SQLite.
        XCTAssertThrowsError(try database.addDocument(Document(householdID: hill.id, objectHash: sha, kind: .other, title: "Again", originalName: "c.pdf"),
                                                      object: object, pages: pages, thumbnail: nil, staff: []))
        // Each household's search finds its own document by the shared page text; nobody else's.
        let inHill = try database.search(try SearchQuery.parse("gardener"), SearchFilter(within: Reach(roles: [hill.id: .viewer]))).hits
        XCTAssertEqual(inHill.map(\.title), ["Hill copy"])
        let everywhere = try database.search(try SearchQuery.parse("gardener"), SearchFilter()).hits
        XCTAssertEqual(Set(everywhere.map(\.title)), ["Sea lease", "Hill copy"])
        // Removing one household's document keeps the object for the other.
        _ = try database.removeDocument(first.document.id.rawValue)
        XCTAssertEqual(try database.referencedObjectHashes(), [sha])
        XCTAssertEqual(try database.search(try SearchQuery.parse("gardener"), SearchFilter()).hits.map(\.title), ["Hill copy"])
    }

    func testAHouseholdNameIsUniqueOnlyWithinTheReachOfWhoNamesIt() throws {
        let olga = try database.addAccount(name: "olga", passwordHash: hash)
        let otto = try database.addAccount(name: "otto", passwordHash: hash)
        let seaOfOlga = try database.addHousehold(Household(name: "Sea View"), owner: olga).household
        // Another account may choose the same name: it is not told that the name exists elsewhere.
        let seaOfOtto = try database.addHousehold(Household(name: "sea view"), owner: otto).household
        XCTAssertThrowsError(try database.addHousehold(Household(name: "SEA VIEW"), owner: olga)) { error in
            XCTAssertEqual("\(error)", "a household named 'SEA VIEW' already exists (names are compared ignoring case)")
        }
        // Renaming is compared with the renamer's households only.
        let hill = try database.addHousehold(Household(name: "Hill House"), owner: otto).household
        XCTAssertThrowsError(try database.editHousehold(named: hill.id.rawValue, HouseholdChanges(name: "Sea View"),
                                                        within: Reach(roles: [hill.id: .owner, seaOfOtto.id: .owner])))
        XCTAssertEqual(try database.editHousehold(named: seaOfOlga.id.rawValue, HouseholdChanges(notes: "by the sea"),
                                                  within: Reach(roles: [seaOfOlga.id: .owner])).notes, "by the sea")
        // The vault's own user reaches both: the name alone is ambiguous, the id is not.
        XCTAssertThrowsError(try database.chooseHousehold("Sea View")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("2 households are named 'Sea View' (ids "), text)
            XCTAssertTrue(text.contains(seaOfOlga.id.rawValue) && text.contains(seaOfOtto.id.rawValue), text)
            XCTAssertTrue(text.contains("name one by its id"), text)
        }
        XCTAssertEqual(try database.chooseHousehold(seaOfOtto.id.rawValue).household.id, seaOfOtto.id)
        XCTAssertEqual(try database.householdSummary(named: seaOfOlga.id.rawValue).household.id, seaOfOlga.id)
        // The vault's own user adding a household compares with every one.
        XCTAssertThrowsError(try database.addHousehold(Household(name: "Hill House")))
    }
}
