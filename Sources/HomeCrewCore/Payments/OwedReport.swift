import Foundation

/// What each person was due, was paid and is still owed over a period, and what they still owe
/// back on advances; per currency, never summed across currencies.
public struct OwedReport: Sendable {
    public struct Row: Hashable, Sendable {
        public let household: Household
        public let member: StaffMember
        public let currency: Currency
        public let due: Money
        public let paid: Money
        /// Months with net pay still to pay (or paid more than is due), oldest first.
        public let openMonths: [YearMonth]
        /// Left to repay on advances and loans after the period's last month.
        public let advancesLeft: Money
        /// Months of the period covered by the ledger's opening: neither due nor paid here.
        public var settledMonths: [YearMonth] = []

        /// Due less paid; negative when more was paid than is due.
        public var outstanding: Money { Money(due.amount - paid.amount, currency) }
    }

    public struct Totals: Hashable, Sendable {
        public let currency: Currency
        public let due: Money
        public let paid: Money
        public let outstanding: Money
        public let advancesLeft: Money
    }

    public let period: Period
    /// By household name, then staff name, then currency.
    public let rows: [Row]

    public init(payroll: PayrollReport) {
        period = payroll.period
        let last = YearMonth(payroll.period.range.end)
        let grouped = Dictionary(grouping: payroll.entries) { "\($0.member.id.rawValue) \($0.line.currency.code)" }
        var rows = grouped.values.map { all -> Row in
            let first = all[0]
            let entries = all.filter { !$0.settledBeforeHomeCrew }
            let currency = first.line.currency
            let advances = (payroll.advances[first.member.id]?.statements ?? []).filter { $0.advance.amount.currency == currency }
            return Row(household: first.household, member: first.member, currency: currency,
                       due: Money.sum(entries.map(\.line.net), currency), paid: Money.sum(entries.map(\.paidTotal), currency),
                       openMonths: entries.filter { $0.outstanding.amount != 0 }.map(\.line.month).sorted(),
                       advancesLeft: Money.sum(advances.map { $0.left(through: last) }, currency),
                       settledMonths: all.filter(\.settledBeforeHomeCrew).map(\.line.month).sorted())
        }
        // Someone with an advance still to repay but no pay in the period is listed too.
        for (staffID, holder) in payroll.advances {
            for currency in Set(holder.statements.map(\.advance.amount.currency)) where grouped["\(staffID.rawValue) \(currency.code)"] == nil {
                let left = Money.sum(holder.statements.filter { $0.advance.amount.currency == currency }.map { $0.left(through: last) }, currency)
                guard left.amount != 0 else { continue }
                rows.append(Row(household: holder.household, member: holder.member, currency: currency, due: .zero(currency),
                                paid: .zero(currency), openMonths: [], advancesLeft: left))
            }
        }
        self.rows = rows.sorted {
            ($0.household.name, $0.member.legalName, $0.member.id.rawValue, $0.currency.code)
                < ($1.household.name, $1.member.legalName, $1.member.id.rawValue, $1.currency.code)
        }
    }

    /// Sums per currency, by code.
    public var totals: [Totals] {
        Dictionary(grouping: rows, by: \.currency).sorted { $0.key.code < $1.key.code }.map { currency, rows in
            Totals(currency: currency, due: Money.sum(rows.map(\.due), currency), paid: Money.sum(rows.map(\.paid), currency),
                   outstanding: Money.sum(rows.map(\.outstanding), currency), advancesLeft: Money.sum(rows.map(\.advancesLeft), currency))
        }
    }
}
