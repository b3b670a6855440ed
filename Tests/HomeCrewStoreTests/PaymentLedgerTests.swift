import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore
import HomeCrewTestSupport

/// Randomized households paid month by month through the store, checked against an independent
/// computation: pay worked out day by day, and the test's own list of what it paid and repaid.
final class PaymentLedgerTests: XCTestCase {
    let inr = try! Currency(code: "INR")

    func day(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    /// One person of a scenario, as the test itself knows them.
    struct Person {
        var member: StaffMember
        var salaries: [(from: CalendarDate, amount: Decimal)]
        var unpaid: [DateRange] = []
        var advances: [Advance] = []
        /// Payment id → month and amount, for payments not reversed.
        var paid: [RecordID: (month: YearMonth, amount: Decimal)] = [:]
        /// Repayment id → advance and amount, not reversed.
        var repaid: [RecordID: (advance: RecordID, amount: Decimal)] = [:]
        /// The ledger's opening for them (their own, else the household's): months up to it were settled before HomeCrew.
        var settledThrough: YearMonth?

        func isSettled(_ month: YearMonth) -> Bool { settledThrough.map { month <= $0 } ?? false }
    }

    /// What the scenarios exercised, so that a generator that stops making a case is noticed.
    var seen: [String: Int] = [:]

    func testRandomScenariosBalanceToTheMinorUnit() throws {
        for seed in 1...24 {
            try runScenario(seed: UInt64(seed))
        }
        for what in ["instalment", "instalment in a closed month", "capped instalment", "repayment", "reversal", "part payment",
                     "advance fully repaid", "settled month", "own opening", "instalment in a settled month", "settled month refused",
                     "settlement after the opening", "settlement in a settled month"] {
            XCTAssertGreaterThanOrEqual(seen[what, default: 0], what == "instalment" ? 20 : 1, "the scenarios never made: \(what)")
        }
        print("PaymentLedgerTests exercised: \(seen.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    }

    func runScenario(seed: UInt64) throws {
        var random = Seeded(state: seed)
        let database = try AppDatabase.empty()
        let household = try database.addHousehold(Household(name: "House \(seed)")).household
        var people: [Person] = []
        for index in 0..<Int.random(in: 1...2, using: &random) {
            let start = day("2025-01-01").adding(daysClamped: Int.random(in: 0...150, using: &random))
            let leaving = Bool.random(using: &random) ? start.adding(daysClamped: Int.random(in: 300...600, using: &random)) : nil
            let salary = Decimal(Int.random(in: 1_000_000...4_000_000, using: &random)) / 100
            let details = try database.addStaff(StaffMember(householdID: household.id, legalName: "Person \(seed) \(index)", startDate: start,
                                                            leavingDate: leaving, annualLeave: LeaveDays(halfDays: 42)),
                                                salary: Money(salary, inr))
            var person = Person(member: details.member, salaries: [(start, salary)])
            if Bool.random(using: &random) {
                let raise = start.adding(daysClamped: Int.random(in: 40...250, using: &random))
                let amount = salary + Decimal(Int.random(in: 100...300_000, using: &random)) / 100
                _ = try database.setSalary(details.member.id.rawValue, amount: Money(amount, inr).plainAmount, currency: nil, from: raise)
                person.salaries.append((raise, amount))
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let first = start.adding(daysClamped: Int.random(in: 10...400, using: &random))
                let range = DateRange(first, first.adding(daysClamped: Int.random(in: 0...20, using: &random)))
                guard range.end <= (leaving ?? .latest), !person.unpaid.contains(where: { $0.overlaps(range) }) else { continue }
                _ = try database.addLeave(details.member.id.rawValue, range: range, halfDay: false, type: .unpaid, note: nil)
                person.unpaid.append(range)
            }
            people.append(person)
        }
        try open(household, &people, database, &random)
        var frozen: [String: PayrollReport.Entry] = [:]
        for month in DateRange(day("2025-01-01"), day("2026-12-31")).months {
            for index in people.indices {
                try act(in: month, on: &people[index], database, &random)
            }
            if Int.random(in: 0..<10, using: &random) < 6 {
                let closing = try database.closeMonth(month, householdID: household.id)
                XCTAssertTrue(closing.closed)
                for entry in try database.payroll(.month(month), householdID: household.id).entries {
                    frozen["\(entry.member.id) \(month)"] = entry
                }
            }
        }
        try check(people, frozen: frozen, database, seed: seed)
    }

    /// The household's ledger opens at a random month from the first start; sometimes one person's at another.
    func open(_ household: Household, _ people: inout [Person], _ database: AppDatabase, _ random: inout Seeded) throws {
        let today = day("2026-12-31")
        if Bool.random(using: &random) {
            let month = YearMonth(people[0].member.startDate.adding(daysClamped: 31 * Int.random(in: 0...16, using: &random)))
            _ = try database.openLedger(householdID: household.id, staff: people[0].member.id.rawValue, settledThrough: month, today: today, note: nil)
            people[0].settledThrough = month
            seen["own opening", default: 0] += 1
        }
        let first = people.map(\.member.startDate).min()!
        let month = YearMonth(first.adding(daysClamped: 31 * Int.random(in: 0...17, using: &random)))
        _ = try database.openLedger(householdID: household.id, staff: nil, settledThrough: month, today: today, note: nil)
        for index in people.indices where people[index].settledThrough == nil { people[index].settledThrough = month }
    }

    /// Maybe an advance, a repayment, a payment of the month's pay, a reversal.
    func act(in month: YearMonth, on person: inout Person, _ database: AppDatabase, _ random: inout Seeded) throws {
        let member = person.member
        let employed = DateRange(month.first, month.last).overlaps(member.employment)
        if employed, Int.random(in: 0..<10, using: &random) < 2 {
            let given = month.first.adding(daysClamped: Int.random(in: 0..<month.dayCount, using: &random))
            let amount = Money(Decimal(Int.random(in: 100_000...3_000_000, using: &random)) / 100, inr)
            let repay: AdvanceRequest.Repay = Bool.random(using: &random)
                ? .instalments(Int.random(in: 1...9, using: &random))
                : .perMonth(Money(Decimal(Int.random(in: 50_000...900_000, using: &random)) / 100, inr).plainAmount)
            if given >= member.startDate, given <= member.employment.end,
               let entry = try? database.addAdvance(AdvanceRequest(staff: member.id.rawValue, amount: amount.plainAmount, givenOn: given,
                                                                  repay: repay, firstMonth: month.next)) {
                person.advances.append(entry.statement.advance)
            }
        }
        if let advance = person.advances.randomElement(using: &random), Int.random(in: 0..<10, using: &random) < 2 {
            let amount = Money(Decimal(Int.random(in: 10_000...500_000, using: &random)) / 100, inr)
            if let entry = try? database.repayAdvance(advance.id.rawValue, amount: amount.plainAmount, on: month.last, method: .cash) {
                person.repaid[entry.payment.id] = (advance.id, amount.amount)
            }
        }
        let line = try database.payroll(.month(month), householdID: member.householdID).entries.first { $0.member.id == member.id }
        if employed, person.isSettled(month), Int.random(in: 0..<10, using: &random) < 2 {
            XCTAssertThrowsError(try database.recordPayment(PaymentRequest(staff: member.id.rawValue, amount: "100", paidOn: month.last,
                                                                           method: .cash, months: [month]))) { error in
                XCTAssertEqual(error as? OpeningViolation, .monthSettledBefore(month, through: person.settledThrough!))
            }
            seen["settled month refused", default: 0] += 1
        }
        if let line, line.outstanding.amount > 0, Int.random(in: 0..<10, using: &random) < 8 {
            let part = Bool.random(using: &random) ? line.outstanding.amount
                : Money(line.outstanding.amount * Decimal(Int.random(in: 1...99, using: &random)) / 100, inr).rounded().amount
            if part > 0 {
                let entry = try database.recordPayment(PaymentRequest(staff: member.id.rawValue, amount: Money(part, inr).plainAmount,
                                                                      paidOn: month.last, method: .bankTransfer, months: [month]))
                person.paid[entry.payment.id] = (month, part)
            }
        }
        if let (id, _) = person.paid.randomElement(using: &random), Int.random(in: 0..<10, using: &random) < 1 {
            _ = try database.reversePayment(id.rawValue, on: month.last, note: "mistake")
            person.paid[id] = nil
            seen["reversal", default: 0] += 1
        }
        if let (id, _) = person.repaid.randomElement(using: &random), Int.random(in: 0..<20, using: &random) < 1 {
            _ = try database.reversePayment(id.rawValue, on: month.last, note: "mistake")
            person.repaid[id] = nil
        }
    }

    func check(_ people: [Person], frozen: [String: PayrollReport.Entry], _ database: AppDatabase, seed: UInt64) throws {
        let period = Period(range: DateRange(day("2025-01-01"), day("2026-12-31")), label: "two years")
        let report = try database.payroll(period, householdID: people[0].member.householdID)
        let owed = try database.owed(period, householdID: people[0].member.householdID)
        for person in people {
            let entries = report.entries.filter { $0.member.id == person.member.id }
            for entry in entries {
                let line = entry.line, context = "seed \(seed), \(person.member.legalName), \(line.month)"
                XCTAssertEqual(line.netBeforeDeductions.amount, Self.independentPay(person, line.month), context)
                XCTAssertLessThanOrEqual(line.deductionTotal.amount, max(0, line.netBeforeDeductions.amount), context)
                XCTAssertEqual(line.net.amount, line.netBeforeDeductions.amount - line.deductionTotal.amount, context)
                let paid = person.paid.values.filter { $0.month == line.month }.reduce(Decimal(0)) { $0 + $1.amount }
                XCTAssertEqual(entry.paidTotal.amount, paid, context)
                XCTAssertEqual(entry.settledBeforeHomeCrew, person.isSettled(line.month), context)
                if person.isSettled(line.month) {
                    // Before the opening nothing is owed or paid; the month's pay and instalments are worked out as ever.
                    XCTAssertEqual(entry.outstanding.amount, 0, context)
                    XCTAssertEqual(paid, 0, context)
                    XCTAssertEqual(entry.paymentSummary, "settled before HomeCrew", context)
                    seen["settled month", default: 0] += 1
                    seen["instalment in a settled month", default: 0] += line.deductions.count
                } else {
                    XCTAssertEqual(entry.paidTotal.amount + entry.outstanding.amount, line.net.amount, context)
                }
                seen["instalment", default: 0] += line.deductions.count
                if !line.deductions.isEmpty && line.net.amount == 0 { seen["capped instalment", default: 0] += 1 }
                if entry.outstanding.amount > 0 && entry.paidTotal.amount > 0 { seen["part payment", default: 0] += 1 }
                if let closed = frozen["\(person.member.id) \(line.month)"] {
                    seen["instalment in a closed month", default: 0] += closed.line.deductions.count
                    XCTAssertEqual(line.deductions.map(\.amount), closed.line.deductions.map(\.amount), "closed month changed: \(context)")
                    XCTAssertEqual(line.net, closed.line.net, "closed month changed: \(context)")
                }
            }
            let row = owed.rows.first { $0.member.id == person.member.id }
            let due = entries.filter { !person.isSettled($0.line.month) }.reduce(Decimal(0)) { $0 + $1.line.net.amount }
            XCTAssertEqual(row?.settledMonths ?? [], entries.map(\.line.month).filter(person.isSettled), "seed \(seed)")
            XCTAssertTrue(row?.openMonths.allSatisfy { !person.isSettled($0) } ?? true, "seed \(seed)")
            XCTAssertEqual(row?.due.amount ?? 0, due, "seed \(seed)")
            XCTAssertEqual((row?.paid.amount ?? 0) + (row?.outstanding.amount ?? 0), due, "seed \(seed)")
            XCTAssertEqual(row?.paid.amount ?? 0, person.paid.values.reduce(Decimal(0)) { $0 + $1.amount }, "seed \(seed)")
            try checkAdvances(person, database, seed: seed)
            try checkSettlement(person, entries: entries, database, seed: seed)
        }
    }

    /// A settlement's final pay: "settled before HomeCrew" in a month the opening covers; otherwise
    /// the month's net pay less what was paid of it, as the payroll has it.
    func checkSettlement(_ person: Person, entries: [PayrollReport.Entry], _ database: AppDatabase, seed: UInt64) throws {
        let leaving = min(person.member.employment.end, day("2026-12-31"))
        let (facts, _) = try database.settlementFacts(person.member.id.rawValue, leaving: leaving, reason: .resignation,
                                                      noticeGiven: nil, contractGratuity: nil)
        let month = YearMonth(leaving), context = "seed \(seed), \(person.member.legalName) leaving \(leaving)"
        guard let entry = entries.first(where: { $0.line.month == month }) else { return XCTFail(context) }
        XCTAssertEqual(facts.finalMonthSettledBeforeHomeCrew, person.isSettled(month), context)
        let line = SettlementCalculator.finalPay(facts)
        if person.isSettled(month) {
            XCTAssertEqual(line?.amount.amount, 0, context)
            XCTAssertEqual(line?.arithmetic, ["\(month): pay to the last day settled before HomeCrew"], context)
            seen["settlement in a settled month", default: 0] += 1
        } else {
            XCTAssertEqual(facts.finalMonthDue, entry.line.net, context)
            XCTAssertEqual(facts.finalMonthPaid, entry.paidTotal, context)
            seen["settlement after the opening", default: 0] += 1
        }
    }

    func checkAdvances(_ person: Person, _ database: AppDatabase, seed: UInt64) throws {
        let listing = try database.advanceListing(staff: person.member.id.rawValue, householdID: nil, through: try YearMonth(parsing: "2026-12"))
        XCTAssertEqual(listing.count, person.advances.count)
        for entry in listing {
            let statement = entry.statement, amount = statement.advance.amount.amount
            let context = "seed \(seed), advance \(statement.advance.id.short) of \(statement.advance.amount)"
            let deducted = statement.deductions.reduce(Decimal(0)) { $0 + $1.amount.amount }
            let repaid = person.repaid.values.filter { $0.advance == statement.advance.id }.reduce(Decimal(0)) { $0 + $1.amount }
            XCTAssertEqual(deducted + repaid + statement.left.amount, amount, context)
            XCTAssertGreaterThanOrEqual(statement.left.amount, 0, context)
            if statement.left.amount == 0 { seen["advance fully repaid", default: 0] += 1 }
            if repaid > 0 { seen["repayment", default: 0] += 1 }
            for deduction in statement.deductions {
                XCTAssertGreaterThan(deduction.amount.amount, 0, context)
                XCTAssertGreaterThanOrEqual(deduction.balanceAfter.amount, 0, context)
                XCTAssertTrue(deduction.amount.isWholeMinorUnits, context)
            }
            // Instalments without repayments, repaid in as many months as instalments: none takes more than the
            // regular instalment (one held back by low pay takes less), and the last takes exactly what is left.
            // (Which of two advances given on one day is served first depends on their random ids: a month's
            // pay may hold either back.)
            if case .instalments(let count, _) = statement.advance.repayment, repaid == 0, statement.deductions.count == count, statement.left.amount == 0 {
                let regular = RepaymentRule.regularInstalment(statement.advance.amount, count: count)
                let before = statement.deductions.dropLast().map(\.amount.amount)
                XCTAssertTrue(before.allSatisfy { $0 <= regular }, "\(before) over \(regular): \(context)")
                XCTAssertEqual(statement.deductions.last!.amount.amount, amount - before.reduce(0, +), context)
                if before.allSatisfy({ $0 == regular }) { seen["instalments equal but the last", default: 0] += 1 }
            }
        }
    }

    /// The month's pay worked out day by day: each day employed and not on unpaid leave earns
    /// that day's salary ÷ the days in the month; rounded once, halves up.
    static func independentPay(_ person: Person, _ month: YearMonth) -> Decimal {
        var salaryDays = Decimal(0)
        var date = month.first
        while date <= month.last {
            if person.member.employment.contains(date), !person.unpaid.contains(where: { $0.contains(date) }),
               let salary = person.salaries.last(where: { $0.from <= date })?.amount {
                salaryDays += salary
            }
            date = date.adding(daysClamped: 1)
        }
        var total = salaryDays / Decimal(month.dayCount)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &total, 2, .plain)
        return rounded
    }
}
