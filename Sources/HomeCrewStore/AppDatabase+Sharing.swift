import Foundation
import GRDB
import HomeCrewCore

/// Households shared with accounts by role, and the invitations that bring members in.
/// A household without an owner row belongs to the vault's own user. An invitation's token is
/// given out once; only its SHA-256 is kept.
extension AppDatabase {
    public static let invitationDays = 1...30

    // MARK: Reads

    /// The households an account may see, with its role in each; everything for the vault's own user (nil).
    public func reach(of account: Account?) throws -> Reach {
        guard let account else { return .everything }
        return try read { db in
            // Cached: this runs for every request of a signed-in account.
            let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT household_id, role FROM household_member WHERE account_id = ?"),
                                        arguments: [account.id])
            return Reach(roles: Dictionary(uniqueKeysWithValues: rows.map {
                (RecordID(rawValue: $0[0]), HouseholdRole(rawValue: $0[1]) ?? .viewer)
            }))
        }
    }

    public func sharing(of householdID: RecordID) throws -> HouseholdSharing {
        try read { db in
            let household = try Self.household(id: householdID, db)
            let members = try Row.fetchAll(db, sql: """
                \(Self.memberSelect) WHERE m.household_id = ? ORDER BY m.role = 'owner' DESC, m.role = 'manager' DESC, a.name_key
                """, arguments: [householdID]).map(Self.member)
            let pending = try Self.invitations("i.household_id = ? AND \(Self.isPending("i"))", [householdID], db)
            return HouseholdSharing(household: household, ownerAccount: members.first { $0.role == .owner }?.accountName,
                                    members: members.filter { $0.role != .owner }, pendingInvitations: pending)
        }
    }

    /// The invitation a link's token names, whatever its state.
    public func invitation(token: String) throws -> Invitation {
        try read { db in
            guard let found = try Self.invitations("i.token_sha256 = ?", [Secret.sha256(token)], db).first else {
                throw SharingProblem.invitationUnknown
            }
            return found
        }
    }

    /// The household a staff member, a document or a stored object belongs to; nil or empty when there is none.
    public func household(ofStaff id: String) throws -> RecordID? {
        try read { db in try String.fetchOne(db.cachedStatement(sql: "SELECT household_id FROM staff WHERE id = ?"), arguments: [id]) }
            .map(RecordID.init(rawValue:))
    }

    public func household(ofDocument id: String) throws -> RecordID? {
        try read { db in try String.fetchOne(db.cachedStatement(sql: "SELECT household_id FROM document WHERE id = ?"), arguments: [id]) }
            .map(RecordID.init(rawValue:))
    }

    /// Every household with a document whose file, or whose file's thumbnail, is this object
    /// (one file may be filed in several households).
    public func households(holdingObject hash: String) throws -> [RecordID] {
        try read { db in
            try String.fetchAll(db.cachedStatement(sql: """
                SELECT household_id FROM document WHERE object_sha256 = ?1
                UNION SELECT d.household_id FROM object o JOIN document d ON d.object_sha256 = o.sha256 WHERE o.thumbnail_sha256 = ?1
                UNION SELECT d.household_id FROM document_extraction e JOIN document d ON d.id = e.document_id WHERE e.thumbnail_sha256 = ?1
                """), arguments: [hash])
        }.map(RecordID.init(rawValue:))
    }

    // MARK: Writes

    /// A single-use invitation to the household with a role (viewer or manager) that lasts `days`.
    public func invite(to householdID: RecordID, role: HouseholdRole, days: Int = 7) throws -> (invitation: Invitation, token: String) {
        guard role != .owner else { throw SharingProblem.badRole(role.rawValue) }
        return try makeInvitation(householdID, role: role, forAccount: nil, days: days)
    }

    /// Offers the household's ownership to one of its members, who must accept it (with the link).
    public func offerOwnership(of householdID: RecordID, to accountName: String, days: Int = 7) throws -> (invitation: Invitation, token: String) {
        let account = try self.account(named: accountName)
        return try makeInvitation(householdID, role: .owner, forAccount: account, days: days)
    }

    private func makeInvitation(_ householdID: RecordID, role: HouseholdRole, forAccount: Account?, days: Int) throws -> (invitation: Invitation, token: String) {
        guard Self.invitationDays.contains(days) else { throw SharingProblem.badExpiry(days) }
        let token = Secret.make()
        let invitation = try write { db in
            let household = try Self.household(id: householdID, db)
            if let forAccount {
                let role = try String.fetchOne(db, sql: "SELECT role FROM household_member WHERE household_id = ? AND account_id = ?",
                                               arguments: [householdID, forAccount.id])
                guard role != nil, role != HouseholdRole.owner.rawValue else {
                    throw role == nil ? SharingProblem.notMember(account: forAccount.name, household: household.name)
                        : SharingProblem.alreadyMember(account: forAccount.name, household: household.name)
                }
            }
            let id = RecordID.random()
            try db.execute(sql: """
                INSERT INTO invitation (id, household_id, role, token_sha256, for_account_id, created_by, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, \(Self.now), strftime('%Y-%m-%d %H:%M:%f', 'now', ?))
                """, arguments: [id, householdID, role.rawValue, Secret.sha256(token), forAccount?.id, AuditActor.current, "+\(days) days"])
            return try Self.invitations("i.id = ?", [id], db)[0]
        }
        return (invitation, token)
    }

    /// Withdraws a pending invitation of the household, named by its id or a prefix of at least four characters.
    public func revokeInvitation(_ reference: String, in householdID: RecordID) throws -> Invitation {
        try write { db in
            let matches = try Self.invitations("i.household_id = ? AND \(Self.isPending("i")) AND i.id LIKE ? ESCAPE '\\'",
                                               [householdID, Self.likePrefix(reference)], db)
            guard reference.count >= 4, matches.count == 1 else {
                throw matches.count > 1 ? StoreError.ambiguousRecord(what: "invitation", reference: reference) : SharingProblem.noSuchInvitation(reference)
            }
            try db.execute(sql: "UPDATE invitation SET revoked_at = \(Self.now) WHERE id = ?", arguments: [matches[0].id])
            return try Self.invitations("i.id = ?", [matches[0].id], db)[0]
        }
    }

    /// Accepts an invitation as the signed-in account: it becomes a member with the role, or,
    /// for an offer of ownership, the owner (the previous owning account stays as a manager).
    @discardableResult
    public func acceptInvitation(token: String, by account: Account) throws -> Invitation {
        try write { db in
            guard let invitation = try Self.invitations("i.token_sha256 = ?", [Secret.sha256(token)], db).first else {
                throw SharingProblem.invitationUnknown
            }
            return try Self.accept(invitation, by: account, db)
        }
    }

    /// Makes an account and accepts the invitation with it, signed in at once (the invitation's page):
    /// one transaction, so that when the invitation is no longer pending (another join came first)
    /// nothing is written, no account either. The session is opened as a sign-in opens it.
    public func join(token: String, name: String, passwordHash: String, address: String?) throws -> Joined {
        try write { db in
            guard let invitation = try Self.invitations("i.token_sha256 = ?", [Secret.sha256(token)], db).first else {
                throw SharingProblem.invitationUnknown
            }
            // Checked before the name, so that a used link is answered as used, as before an account is made.
            try Self.requirePending(invitation)
            guard !invitation.isTransfer else { throw SharingProblem.invitationForSomeoneElse }
            let account = try Self.addAccount(name: name, passwordHash: passwordHash, db)
            let accepted = try Self.accept(invitation, by: account, db)
            let session = try Self.openSession(for: account, address: address, db)
            return Joined(account: account, invitation: accepted, token: session.token, csrfToken: session.csrfToken)
        }
    }

    /// Accepts the pending offer of the household's ownership made to this account (on the household's page).
    @discardableResult
    public func acceptOwnership(of householdID: RecordID, by account: Account) throws -> Invitation {
        try write { db in
            guard let offer = try Self.invitations("i.household_id = ? AND i.role = 'owner' AND i.for_account_id = ? AND \(Self.isPending("i"))",
                                                   [householdID, account.id], db).last else {
                throw SharingProblem.noOwnershipOffer(household: try Self.household(id: householdID, db).name)
            }
            return try Self.accept(offer, by: account, db)
        }
    }

    private static func requirePending(_ invitation: Invitation) throws {
        switch invitation.state {
        case .accepted: throw SharingProblem.invitationUsed
        case .revoked: throw SharingProblem.invitationRevoked
        case .expired: throw SharingProblem.invitationExpired
        case .pending: break
        }
    }

    private static func accept(_ invitation: Invitation, by account: Account, _ db: Database) throws -> Invitation {
        try requirePending(invitation)
        let current = try String.fetchOne(db, sql: "SELECT role FROM household_member WHERE household_id = ? AND account_id = ?",
                                          arguments: [invitation.householdID, account.id]).flatMap(HouseholdRole.init(rawValue:))
        if invitation.isTransfer {
            guard invitation.forAccount.map({ NameKey.of($0) == NameKey.of(account.name) }) ?? false else {
                throw SharingProblem.invitationForSomeoneElse
            }
            guard current != nil else { throw SharingProblem.notMember(account: account.name, household: invitation.householdName) }
            try db.execute(sql: "UPDATE household_member SET role = 'manager' WHERE household_id = ? AND role = 'owner'",
                           arguments: [invitation.householdID])
            try db.execute(sql: "UPDATE household_member SET role = 'owner' WHERE household_id = ? AND account_id = ?",
                           arguments: [invitation.householdID, account.id])
        } else {
            guard current == nil else { throw SharingProblem.alreadyMember(account: account.name, household: invitation.householdName) }
            try db.execute(sql: "INSERT INTO household_member (household_id, account_id, role, since) VALUES (?, ?, ?, \(Self.now))",
                           arguments: [invitation.householdID, account.id, invitation.role.rawValue])
        }
        try db.execute(sql: "UPDATE invitation SET accepted_at = \(Self.now), accepted_by = ? WHERE id = ?",
                       arguments: [account.name, invitation.id])
        return try invitations("i.id = ?", [invitation.id], db)[0]
    }

    /// Makes a member a viewer or a manager.
    public func setRole(_ role: HouseholdRole, of accountName: String, in householdID: RecordID) throws -> HouseholdMember {
        guard role != .owner else { throw SharingProblem.ownerRoleChanges }
        return try write { db in
            let member = try Self.member(accountName, householdID, db)
            guard member.role != .owner else { throw SharingProblem.ownerRoleChanges }
            try db.execute(sql: "UPDATE household_member SET role = ? WHERE household_id = ? AND account_id = ?",
                           arguments: [role.rawValue, householdID, member.accountID])
            return try Self.member(accountName, householdID, db)
        }
    }

    /// Takes a member out of the household (the owner's doing, or the member's own leaving):
    /// their next request to it is refused, whatever page they have open.
    @discardableResult
    public func removeMember(_ accountName: String, from householdID: RecordID) throws -> HouseholdMember {
        try write { db in
            let member = try Self.member(accountName, householdID, db)
            guard member.role != .owner else {
                throw SharingProblem.ownerCannotLeave(household: try Self.household(id: householdID, db).name)
            }
            try db.execute(sql: "DELETE FROM household_member WHERE household_id = ? AND account_id = ?", arguments: [householdID, member.accountID])
            return member
        }
    }

    /// Ends the sharing: every member but the owner goes, and open invitations are withdrawn.
    /// The household and its records stay. The number of members removed.
    public func dissolveSharing(of householdID: RecordID) throws -> Int {
        try write { db in
            _ = try Self.household(id: householdID, db)
            try db.execute(sql: "DELETE FROM household_member WHERE household_id = ? AND role <> 'owner'", arguments: [householdID])
            let removed = db.changesCount
            try db.execute(sql: "UPDATE invitation SET revoked_at = \(Self.now) WHERE household_id = ? AND \(Self.isPending("invitation"))",
                           arguments: [householdID])
            return removed
        }
    }

    // MARK: Helpers

    /// An invitation (by table or alias) neither used, withdrawn nor expired.
    static func isPending(_ invitation: String) -> String {
        "\(invitation).accepted_at IS NULL AND \(invitation).revoked_at IS NULL AND \(invitation).expires_at > \(now)"
    }

    static func invitations(_ condition: String, _ arguments: [any DatabaseValueConvertible], page: (limit: Int, offset: Int)? = nil,
                            _ db: Database) throws -> [Invitation] {
        let arguments = arguments + (page.map { [$0.limit, $0.offset] } ?? [])
        return try Row.fetchAll(db, sql: """
            SELECT i.*, h.name AS household_name, a.name AS for_account,
                   CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
                        WHEN i.expires_at <= \(now) THEN 'expired' ELSE 'pending' END AS state
            FROM invitation i JOIN household h ON h.id = i.household_id LEFT JOIN account a ON a.id = i.for_account_id
            WHERE \(condition) ORDER BY i.created_at, i.id\(page == nil ? "" : " LIMIT ? OFFSET ?")
            """, arguments: StatementArguments(arguments)).map { row in
            Invitation(id: RecordID(rawValue: row["id"]), householdID: RecordID(rawValue: row["household_id"]),
                       householdName: row["household_name"], role: HouseholdRole(rawValue: row["role"]) ?? .viewer,
                       forAccount: row["for_account"], createdBy: row["created_by"], createdAt: row["created_at"],
                       expiresAt: row["expires_at"], acceptedBy: row["accepted_by"],
                       state: Invitation.State(rawValue: row["state"]) ?? .expired)
        }
    }

    static func household(id: RecordID, _ db: Database) throws -> Household {
        guard let household = try Household.fetchOne(db, key: id.rawValue) else { throw StoreError.noSuchHousehold(id.rawValue) }
        return household
    }

    static func member(_ accountName: String, _ householdID: RecordID, _ db: Database) throws -> HouseholdMember {
        let household = try household(id: householdID, db)
        guard let row = try Row.fetchOne(db, sql: "\(memberSelect) WHERE m.household_id = ? AND a.name_key = ?",
                                         arguments: [householdID, NameKey.of(accountName)]) else {
            throw SharingProblem.notMember(account: accountName, household: household.name)
        }
        return member(row)
    }

    static let memberSelect = "SELECT m.account_id, a.name, m.role, m.since FROM household_member m JOIN account a ON a.id = m.account_id"

    static func member(_ row: Row) -> HouseholdMember {
        HouseholdMember(accountID: RecordID(rawValue: row[0]), accountName: row[1], role: HouseholdRole(rawValue: row[2]) ?? .viewer, since: row[3])
    }

    static func likePrefix(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
    }
}

/// An account made from an invitation's page, a member by it, and its first session's cookie and CSRF tokens.
public struct Joined: Sendable {
    public let account: Account
    public let invitation: Invitation
    public let token: String
    public let csrfToken: String
}
