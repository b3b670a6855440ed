import Foundation
import GRDB
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore

/// Households shared by role: invitations work once, expire and can be withdrawn; removing,
/// leaving, transfer and dissolving; every step in the audit trail with its author.
final class SharingTests: XCTestCase {
    var database: AppDatabase!
    var seaView: Household!
    var accounts: [String: Account] = [:]
    static let hash = "$argon2id$v=19$m=19456,t=5,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g"

    override func setUpWithError() throws {
        database = try AppDatabase.empty()
        seaView = try AuditActor.$current.withValue("cli:owner") { try database.addHousehold(Household(name: "Sea View")).household }
        for name in ["neha", "arjun", "kabir"] { accounts[name] = try database.addAccount(name: name, passwordHash: Self.hash) }
    }

    func join(_ name: String, as role: HouseholdRole) throws {
        try database.acceptInvitation(token: database.invite(to: seaView.id, role: role).token, by: accounts[name]!)
    }

    func testAnInvitationWorksOnceForItsRoleAndOnlyItsHashIsKept() throws {
        let made = try AuditActor.$current.withValue("cli:owner") { try database.invite(to: seaView.id, role: .viewer) }
        XCTAssertEqual(made.invitation.state, .pending)
        XCTAssertEqual(made.invitation.createdBy, "cli:owner")
        XCTAssertEqual(try database.reach(of: accounts["neha"]).roles, [:], "before accepting, nothing")
        let accepted = try AuditActor.$current.withValue("neha") { try database.acceptInvitation(token: made.token, by: accounts["neha"]!) }
        XCTAssertEqual(accepted.state, .accepted)
        XCTAssertEqual(accepted.acceptedBy, "neha")
        XCTAssertEqual(try database.reach(of: accounts["neha"]).roles, [seaView.id: .viewer])
        XCTAssertThrowsError(try database.acceptInvitation(token: made.token, by: accounts["arjun"]!)) {
            XCTAssertEqual($0 as? SharingProblem, .invitationUsed)
        }
        XCTAssertThrowsError(try database.invitation(token: String(repeating: "0", count: 64))) {
            XCTAssertEqual($0 as? SharingProblem, .invitationUnknown)
        }
        let stored = try database.read { db in try String.fetchAll(db, sql: "SELECT token_sha256 FROM invitation") }
        XCTAssertFalse(stored.contains(made.token))
        XCTAssertEqual(stored, [Secret.sha256(made.token)])
        let trail = try database.history(.household(seaView.id)).filter { $0.recordType == "invitation" || $0.recordType == "household_member" }
        XCTAssertEqual(trail.map(\.actor), ["cli:owner", "neha", "neha"], "invited by the owner, accepted and joined by neha")
        XCTAssertFalse(trail.contains { $0.after?.values.contains(Secret.sha256(made.token)) ?? false }, "the token's hash is not in the trail")
        XCTAssertEqual(try database.auditProblems(), [])
    }

    func testAnExpiredOrWithdrawnInvitationIsRefused() throws {
        let expiring = try database.invite(to: seaView.id, role: .manager, days: 1)
        try database.write { db in
            try db.execute(sql: "UPDATE invitation SET created_at = '2020-01-01 00:00:00.000', expires_at = '2020-01-02 00:00:00.000' WHERE id = ?",
                           arguments: [expiring.invitation.id])
        }
        XCTAssertEqual(try database.invitation(token: expiring.token).state, .expired)
        XCTAssertThrowsError(try database.acceptInvitation(token: expiring.token, by: accounts["neha"]!)) {
            XCTAssertEqual($0 as? SharingProblem, .invitationExpired)
        }
        let withdrawn = try database.invite(to: seaView.id, role: .viewer)
        XCTAssertEqual(try database.sharing(of: seaView.id).pendingInvitations.map(\.id), [withdrawn.invitation.id], "an expired one is not pending")
        _ = try database.revokeInvitation(String(withdrawn.invitation.id.rawValue.prefix(4)), in: seaView.id)
        XCTAssertThrowsError(try database.acceptInvitation(token: withdrawn.token, by: accounts["neha"]!)) {
            XCTAssertEqual($0 as? SharingProblem, .invitationRevoked)
        }
        XCTAssertThrowsError(try database.revokeInvitation(withdrawn.invitation.id.rawValue, in: seaView.id), "only a pending one is withdrawn")
        XCTAssertThrowsError(try database.invite(to: seaView.id, role: .viewer, days: 31)) { XCTAssertEqual($0 as? SharingProblem, .badExpiry(31)) }
        XCTAssertThrowsError(try database.invite(to: seaView.id, role: .owner)) { XCTAssertEqual($0 as? SharingProblem, .badRole("owner")) }
        XCTAssertEqual(try database.reach(of: accounts["neha"]).roles, [:])
    }

    func testOwnershipMovesOnlyWhenTheNamedMemberAcceptsAndTheOwnerCannotLeave() throws {
        try join("neha", as: .manager)
        try join("arjun", as: .viewer)
        let offer = try database.offerOwnership(of: seaView.id, to: "neha")
        XCTAssertThrowsError(try database.acceptInvitation(token: offer.token, by: accounts["arjun"]!)) {
            XCTAssertEqual($0 as? SharingProblem, .invitationForSomeoneElse)
        }
        XCTAssertNil(try database.sharing(of: seaView.id).ownerAccount, "still the vault user's until accepted")
        try database.acceptOwnership(of: seaView.id, by: accounts["neha"]!)
        XCTAssertEqual(try database.sharing(of: seaView.id).ownerAccount, "neha")
        XCTAssertThrowsError(try database.removeMember("neha", from: seaView.id)) {
            XCTAssertEqual($0 as? SharingProblem, .ownerCannotLeave(household: "Sea View"))
        }
        XCTAssertThrowsError(try database.setRole(.viewer, of: "neha", in: seaView.id))
        // A second transfer: the old owner stays, as a manager.
        try database.acceptInvitation(token: database.offerOwnership(of: seaView.id, to: "arjun").token, by: accounts["arjun"]!)
        let sharing = try database.sharing(of: seaView.id)
        XCTAssertEqual(sharing.ownerAccount, "arjun")
        XCTAssertEqual(sharing.members.map(\.accountName), ["neha"])
        XCTAssertEqual(sharing.members.map(\.role), [.manager])
        XCTAssertThrowsError(try database.offerOwnership(of: seaView.id, to: "kabir")) {
            XCTAssertEqual($0 as? SharingProblem, .notMember(account: "kabir", household: "Sea View"))
        }
    }

    func testRemovingDissolvingAndRemovingTheAccountEndAccess() throws {
        try join("neha", as: .manager)
        try join("arjun", as: .viewer)
        try join("kabir", as: .viewer)
        XCTAssertEqual(try database.setRole(.manager, of: "arjun", in: seaView.id).role, .manager)
        try database.removeMember("kabir", from: seaView.id)
        XCTAssertEqual(try database.reach(of: accounts["kabir"]).roles, [:])
        let pending = try database.invite(to: seaView.id, role: .viewer)
        XCTAssertEqual(try database.dissolveSharing(of: seaView.id), 2)
        XCTAssertEqual(try database.reach(of: accounts["neha"]).roles, [:])
        XCTAssertEqual(try database.invitation(token: pending.token).state, .revoked, "open invitations go with the sharing")
        XCTAssertEqual(try database.householdSummaries().map(\.household.name), ["Sea View"], "the records stay")
        // An owning account removed: the household goes back to the vault's own user.
        try join("neha", as: .manager)
        XCTAssertThrowsError(try database.acceptOwnership(of: seaView.id, by: accounts["neha"]!)) {
            XCTAssertEqual($0 as? SharingProblem, .noOwnershipOffer(household: "Sea View"))
        }
        _ = try database.offerOwnership(of: seaView.id, to: "neha")
        try database.acceptOwnership(of: seaView.id, by: accounts["neha"]!)
        XCTAssertEqual(try database.sharing(of: seaView.id).ownerAccount, "neha")
        _ = try database.removeAccount(named: "neha")
        XCTAssertEqual(try database.sharing(of: seaView.id).members, [])
        XCTAssertEqual(try database.auditProblems(), [])
    }

    func testListsAreLimitedToTheHouseholdsInReach() throws {
        let hill = try database.addHousehold(Household(name: "Hill House"), owner: accounts["kabir"]).household
        try join("neha", as: .viewer)
        let neha = try database.reach(of: accounts["neha"])
        XCTAssertEqual(try database.householdSummaries(within: neha).map(\.household.name), ["Sea View"])
        XCTAssertEqual(try database.householdSummaries(within: database.reach(of: accounts["kabir"])).map(\.household.name), ["Hill House"])
        XCTAssertEqual(try database.householdSummaries().count, 2, "the vault's own user sees both")
        XCTAssertEqual(try database.reach(of: accounts["kabir"]).role(in: hill.id), .owner)
        XCTAssertFalse(neha.allows(.manager, in: seaView.id))
        XCTAssertTrue(Reach.everything.allows(.owner, in: hill.id))
    }
}
