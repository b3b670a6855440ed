import Foundation

/// How money changed hands.
public enum PaymentMethod: String, CaseIterable, Hashable, Sendable {
    case cash
    case bankTransfer = "bank-transfer"
    case upi
    case cheque
    case wps
    case other

    /// "bank transfer", "UPI", "wage-protection system".
    public var label: String {
        switch self {
        case .cash: "cash"
        case .bankTransfer: "bank transfer"
        case .upi: "UPI"
        case .cheque: "cheque"
        case .wps: "wage-protection system"
        case .other: "other"
        }
    }

    public init(parsing text: String) throws(PaymentViolation) {
        let key = text.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        let aliases: [String: PaymentMethod] = ["bank": .bankTransfer, "transfer": .bankTransfer, "wage-protection-system": .wps]
        guard let method = PaymentMethod(rawValue: key) ?? aliases[key] else { throw .unknownMethod(text) }
        self = method
    }
}

/// Part of a payment that pays one payroll month.
public struct MonthShare: Hashable, Sendable {
    public let month: YearMonth
    public let amount: Money

    public init(month: YearMonth, amount: Money) {
        self.month = month
        self.amount = amount
    }
}

/// Money handed to one staff member (or, for a repayment, handed back by them). Never edited:
/// a mistake is corrected by a reversal, an entry of the opposite sign that names it.
public struct Payment: Identifiable, Hashable, Sendable {
    public enum Purpose: String, CaseIterable, Hashable, Sendable {
        /// Net pay of one or more payroll months (`months` says how much of each).
        case payroll
        /// An advance or loan given ahead of pay.
        case advance
        /// An advance or loan repaid by the staff member, outside payroll (cash back).
        case repayment
        /// A final settlement when someone leaves.
        case settlement
    }

    public var id: RecordID
    public var staffID: RecordID
    public var paidOn: CalendarDate
    /// Positive; a reversal's is negative.
    public var amount: Money
    public var method: PaymentMethod
    public var reference: String?
    public var note: String?
    public var purpose: Purpose
    /// The advance given or repaid.
    public var advanceID: RecordID?
    /// For payroll: the months paid, summing to `amount`.
    public var months: [MonthShare]
    /// The payment this entry reverses.
    public var reverses: RecordID?

    public init(id: RecordID = .random(), staffID: RecordID, paidOn: CalendarDate, amount: Money, method: PaymentMethod,
                reference: String? = nil, note: String? = nil, purpose: Purpose, advanceID: RecordID? = nil,
                months: [MonthShare] = [], reverses: RecordID? = nil) {
        (self.id, self.staffID, self.paidOn, self.amount, self.method) = (id, staffID, paidOn, amount, method)
        (self.reference, self.note, self.purpose, self.advanceID, self.months, self.reverses) = (reference, note, purpose, advanceID, months, reverses)
    }

    public var isReversal: Bool { reverses != nil }

    /// The entry that undoes this one on `day`: the same money the other way, month by month.
    public func reversal(on day: CalendarDate, note: String?) -> Payment {
        Payment(staffID: staffID, paidOn: day, amount: amount.negated, method: method, reference: reference, note: note,
                purpose: purpose, advanceID: advanceID, months: months.map { MonthShare(month: $0.month, amount: $0.amount.negated) },
                reverses: id)
    }

    public func validated() throws -> Payment {
        var copy = self
        copy.reference = try TextField.optional(reference, field: "reference", kind: .title)
        copy.note = try TextField.optional(note, field: "note", kind: .note)
        guard amount.isWholeMinorUnits else { throw MoneyError.tooManyDecimals(amount.plainAmount, currency: amount.currency) }
        guard isReversal ? amount.amount < 0 : amount.amount > 0 else { throw PaymentViolation.notPositive(amount) }
        guard (purpose == .advance || purpose == .repayment) == (advanceID != nil) else { throw PaymentViolation.advanceMissing }
        guard purpose == .payroll || months.isEmpty else { throw PaymentViolation.monthsOutsidePayroll }
        if purpose == .payroll {
            let total = months.reduce(Decimal(0)) { $0 + $1.amount.amount }
            guard !months.isEmpty, total == amount.amount, months.allSatisfy({ $0.amount.currency == amount.currency }),
                  Set(months.map(\.month)).count == months.count
            else { throw PaymentViolation.sharesDoNotAddUp }
        }
        return copy
    }
}

/// Splitting a payment of net pay over the months it pays.
public enum PaymentAllocation {
    /// What is still to pay for one month in the payment's currency.
    public struct Outstanding: Hashable, Sendable {
        public let month: YearMonth
        public let due: Money
        public let paid: Money

        public init(month: YearMonth, due: Money, paid: Money) {
            (self.month, self.due, self.paid) = (month, due, paid)
        }

        public var left: Money { Money(due.amount - paid.amount, due.currency) }
    }

    /// Fills the months in order, each up to what it still owes. `named` says the months were
    /// chosen by the person (each must owe something); otherwise they are the open months.
    public static func shares(of amount: Money, over months: [Outstanding], named: Bool) throws(PaymentViolation) -> [MonthShare] {
        if named, let settled = months.first(where: { $0.left.amount <= 0 }) {
            throw .monthAlreadyPaid(settled.month, due: settled.due)
        }
        var left = amount.amount
        var shares: [MonthShare] = []
        for month in months.sorted(by: { $0.month < $1.month }) where left > 0 && month.left.amount > 0 {
            let part = min(left, month.left.amount)
            shares.append(MonthShare(month: month.month, amount: Money(part, amount.currency)))
            left -= part
        }
        guard left == 0 else {
            let owed = months.reduce(Decimal(0)) { $0 + max(0, $1.left.amount) }
            throw .moreThanOwed(amount, owed: Money(owed, amount.currency), months: months.map(\.month).sorted())
        }
        return shares
    }
}

public enum PaymentViolation: HomeCrewError, Equatable {
    case unknownMethod(String)
    case notPositive(Money)
    case advanceMissing
    case monthsOutsidePayroll
    case sharesDoNotAddUp
    case monthAlreadyPaid(YearMonth, due: Money)
    case moreThanOwed(Money, owed: Money, months: [YearMonth])
    case nothingOwed(upTo: YearMonth, currency: Currency)
    case firstPaymentNamesMonths(String)
    case alreadyReversed(String)
    case reversalOfReversal(String)
    case repaymentExceedsBalance(Money, balance: Money)
    case advanceHasRepayments(String)
    case advanceHasClosedDeductions(String, months: [YearMonth])
    case advanceReversed(String)
    case currencyNotPaid(Currency, month: YearMonth)

    public var category: ErrorCategory {
        switch self {
        case .unknownMethod: .usage
        default: .invalidData
        }
    }

    public var description: String {
        switch self {
        case .unknownMethod(let text):
            "unknown payment method '\(text)'; use one of: \(PaymentMethod.allCases.map(\.rawValue).joined(separator: ", "))"
        case .notPositive(let money): "a payment is a positive amount, not \(money)"
        case .advanceMissing: "an advance's payment or repayment names the advance, and only those do"
        case .monthsOutsidePayroll: "only a payment of pay is shared out over months"
        case .sharesDoNotAddUp: "the months a payment pays must add up to the payment, once each, in its currency"
        case let .monthAlreadyPaid(month, due): "\(month) is already paid in full (\(due) was due)"
        case let .moreThanOwed(amount, owed, months):
            "\(amount) is more than the \(owed) still owed for \(months.map(\.description).joined(separator: ", ")); "
                + "a bonus is an adjustment first (homecrew pay adjust), an advance is homecrew advance add"
        case let .nothingOwed(month, currency): "nothing is owed in \(currency.code) up to \(month); say which month with --for"
        case .firstPaymentNamesMonths(let name):
            "this is the first payment recorded for \(name): say which month(s) it pays with --for yyyy-mm, "
                + "or open the ledger where HomeCrew begins (homecrew pay opening --settled-through yyyy-mm); later payments follow on"
        case .alreadyReversed(let id): "payment \(id) is already reversed"
        case .reversalOfReversal(let id): "\(id) is itself a reversal; record the payment again instead"
        case let .repaymentExceedsBalance(amount, balance): "\(amount) is more than the \(balance) left to repay"
        case .advanceHasRepayments(let id): "advance \(id) has repayments; reverse them first"
        case let .advanceHasClosedDeductions(id, months):
            "advance \(id) was deducted from closed months (\(months.map(\.description).joined(separator: ", "))); reopen them first"
        case .advanceReversed(let id): "advance \(id) is reversed"
        case let .currencyNotPaid(currency, month): "no pay in \(currency.code) is due for \(month)"
        }
    }
}
