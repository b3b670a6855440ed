import Foundation

/// How an advance or loan comes back out of pay.
public enum RepaymentRule: Hashable, Sendable {
    /// A fixed amount each month from `from` until nothing is left.
    case perMonth(Money, from: YearMonth)
    /// `count` equal instalments from `from`, whole minor units; the last takes what is left.
    case instalments(Int, from: YearMonth)

    public var firstMonth: YearMonth {
        switch self {
        case .perMonth(_, let from), .instalments(_, let from): from
        }
    }

    /// What the rule asks for in the `index`th month (0: the first month), given what is left.
    public func instalment(index: Int, of advance: Money, left: Decimal) -> Decimal {
        switch self {
        case .perMonth(let money, _):
            return min(money.amount, left)
        case .instalments(let count, _):
            return index >= count - 1 ? left : min(Self.regularInstalment(advance, count: count), left)
        }
    }

    /// The advance divided by the count, rounded down to the minor unit, so that the last
    /// instalment (which takes the rest) is never smaller than the others.
    public static func regularInstalment(_ advance: Money, count: Int) -> Decimal {
        advance.scaled(by: 1, over: Decimal(count)).rounded(.down).amount
    }

    /// "2500.00 INR a month from 2026-12", "6 instalments from 2026-12".
    public var description: String {
        switch self {
        case let .perMonth(money, from): "\(money) a month from \(from)"
        case let .instalments(count, from): "\(counted(count, "instalment")) from \(from)"
        }
    }
}

/// Money given ahead of pay, repaid from pay by a rule.
public struct Advance: Identifiable, Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case advance, loan
    }

    public var id: RecordID
    public var staffID: RecordID
    public var kind: Kind
    public var givenOn: CalendarDate
    public var amount: Money
    public var repayment: RepaymentRule
    public var note: String?

    public init(id: RecordID = .random(), staffID: RecordID, kind: Kind = .advance, givenOn: CalendarDate, amount: Money,
                repayment: RepaymentRule, note: String? = nil) {
        (self.id, self.staffID, self.kind, self.givenOn, self.amount, self.repayment, self.note) =
            (id, staffID, kind, givenOn, amount, repayment, note)
    }

    /// Checks the advance against itself and the person's employment.
    public func validated(for member: StaffMember) throws -> Advance {
        var copy = self
        copy.note = try TextField.optional(note, field: "note", kind: .note)
        guard amount.amount > 0 else { throw AdvanceViolation.notPositive(amount) }
        guard amount.isWholeMinorUnits else { throw MoneyError.tooManyDecimals(amount.plainAmount, currency: amount.currency) }
        switch repayment {
        case .perMonth(let money, _):
            guard money.currency == amount.currency else { throw MoneyError.currencyMismatch(amount.currency, money.currency) }
            guard money.amount > 0, money.isWholeMinorUnits, money.amount <= amount.amount else {
                throw AdvanceViolation.badMonthlyAmount(money, advance: amount)
            }
        case .instalments(let count, _):
            guard (1...600).contains(count) else { throw AdvanceViolation.badInstalmentCount(count) }
            guard RepaymentRule.regularInstalment(amount, count: count) > 0 else {
                throw AdvanceViolation.instalmentsTooSmall(amount, count: count)
            }
        }
        guard repayment.firstMonth >= YearMonth(givenOn) else {
            throw AdvanceViolation.repaidBeforeGiven(repayment.firstMonth, givenOn: givenOn)
        }
        if let leaving = member.leavingDate, givenOn > leaving {
            throw AdvanceViolation.givenAfterLeaving(givenOn, leaving: leaving)
        }
        return copy
    }
}

public enum AdvanceViolation: HomeCrewError, Equatable {
    case notPositive(Money)
    case badMonthlyAmount(Money, advance: Money)
    case badInstalmentCount(Int)
    case instalmentsTooSmall(Money, count: Int)
    case repaidBeforeGiven(YearMonth, givenOn: CalendarDate)
    case givenAfterLeaving(CalendarDate, leaving: CalendarDate)
    case currencyNotPaid(Currency)

    public var category: ErrorCategory { .invalidData }

    public var description: String {
        switch self {
        case .notPositive(let money): "an advance is a positive amount, not \(money)"
        case let .badMonthlyAmount(money, advance): "the monthly repayment must be more than nothing and at most the advance (\(advance)), not \(money)"
        case .badInstalmentCount(let count): "instalments must be 1 to 600, not \(count)"
        case let .instalmentsTooSmall(money, count): "\(money) cannot be repaid in \(count) instalments of at least one minor unit"
        case let .repaidBeforeGiven(month, givenOn): "repayment cannot start in \(month), before the advance is given on \(givenOn)"
        case let .givenAfterLeaving(day, leaving): "\(day) is after the leaving date \(leaving)"
        case .currencyNotPaid(let currency): "this person is not paid in \(currency.code); an advance is repaid from pay in the salary's currency"
        }
    }
}
