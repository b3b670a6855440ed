import Foundation
import GRDB
import HomeCrewCore

// Core's types stay free of GRDB; these extensions say how they are stored.

// MARK: - Database: value types

extension CalendarDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CalendarDate? {
        String.fromDatabaseValue(dbValue).flatMap { try? CalendarDate(parsing: $0) }
    }
}

extension RecordID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> RecordID? {
        String.fromDatabaseValue(dbValue).map(RecordID.init(rawValue:))
    }
}

extension Currency: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { code.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Currency? {
        String.fromDatabaseValue(dbValue).flatMap { try? Currency(code: $0) }
    }
}

extension LeaveDays: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LeaveDays? {
        String.fromDatabaseValue(dbValue).flatMap { try? LeaveDays(parsing: $0) }
    }
}

// MARK: - Database: reading one record by its id

extension FetchableRecord where Self: TableRecord {
    /// The record whose `id` column holds `id`, read with plain SQL. GRDB's `fetchOne(_:key:)`
    /// first asks the schema for the table's primary key, and its first such question reads every
    /// table's definition into GRDB's cache: 0.9–1.3 ms of `homecrew search` (~14 ms), whose other
    /// reads are all plain SQL. Commands that read through query-interface requests pay it anyway.
    static func fetchOne(_ db: Database, byID id: some DatabaseValueConvertible) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM \(databaseTableName.quotedDatabaseIdentifier) WHERE id = ?"), arguments: [id])
    }
}

// MARK: - Database: household

extension Household: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "household"

    public enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let nameKey = Column("name_key")
        static let address = Column("address")
        static let notes = Column("notes")
        static let leaveCarryOverCap = Column("leave_carry_over_cap")
        static let settlementRules = Column("settlement_rules")
        static let language = Column("language")
        static let createdAt = Column("created_at")
    }

    public init(row: Row) throws {
        self.init(
            id: row[Columns.id], name: row[Columns.name], address: row[Columns.address],
            notes: row[Columns.notes], leaveCarryOverCap: row[Columns.leaveCarryOverCap] ?? LeaveDays(halfDays: 0),
            settlementRules: row[Columns.settlementRules],
            language: (row[Columns.language] as String?).map(StaffLanguage.init(stored:)), createdAt: row[Columns.createdAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.nameKey] = NameKey.of(name)
        container[Columns.address] = address
        container[Columns.notes] = notes
        container[Columns.leaveCarryOverCap] = leaveCarryOverCap
        container[Columns.settlementRules] = settlementRules
        container[Columns.language] = language?.tag
        container[Columns.createdAt] = createdAt
    }
}

extension DerivableRequest<Household> {
    func named(_ name: String) -> Self {
        filter(Household.Columns.nameKey == NameKey.of(name))
    }

    func orderedByName() -> Self {
        order(Household.Columns.nameKey)
    }
}

// MARK: - Database: staff

extension StaffMember: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "staff"

    public enum Columns {
        static let id = Column("id")
        static let householdID = Column("household_id")
        static let legalName = Column("legal_name")
        static let knownAs = Column("known_as")
        static let startDate = Column("start_date")
        static let leavingDate = Column("leaving_date")
        static let annualLeaveDays = Column("annual_leave_days")
        static let duties = Column("duties")
        static let contractGratuityDays = Column("contract_gratuity_days")
        static let contractGratuityMonthDays = Column("contract_gratuity_month_days")
        static let contractGratuityMinimumYears = Column("contract_gratuity_minimum_years")
        static let language = Column("language")
        static let createdAt = Column("created_at")
    }

    public init(row: Row) throws {
        self.init(
            id: row[Columns.id], householdID: row[Columns.householdID], legalName: row[Columns.legalName],
            knownAs: row[Columns.knownAs], startDate: row[Columns.startDate], leavingDate: row[Columns.leavingDate],
            annualLeave: row[Columns.annualLeaveDays], duties: row[Columns.duties],
            contractGratuityDays: row[Columns.contractGratuityDays],
            language: (row[Columns.language] as String?).map(StaffLanguage.init(stored:)), createdAt: row[Columns.createdAt])
        contractGratuityMonthDays = row[Columns.contractGratuityMonthDays]
        contractGratuityMinimumYears = row[Columns.contractGratuityMinimumYears]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.householdID] = householdID
        container[Columns.legalName] = legalName
        container[Columns.knownAs] = knownAs
        container[Columns.startDate] = startDate
        container[Columns.leavingDate] = leavingDate
        container[Columns.annualLeaveDays] = annualLeave
        container[Columns.duties] = duties
        container[Columns.contractGratuityDays] = contractGratuityDays
        container[Columns.contractGratuityMonthDays] = contractGratuityMonthDays
        container[Columns.contractGratuityMinimumYears] = contractGratuityMinimumYears
        container[Columns.language] = language?.tag
        container[Columns.createdAt] = createdAt
    }
}

extension DerivableRequest<StaffMember> {
    func inHousehold(_ id: RecordID) -> Self {
        filter(StaffMember.Columns.householdID == id)
    }

    /// Only the households `reach` covers, asked of SQLite: another household's people are never
    /// read, so one member's ten thousand staff cost nothing to anyone else's pages.
    func within(_ reach: Reach) -> Self {
        guard let households = reach.households() else { return self }
        return filter(households.map(\.rawValue).contains(StaffMember.Columns.householdID))
    }

    func orderedByName() -> Self {
        order(StaffMember.Columns.legalName.collating(.nocase), StaffMember.Columns.id)
    }
}

// MARK: - Database: salary entries

extension SalaryEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "salary_entry"

    public enum Columns {
        static let staffID = Column("staff_id")
        static let effectiveFrom = Column("effective_from")
        static let amount = Column("amount")
        static let currency = Column("currency")
    }

    public init(row: Row) throws {
        let currency: Currency = row[Columns.currency]
        let amountText: String = row[Columns.amount]
        self.init(
            staffID: row[Columns.staffID], effectiveFrom: row[Columns.effectiveFrom],
            salary: try Money(parsing: amountText, currency: currency))
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.staffID] = staffID
        container[Columns.effectiveFrom] = effectiveFrom
        container[Columns.amount] = salary.plainAmount
        container[Columns.currency] = salary.currency
    }
}

extension DerivableRequest<SalaryEntry> {
    func forStaff(_ id: RecordID) -> Self {
        filter(SalaryEntry.Columns.staffID == id)
    }
}

/// Rows that belong to a staff member, narrowed to the staff of one household.
protocol StaffOwned: TableRecord {}
extension SalaryEntry: StaffOwned {}
extension LeaveEntry: StaffOwned {}
extension PayAdjustment: StaffOwned {}

extension QueryInterfaceRequest where RowDecoder: StaffOwned {
    /// nil: the rows of every household's staff.
    func staffOf(_ householdID: RecordID?) -> Self {
        guard let householdID else { return self }
        return filter(sql: "staff_id IN (SELECT id FROM staff WHERE household_id = ?)", arguments: [householdID])
    }
}
