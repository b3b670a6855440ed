import Foundation

/// What a person may do in a household. Ordered: each role may do what the one before it may.
public enum HouseholdRole: String, Sendable, CaseIterable, Comparable, Codable {
    /// Reads everything of the household; changes nothing.
    case viewer
    /// Changes records, documents, leave and payroll; closes months.
    case manager
    /// All of that, and decides who else belongs: invites, removes, transfers, dissolves.
    case owner

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .manager: 1
        case .owner: 2
        }
    }

    /// The role an invitation may give: never ownership, which only a transfer moves.
    public static func invitable(_ text: String) throws(SharingProblem) -> HouseholdRole {
        guard let role = HouseholdRole(rawValue: text.lowercased()), role != .owner else { throw .badRole(text) }
        return role
    }
}

/// The households a person may see, with their role in each. The vault's own user (the
/// command line, the loopback token) reaches every household as its owner: they hold the files.
public struct Reach: Sendable, Equatable {
    /// Nil: every household, as owner.
    public let roles: [RecordID: HouseholdRole]?

    public static let everything = Reach(roles: nil)
    /// No household at all (a request without a session).
    public static let nothing = Reach(roles: [:])

    public init(roles: [RecordID: HouseholdRole]?) { self.roles = roles }

    public var isEverything: Bool { roles == nil }

    /// The person's role in a household; nil when they do not belong to it.
    public func role(in household: RecordID) -> HouseholdRole? {
        guard let roles else { return .owner }
        return roles[household]
    }

    public func includes(_ household: RecordID) -> Bool { roles?[household] != nil || roles == nil }

    public func allows(_ role: HouseholdRole, in household: RecordID) -> Bool {
        self.role(in: household).map { $0 >= role } ?? false
    }

    /// The households where the person has at least `role`; nil means all of them.
    public func households(atLeast role: HouseholdRole = .viewer) -> [RecordID]? {
        roles.map { $0.filter { $0.value >= role }.map(\.key).sorted() }
    }
}

/// A member of a shared household, as `household members` lists them.
public struct HouseholdMember: Hashable, Sendable {
    public let accountID: RecordID
    public let accountName: String
    public let role: HouseholdRole
    public let since: String

    public init(accountID: RecordID, accountName: String, role: HouseholdRole, since: String) {
        self.accountID = accountID
        self.accountName = accountName
        self.role = role
        self.since = since
    }
}

/// An invitation to a household (or, with the role owner, an offer of its ownership to one member).
public struct Invitation: Hashable, Sendable {
    public enum State: String, Sendable { case pending, accepted, revoked, expired }

    public let id: RecordID
    public let householdID: RecordID
    public let householdName: String
    public let role: HouseholdRole
    /// For an ownership transfer: the only account that may accept.
    public let forAccount: String?
    public let createdBy: String
    public let createdAt: String
    public let expiresAt: String
    public let acceptedBy: String?
    public let state: State

    public init(id: RecordID, householdID: RecordID, householdName: String, role: HouseholdRole, forAccount: String?,
                createdBy: String, createdAt: String, expiresAt: String, acceptedBy: String?, state: State) {
        self.id = id
        self.householdID = householdID
        self.householdName = householdName
        self.role = role
        self.forAccount = forAccount
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.acceptedBy = acceptedBy
        self.state = state
    }

    public var isTransfer: Bool { role == .owner }
}

/// Who owns a household and who else belongs to it, with the invitations still open.
public struct HouseholdSharing: Sendable {
    public let household: Household
    /// The owning account; nil when the vault's own user owns it.
    public let ownerAccount: String?
    public let members: [HouseholdMember]
    public let pendingInvitations: [Invitation]

    public init(household: Household, ownerAccount: String?, members: [HouseholdMember], pendingInvitations: [Invitation]) {
        self.household = household
        self.ownerAccount = ownerAccount
        self.members = members
        self.pendingInvitations = pendingInvitations
    }
}

/// Why a sharing step cannot be taken, each one line a person can act on.
public enum SharingProblem: HomeCrewError, Equatable {
    case badRole(String)
    case badExpiry(Int)
    case invitationUnknown
    case invitationUsed
    case invitationRevoked
    case invitationExpired
    case invitationForSomeoneElse
    case alreadyMember(account: String, household: String)
    case notMember(account: String, household: String)
    case ownerCannotLeave(household: String)
    case ownerRoleChanges
    case vaultUserAccepts
    case noSuchInvitation(String)
    case noOwnershipOffer(household: String)

    public var category: ErrorCategory {
        switch self {
        case .badRole, .badExpiry: .usage
        case .invitationUnknown, .notMember, .noSuchInvitation: .notFound
        default: .invalidData
        }
    }

    public var description: String {
        switch self {
        case .badRole(let text):
            "\"\(text)\" is not a role a member can be given: use viewer or manager (ownership moves with: household transfer)"
        case .badExpiry(let days):
            "an invitation lasts 1 to 30 days, not \(days)"
        case .invitationUnknown:
            "this invitation link is not valid: ask the household's owner for a new one"
        case .invitationUsed:
            "this invitation has already been accepted; an invitation works once"
        case .invitationRevoked:
            "this invitation was withdrawn by the household's owner"
        case .invitationExpired:
            "this invitation has expired: ask the household's owner for a new one"
        case .invitationForSomeoneElse:
            "this offer of ownership is for another account: sign in as the member it names"
        case let .alreadyMember(account, household):
            "\(account) already belongs to \(household)"
        case let .notMember(account, household):
            "\(account) is not a member of \(household); see: homecrew household members \"\(household)\""
        case .ownerCannotLeave(let household):
            "the owner cannot leave \(household): transfer it to a member first, or dissolve the sharing"
        case .ownerRoleChanges:
            "the owner's role does not change here: ownership moves with a transfer the member accepts"
        case .vaultUserAccepts:
            "the vault's own user already reaches every household; sign in with an account to accept an invitation"
        case .noOwnershipOffer(let household):
            "nobody has offered you the ownership of \(household) (or the offer was withdrawn)"
        case .noSuchInvitation(let reference):
            "no pending invitation matches '\(reference)'; see: homecrew household members NAME"
        }
    }
}
