import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewOperations
@testable import HomeCrewStore

/// Joining by invitation makes the account, accepts and signs in in one transaction: an invitation
/// that is no longer pending (another join came first) leaves no account behind.
final class JoinByInvitationTests: XCTestCase {
    static let password = "lanterns by the river"
    var folder: URL!
    var database: AppDatabase!
    var keeper: AccountKeeper!
    var household: Household!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("join-\(UUID().uuidString)")
        // A vault on disk (a pool of connections), as the server has it: the joins below really race.
        database = try AppDatabase.open(VaultLocation(directory: folder.path), create: true)
        keeper = AccountKeeper(database: database)
        household = try AuditActor.$current.withValue("cli:owner") { try database.addHousehold(Household(name: "Sea View")).household }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func members() throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM household_member WHERE household_id = ?", arguments: [household.id]) ?? 0
        }
    }

    func testAJoinMakesTheAccountAMemberSignedInAndItsOwnAuthor() throws {
        let made = try database.invite(to: household.id, role: .viewer)
        let joined = try keeper.join(token: made.token, name: " dev ", password: Self.password, address: "192.0.2.7")
        XCTAssertEqual(joined.account.name, "dev")
        XCTAssertEqual(joined.invitation.state, .accepted)
        XCTAssertEqual(try database.reach(of: joined.account).roles, [household.id: .viewer])
        XCTAssertEqual(try database.openSession(token: joined.token)?.account.name, "dev", "signed in at once")
        XCTAssertTrue(try database.hasSignedIn(name: "dev", from: "192.0.2.7"), "the place is known, as after a sign-in")
        let trail = try database.history(.all).filter { ["account", "household_member"].contains($0.recordType) }
        XCTAssertEqual(trail.map(\.actor), ["dev", "dev"], "the new account is the author of its making and joining")
    }

    func testAJoinWithAUsedInvitationWritesNothing() throws {
        let made = try database.invite(to: household.id, role: .viewer)
        let asha = try keeper.add(name: "asha", password: "first secret phrase")
        try database.acceptInvitation(token: made.token, by: asha)
        let (accountsBefore, membersBefore) = (try database.accounts().count, try members())
        XCTAssertThrowsError(try keeper.join(token: made.token, name: "dev", password: Self.password, address: nil)) {
            XCTAssertEqual($0 as? SharingProblem, .invitationUsed)
        }
        XCTAssertEqual(try database.accounts().count, accountsBefore, "no account is left behind")
        XCTAssertEqual(try members(), membersBefore)
        XCTAssertThrowsError(try keeper.join(token: made.token, name: "asha", password: Self.password, address: nil)) {
            XCTAssertEqual($0 as? SharingProblem, .invitationUsed, "a used link is answered as used, whatever the name")
        }
    }

    func testATakenNameMakesNothingAndLeavesTheInvitationPending() throws {
        let made = try database.invite(to: household.id, role: .viewer)
        _ = try keeper.add(name: "asha", password: "first secret phrase")
        XCTAssertThrowsError(try keeper.join(token: made.token, name: "ASHA", password: Self.password, address: nil)) {
            guard case StoreError.accountExists = $0 else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try database.accounts().count, 1)
        XCTAssertEqual(try database.invitation(token: made.token).state, .pending)
    }

    func testFiveJoinsOfOneInvitationAtOnceMakeOneAccountAndOneMember() throws {
        let made = try database.invite(to: household.id, role: .viewer)
        let (accountsBefore, membersBefore) = (try database.accounts().count, try members())
        let outcomes = Outcomes()
        let (keeper, token) = (keeper!, made.token)
        DispatchQueue.concurrentPerform(iterations: 5) { racer in
            outcomes.add(Result { try keeper.join(token: token, name: "racer\(racer)", password: Self.password, address: nil) })
        }
        let results = outcomes.all
        XCTAssertEqual(results.filter { (try? $0.get()) != nil }.count, 1)
        for case .failure(let error) in results { XCTAssertEqual(error as? SharingProblem, .invitationUsed) }
        XCTAssertEqual(try database.accounts().count, accountsBefore + 1, "one invitation, one account")
        XCTAssertEqual(try members(), membersBefore + 1)
    }
}

private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Joined, any Error>] = []
    func add(_ result: Result<Joined, any Error>) { lock.withLock { results.append(result) } }
    var all: [Result<Joined, any Error>] { lock.withLock { results } }
}
