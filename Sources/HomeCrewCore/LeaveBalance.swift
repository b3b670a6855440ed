/// One person's leave in one calendar year.
public struct LeaveBalance: Hashable, Sendable {
    public let year: Int
    /// The annual allocation, prorated by the days employed in the year.
    public let allocation: LeaveDays
    /// Unused days brought from the year before, up to the household's cap.
    public let carriedOver: LeaveDays
    /// Leave taken in the year, by type (annual leave is what counts against the balance).
    public let taken: [LeaveType: LeaveDays]
    /// Allocation + carried over − annual leave taken; negative is an overshoot.
    public let balance: LeaveDays

    public var isOvershoot: Bool { balance.halfDays < 0 }
}

/// Works out leave allocations and balances per calendar year.
///
/// The allocation for a year is `days per year × days employed in the year ÷ days in the
/// year`, rounded to the nearest half day (halves of a half day up). Unused days carry into
/// the next year up to `carryOverCap` (0 by default: use it or lose it).
public struct LeaveCalculator: Sendable {
    public let carryOverCap: LeaveDays

    public init(carryOverCap: LeaveDays = LeaveDays(halfDays: 0)) {
        self.carryOverCap = carryOverCap
    }

    public static func yearRange(_ year: Int) -> DateRange {
        DateRange(try! CalendarDate(year: year, month: 1, day: 1), try! CalendarDate(year: year, month: 12, day: 31))
    }

    /// The allocation for `year`, prorated for a joiner or a leaver.
    public func allocation(for member: StaffMember, year: Int) -> LeaveDays {
        let yearRange = Self.yearRange(year)
        let employment = DateRange(member.startDate, max(member.leavingDate ?? yearRange.end, member.startDate))
        guard let employed = yearRange.intersection(employment) else { return LeaveDays(halfDays: 0) }
        // round(a × e ÷ d) for non-negative integers, exactly: ⌊(2ae + d) ÷ 2d⌋.
        let a = member.annualLeave.halfDays, e = employed.dayCount, d = yearRange.dayCount
        return LeaveDays(halfDays: (2 * a * e + d) / (2 * d))
    }

    /// The balance for `year`, carrying unused days forward from the start year. Each entry is
    /// counted in the years it touches only (entries never overlap, so the work is the years plus
    /// the entries, not their product); a long employment asks the request's budget every year.
    public func balance(for member: StaffMember, leave: [LeaveEntry], year: Int) throws(WorkBudgetError) -> LeaveBalance {
        var byYear: [Int: [LeaveEntry]] = [:]
        var meter = WorkMeter()
        for entry in leave where entry.staffID == member.id && entry.range.start.year <= year {
            for touched in entry.range.start.year...min(entry.range.end.year, year) {
                try meter.tick()
                byYear[touched, default: []].append(entry)
            }
        }
        var carried = 0
        var result: LeaveBalance?
        for current in min(member.startDate.year, year)...year {
            try WorkBudget.checkCurrent()
            let window = Self.yearRange(current)
            var taken: [LeaveType: Int] = [:]
            for entry in byYear[current] ?? [] {
                taken[entry.type, default: 0] += entry.halfDays(in: window)
            }
            let allocated = allocation(for: member, year: current).halfDays
            let remaining = allocated + carried - taken[.annual, default: 0]
            result = LeaveBalance(
                year: current, allocation: LeaveDays(halfDays: allocated), carriedOver: LeaveDays(halfDays: carried),
                taken: taken.mapValues { LeaveDays(halfDays: $0) }, balance: LeaveDays(halfDays: remaining))
            carried = min(carryOverCap.halfDays, max(0, remaining))
        }
        return result!
    }
}
