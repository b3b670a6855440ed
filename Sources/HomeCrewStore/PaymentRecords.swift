import Foundation
import GRDB
import HomeCrewCore

// MARK: - Database: payments

extension Payment: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "payment"

    public enum Columns {
        static let id = Column("id")
        static let staffID = Column("staff_id")
        static let paidOn = Column("paid_on")
        static let amount = Column("amount")
        static let currency = Column("currency")
        static let method = Column("method")
        static let reference = Column("reference")
        static let note = Column("note")
        static let purpose = Column("purpose")
        static let advanceID = Column("advance_id")
        static let reverses = Column("reverses")
        static let createdAt = Column("created_at")
    }

    /// The payment's own row; `months` are read from `payment_month` (see `withMonths`).
    public init(row: Row) throws {
        let currency: Currency = row[Columns.currency]
        let method: String = row[Columns.method], purpose: String = row[Columns.purpose]
        self.init(id: row[Columns.id], staffID: row[Columns.staffID], paidOn: row[Columns.paidOn],
                  amount: try Money(parsing: row[Columns.amount], currency: currency),
                  method: PaymentMethod(rawValue: method) ?? .other, reference: row[Columns.reference], note: row[Columns.note],
                  purpose: Purpose(rawValue: purpose) ?? .payroll, advanceID: row[Columns.advanceID], reverses: row[Columns.reverses])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.staffID] = staffID
        container[Columns.paidOn] = paidOn
        container[Columns.amount] = amount.plainAmount
        container[Columns.currency] = amount.currency
        container[Columns.method] = method.rawValue
        container[Columns.reference] = reference
        container[Columns.note] = note
        container[Columns.purpose] = purpose.rawValue
        container[Columns.advanceID] = advanceID
        container[Columns.reverses] = reverses
        container[Columns.createdAt] = Date()
    }

    /// The payment and the months it pays, in one go (inside the caller's transaction).
    func insertWithMonths(_ db: Database) throws {
        try insert(db)
        for share in months {
            try db.execute(sql: "INSERT INTO payment_month (payment_id, month, amount) VALUES (?, ?, ?)",
                           arguments: [id, share.month, share.amount.plainAmount])
        }
    }

    /// Payments with the months each pays.
    static func withMonths(_ payments: [Payment], _ db: Database) throws -> [Payment] {
        guard !payments.isEmpty else { return [] }
        let byID = Dictionary(uniqueKeysWithValues: payments.map { ($0.id, $0) })
        let rows = try CachedReads.paymentMonths(of: payments.map(\.id), db)
        var months = [RecordID: [MonthShare]]()
        for row in rows {
            let id: RecordID = row["payment_id"]
            guard let payment = byID[id] else { continue }
            months[id, default: []].append(MonthShare(month: row["month"], amount: try Money(parsing: row["amount"], currency: payment.amount.currency)))
        }
        return payments.map { payment in
            var copy = payment
            copy.months = months[payment.id] ?? []
            return copy
        }
    }
}

extension DerivableRequest<Payment> {
    /// In the order they were paid, and those of one day and moment in the order they were recorded
    /// (a settlement records its month's pay and its settlement in the same millisecond; ids are random).
    func forStaff(_ ids: [RecordID]) -> Self {
        filter(ids.contains(Payment.Columns.staffID)).order(Payment.Columns.paidOn, Payment.Columns.createdAt, Column.rowID, Payment.Columns.id)
    }

    func of(_ purpose: Payment.Purpose) -> Self {
        filter(Payment.Columns.purpose == purpose.rawValue)
    }

    /// Entries that count: neither a reversal nor undone by one (a look-up in the unique index of
    /// `reverses`). `+`: that index asked for NULL would walk every entry of the vault that is not a reversal.
    func standing() -> Self {
        filter(SQL(sql: "+reverses IS NULL AND NOT EXISTS (SELECT 1 FROM payment undoing WHERE undoing.reverses = payment.id)").sqlExpression)
    }
}

/// A document that proves a payment.
struct PaymentProof: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "payment_proof"
    var paymentId: RecordID
    var documentId: RecordID
    var addedAt: Date

    enum CodingKeys: String, CodingKey {
        case paymentId = "payment_id", documentId = "document_id", addedAt = "added_at"
    }
}

// MARK: - Database: advances

extension Advance: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "advance"

    public enum Columns {
        static let id = Column("id")
        static let staffID = Column("staff_id")
        static let kind = Column("kind")
        static let givenOn = Column("given_on")
        static let amount = Column("amount")
        static let currency = Column("currency")
        static let repayPerMonth = Column("repay_per_month")
        static let instalments = Column("instalments")
        static let firstMonth = Column("first_month")
        static let note = Column("note")
        static let createdAt = Column("created_at")
    }

    public init(row: Row) throws {
        let currency: Currency = row[Columns.currency]
        let kind: String = row[Columns.kind]
        let first: YearMonth = row[Columns.firstMonth]
        let perMonth: String? = row[Columns.repayPerMonth]
        let rule: RepaymentRule = try perMonth.map { .perMonth(try Money(parsing: $0, currency: currency), from: first) }
            ?? .instalments(row[Columns.instalments], from: first)
        self.init(id: row[Columns.id], staffID: row[Columns.staffID], kind: Kind(rawValue: kind) ?? .advance,
                  givenOn: row[Columns.givenOn], amount: try Money(parsing: row[Columns.amount], currency: currency),
                  repayment: rule, note: row[Columns.note])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.staffID] = staffID
        container[Columns.kind] = kind.rawValue
        container[Columns.givenOn] = givenOn
        container[Columns.amount] = amount.plainAmount
        container[Columns.currency] = amount.currency
        switch repayment {
        case .perMonth(let money, _): container[Columns.repayPerMonth] = money.plainAmount
        case .instalments(let count, _): container[Columns.instalments] = count
        }
        container[Columns.firstMonth] = repayment.firstMonth
        container[Columns.note] = note
        container[Columns.createdAt] = Date()
    }
}

extension DerivableRequest<Advance> {
    func forStaff(_ ids: [RecordID]) -> Self {
        filter(ids.contains(Advance.Columns.staffID)).order(Advance.Columns.givenOn, Advance.Columns.id)
    }
}

/// An instalment taken in a closed month, kept as it was when the month closed.
struct FrozenDeduction: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "advance_deduction"
    var advanceId: RecordID
    /// `yyyy-mm`.
    var month: String
    var amount: String

    enum CodingKeys: String, CodingKey {
        case advanceId = "advance_id", month, amount
    }
}
