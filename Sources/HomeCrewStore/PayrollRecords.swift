import Foundation
import GRDB
import HomeCrewCore

extension YearMonth: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> YearMonth? {
        String.fromDatabaseValue(dbValue).flatMap { try? YearMonth(parsing: $0) }
    }
}

// MARK: - Database: leave

extension LeaveEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "leave"

    public enum Columns {
        static let id = Column("id")
        static let staffID = Column("staff_id")
        static let firstDay = Column("first_day")
        static let lastDay = Column("last_day")
        static let halfDay = Column("half_day")
        static let type = Column("type")
        static let note = Column("note")
        static let createdAt = Column("created_at")
    }

    public init(row: Row) throws {
        let type: String = row[Columns.type]
        self.init(id: row[Columns.id], staffID: row[Columns.staffID],
                  range: DateRange(row[Columns.firstDay], row[Columns.lastDay]), isHalfDay: row[Columns.halfDay],
                  type: LeaveType(rawValue: type) ?? .other, note: row[Columns.note])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.staffID] = staffID
        container[Columns.firstDay] = range.start
        container[Columns.lastDay] = range.end
        container[Columns.halfDay] = isHalfDay
        container[Columns.type] = type.rawValue
        container[Columns.note] = note
        container[Columns.createdAt] = Date()
    }
}

extension DerivableRequest<LeaveEntry> {
    func forStaff(_ ids: [RecordID]) -> Self {
        filter(ids.contains(LeaveEntry.Columns.staffID)).order(LeaveEntry.Columns.firstDay)
    }
}

// MARK: - Database: pay adjustments

extension PayAdjustment: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "pay_adjustment"

    public enum Columns {
        static let id = Column("id")
        static let staffID = Column("staff_id")
        static let month = Column("month")
        static let amount = Column("amount")
        static let currency = Column("currency")
        static let reason = Column("reason")
        static let createdAt = Column("created_at")
    }

    public init(row: Row) throws {
        let currency: Currency = row[Columns.currency]
        self.init(id: row[Columns.id], staffID: row[Columns.staffID], month: row[Columns.month],
                  amount: try Money(parsing: row[Columns.amount], currency: currency), reason: row[Columns.reason])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.staffID] = staffID
        container[Columns.month] = month
        container[Columns.amount] = amount.plainAmount
        container[Columns.currency] = amount.currency
        container[Columns.reason] = reason
        container[Columns.createdAt] = Date()
    }
}

extension DerivableRequest<PayAdjustment> {
    func forStaff(_ ids: [RecordID]) -> Self {
        filter(ids.contains(PayAdjustment.Columns.staffID)).order(PayAdjustment.Columns.month, PayAdjustment.Columns.id)
    }
}

// MARK: - Database: closed months

extension ClosedMonth: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "closed_month"

    public enum Columns {
        static let householdID = Column("household_id")
        static let month = Column("month")
        static let closedAt = Column("closed_at")
    }

    public init(row: Row) throws {
        self.init(householdID: row[Columns.householdID], month: row[Columns.month], closedAt: row[Columns.closedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.householdID] = householdID
        container[Columns.month] = month
        container[Columns.closedAt] = closedAt
    }
}
