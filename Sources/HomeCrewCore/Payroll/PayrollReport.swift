/// Payroll for a period across one or more households, with totals that keep currencies apart.
public struct PayrollReport: Sendable {
    public struct Entry: Hashable, Sendable {
        public let household: Household
        public let member: StaffMember
        public let line: PayrollLine
    }

    public struct Input: Sendable {
        public let household: Household
        public let member: StaffMember
        public let salaries: SalaryHistory
        public let leave: [LeaveEntry]
        public let adjustments: [PayAdjustment]

        public init(household: Household, member: StaffMember, salaries: SalaryHistory, leave: [LeaveEntry],
                    adjustments: [PayAdjustment]) {
            self.household = household
            self.member = member
            self.salaries = salaries
            self.leave = leave
            self.adjustments = adjustments
        }
    }

    public let period: Period
    /// By month, then household name, then staff name.
    public let entries: [Entry]

    public init(period: Period, inputs: [Input]) {
        self.period = period
        self.entries = inputs.flatMap { input in
            PayrollCalculator.lines(for: input.member, salaries: input.salaries, leave: input.leave,
                                    adjustments: input.adjustments, period: period.range)
                .map { Entry(household: input.household, member: input.member, line: $0) }
        }.sorted { lhs, rhs in
            (lhs.line.month, lhs.household.name, lhs.member.legalName, lhs.member.id.rawValue, lhs.line.currency.code)
                < (rhs.line.month, rhs.household.name, rhs.member.legalName, rhs.member.id.rawValue, rhs.line.currency.code)
        }
    }

    /// Net pay per currency over every line.
    public var totals: [Money] {
        entries.reduce(into: CurrencyTotals()) { $0.add($1.line.net) }.totals
    }

    /// Net pay per household and currency, households by name.
    public var householdTotals: [(household: Household, totals: [Money])] {
        let grouped = Dictionary(grouping: entries, by: \.household)
        return grouped.keys.sorted { $0.name < $1.name }.map { household in
            (household, grouped[household]!.reduce(into: CurrencyTotals()) { $0.add($1.line.net) }.totals)
        }
    }
}
