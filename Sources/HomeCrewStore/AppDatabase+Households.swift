import Foundation
import GRDB
import HomeCrewCore

/// A household with the vault's marks on it.
public struct HouseholdSummary: Hashable, Sendable {
    public let household: Household
    public let isPrimary: Bool
    public let isActive: Bool
    public let staffCount: Int
}

/// The household a command works on, and why it was chosen.
public struct HouseholdChoice: Hashable, Sendable {
    public enum Reason: String, Sendable { case explicit, active, primary }
    public let household: Household
    public let reason: Reason
}

/// What changing a household's fields should do. A nil field stays as it is; an empty
/// address or notes text clears it.
public struct HouseholdChanges: Sendable {
    public var name: String?
    public var address: String?
    public var notes: String?
    public var leaveCarryOverCap: LeaveDays?
    /// A settlement rule set's id; "" clears it. Checked against the shipped rules by the caller.
    public var settlementRules: String?
    /// The household's language; `clearLanguage` gives it back to English.
    public var language: StaffLanguage?
    public var clearLanguage = false
    public init(name: String? = nil, address: String? = nil, notes: String? = nil, leaveCarryOverCap: LeaveDays? = nil,
                settlementRules: String? = nil) {
        self.name = name
        self.address = address
        self.notes = notes
        self.leaveCarryOverCap = leaveCarryOverCap
        self.settlementRules = settlementRules
    }
}

public struct HouseholdRemoval: Sendable {
    public let removed: Household
    public let staffRemoved: Int
    public let documentsRemoved: Int
    /// The household that took over the primary mark, when the removed one had it.
    public let newPrimary: Household?
}

private struct VaultMarks {
    var primary: RecordID?
    var active: RecordID?

    static func fetch(_ db: Database) throws -> VaultMarks {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT primary_household_id, active_household_id FROM vault"))
        return VaultMarks(primary: row?["primary_household_id"], active: row?["active_household_id"])
    }
}

extension AppDatabase {
    // MARK: Reads

    /// The households in reach, by name.
    public func householdSummaries(within reach: Reach = .everything) throws -> [HouseholdSummary] {
        try read { db in try Self.summaries(of: reach.households(), db) }
    }

    /// The households with these ids (nil: every one), by name, each with its staff counted by the
    /// staff index: households outside them, and their staff, are never read.
    static func summaries(of ids: [RecordID]?, _ db: Database) throws -> [HouseholdSummary] {
        let marks = try VaultMarks.fetch(db)
        let count = "(SELECT count(*) FROM staff WHERE staff.household_id = household.id) AS staff_count"
        let rows: [Row]
        if let ids {
            rows = try Row.fetchAll(db, sql: "SELECT *, \(count) FROM household WHERE id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY name_key",
                                    arguments: StatementArguments(ids.map(\.rawValue)))
        } else {
            // A cached statement: every page of the vault's own user asks for this list.
            rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT *, \(count) FROM household ORDER BY name_key"))
        }
        return try rows.map { row in
            let household = try Household(row: row)
            return HouseholdSummary(household: household, isPrimary: household.id == marks.primary,
                                    isActive: household.id == marks.active, staffCount: row["staff_count"])
        }
    }

    public func householdSummary(named name: String) throws -> HouseholdSummary {
        let household = try read { db in try Self.household(named: name, db) }
        return try householdSummary(id: household.id)
    }

    /// The household with exactly this id (the web interface's addresses use ids).
    public func householdSummary(id: RecordID) throws -> HouseholdSummary {
        guard let found = try read({ db in try Self.summaries(of: [id], db).first }) else {
            throw StoreError.noSuchHousehold(id.rawValue)
        }
        return found
    }

    /// `--household NAME` when given, else the vault's active household, else the primary.
    public func chooseHousehold(_ explicitName: String?) throws -> HouseholdChoice {
        try read { db in
            if let explicitName {
                return HouseholdChoice(household: try Self.household(named: explicitName, db), reason: .explicit)
            }
            let marks = try VaultMarks.fetch(db)
            if let active = marks.active, let household = try Household.fetchOne(db, byID: active) {
                return HouseholdChoice(household: household, reason: .active)
            }
            if let primary = marks.primary, let household = try Household.fetchOne(db, byID: primary) {
                return HouseholdChoice(household: household, reason: .primary)
            }
            throw StoreError.noHouseholds
        }
    }

    /// The household with this id, or else the one with this name. Names are unique only within
    /// one person's reach, so the vault's own user may meet two of a name: those are named by id.
    static func household(named name: String, _ db: Database) throws -> Household {
        if let byID = try Household.fetchOne(db, byID: name) { return byID }
        let found = try Household.all().named(name).order(Household.Columns.createdAt, Household.Columns.id).fetchAll(db)
        guard let household = found.first else { throw StoreError.noSuchHousehold(name) }
        guard found.count == 1 else { throw StoreError.ambiguousHousehold(name, ids: found.map(\.id)) }
        return household
    }

    /// Refuses a name already used by another household within these households (nil: every one).
    static func refuseTakenName(_ household: Household, within households: [RecordID]?, _ db: Database) throws {
        var clashes = Household.all().named(household.name).filter(Household.Columns.id != household.id)
        if let households { clashes = clashes.filter(households.map(\.rawValue).contains(Household.Columns.id)) }
        if try clashes.fetchCount(db) > 0 { throw StoreError.householdExists(household.name) }
    }

    // MARK: Writes

    /// Adds a household; the first one in a vault becomes the primary one.
    /// Returns the stored household and whether it became primary.
    /// An account that adds a household owns it; the vault's own user (nil) owns it otherwise.
    public func addHousehold(_ draft: Household, owner: Account? = nil) throws -> (household: Household, isPrimary: Bool) {
        let household = try draft.validated()
        return try write { db in
            // An account's new household is compared with the households it belongs to, never others'.
            let reached = try owner.map { try String.fetchAll(db, sql: "SELECT household_id FROM household_member WHERE account_id = ?",
                                                            arguments: [$0.id]).map(RecordID.init(rawValue:)) }
            try Self.refuseTakenName(household, within: reached, db)
            try household.insert(db)
            if let owner {
                try db.execute(sql: "INSERT INTO household_member (household_id, account_id, role, since) VALUES (?, ?, 'owner', \(Self.now))",
                               arguments: [household.id, owner.id])
            }
            let becomesPrimary = try VaultMarks.fetch(db).primary == nil
            if becomesPrimary {
                try db.execute(sql: "UPDATE vault SET primary_household_id = ?", arguments: [household.id])
            }
            return (household, becomesPrimary)
        }
    }

    /// `reach`: the households of the person renaming, the only ones a new name is compared with.
    public func editHousehold(named name: String, _ changes: HouseholdChanges, within reach: Reach = .everything) throws -> Household {
        try write { db in
            var household = try Self.household(named: name, db)
            if let newName = changes.name { household.name = newName }
            if let address = changes.address { household.address = address }
            if let notes = changes.notes { household.notes = notes }
            if let cap = changes.leaveCarryOverCap { household.leaveCarryOverCap = cap }
            if let rules = changes.settlementRules { household.settlementRules = rules.isEmpty ? nil : rules }
            if let language = changes.language { household.language = language }
            if changes.clearLanguage { household.language = nil }
            household = try household.validated()
            try Self.refuseTakenName(household, within: reach.households(), db)
            try household.update(db)
            return household
        }
    }

    public func makePrimary(named name: String) throws -> Household {
        try write { db in
            let household = try Self.household(named: name, db)
            try db.execute(sql: "UPDATE vault SET primary_household_id = ?", arguments: [household.id])
            return household
        }
    }

    /// Sets the household that commands use when none is named.
    public func useHousehold(named name: String) throws -> Household {
        try write { db in
            let household = try Self.household(named: name, db)
            try db.execute(sql: "UPDATE vault SET active_household_id = ?", arguments: [household.id])
            return household
        }
    }

    /// Removes a household. With staff it is refused unless `cascade`, which removes the
    /// staff (and their salary history) with it. The primary mark moves to the household
    /// that was added first among the rest.
    public func removeHousehold(named name: String, cascade: Bool) throws -> HouseholdRemoval {
        try write { db in
            let household = try Self.household(named: name, db)
            let staff = try StaffMember.all().inHousehold(household.id).fetchCount(db)
            if staff > 0 && !cascade { throw StoreError.householdHasStaff(name: household.name, count: staff) }
            try Self.guardLedger(of: StaffMember.all().inHousehold(household.id).fetchAll(db), db)
            try Self.guardOpenings(household: household.id, staff: [], name: household.name, db)
            let documents = Document.filter(Document.Columns.householdID == household.id)
            let documentCount = try documents.fetchCount(db)
            if documentCount > 0 && !cascade {
                throw StoreError.householdHasDocuments(name: household.name, count: documentCount)
            }
            // Document rows go now; their objects stay until `vault gc`.
            try documents.deleteAll(db)
            try StaffMember.all().inHousehold(household.id).deleteAll(db)

            var newPrimary: Household?
            if try VaultMarks.fetch(db).primary == household.id {
                newPrimary = try Household.filter(Household.Columns.id != household.id)
                    .order(Household.Columns.createdAt, Household.Columns.nameKey).fetchOne(db)
                try db.execute(sql: "UPDATE vault SET primary_household_id = ?", arguments: [newPrimary?.id])
            }
            try household.delete(db)
            return HouseholdRemoval(removed: household, staffRemoved: staff, documentsRemoved: documentCount,
                                    newPrimary: newPrimary)
        }
    }
}
