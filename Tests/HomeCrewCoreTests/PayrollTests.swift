import XCTest
@testable import HomeCrewCore

final class PayrollTests: XCTestCase {
    let inr = try! Currency(code: "INR"), jpy = try! Currency(code: "JPY"), kwd = try! Currency(code: "KWD"),
        aed = try! Currency(code: "AED")

    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }
    func month(_ text: String) -> YearMonth { try! YearMonth(parsing: text) }

    func member(start: String, leaving: String? = nil) -> StaffMember {
        StaffMember(householdID: RecordID(rawValue: "aaaaaaaaaaaa"), legalName: "Test Person", startDate: date(start),
                    leavingDate: leaving.map(date))
    }

    func history(_ member: StaffMember, _ entries: [(String, String, Currency)]) -> SalaryHistory {
        SalaryHistory(entries.map { SalaryEntry(staffID: member.id, effectiveFrom: date($0.0),
                                                salary: try! Money(parsing: $0.1, currency: $0.2)) })
    }

    /// The net pay of each line for `month`.
    func pay(_ member: StaffMember, _ salaries: [(String, String, Currency)], _ month: String,
             leave: [LeaveEntry] = [], adjustments: [PayAdjustment] = []) -> [String] {
        let m = self.month(month)
        return try! PayrollCalculator.lines(for: member, salaries: history(member, salaries), leave: leave, adjustments: adjustments,
                                       period: DateRange(m.first, m.last)).map(\.net.description)
    }

    func testAWholeMonthAtOneSalaryIsExactlyThatSalary() throws {
        let asha = member(start: "2020-01-15")
        let salary = [("2020-01-15", "25000.00", inr)]
        for month in ["2024-02", "2026-02", "2026-01", "2026-04", "2026-11"] {
            XCTAssertEqual(pay(asha, salary, month), ["25000.00 INR"], month)
        }
        XCTAssertEqual(pay(asha, [("2020-01-15", "333.33", inr)], "2026-07"), ["333.33 INR"], "31 days: no drift")
        XCTAssertEqual(pay(asha, [("2020-01-15", "280001", jpy)], "2024-02"), ["280001 JPY"], "29 days")
    }

    func testTheWholeMonthShortcutAgreesWithTheDailyRateFormula() throws {
        // A second salary entry at the same amount splits the month into two segments, which
        // takes the general Σ salary × days ÷ days-in-month path; both must give the same net.
        let person = member(start: "2020-01-01")
        for (salary, currency, extra) in [("25000.00", inr, "0.50"), ("333.33", inr, "-12.34"), ("280001", jpy, "7"),
                                          ("450.125", kwd, "0.005"), ("0.01", inr, "0.01")] {
            for month in ["2024-02", "2026-02", "2026-04", "2026-07"] {
                let m = self.month(month)
                let adjustments = [PayAdjustment(staffID: person.id, month: m, amount: try Money(parsing: extra, currency: currency), reason: "")]
                let whole = pay(person, [("2020-01-01", salary, currency)], month, adjustments: adjustments)
                let split = pay(person, [("2020-01-01", salary, currency), (try m.first.adding(days: 10).description, salary, currency)],
                                month, adjustments: adjustments)
                XCTAssertEqual(whole, split, "\(salary) \(currency.code) \(month)")
                XCTAssertEqual(whole, [try Money(parsing: salary, currency: currency).adding(try Money(parsing: extra, currency: currency)).description])
            }
        }
    }

    func testAJoinerIsPaidTheEmployedDaysOnly() throws {
        // 17–30 November: 14 of 30 days.
        XCTAssertEqual(pay(member(start: "2026-11-17"), [("2026-11-17", "25000.00", inr)], "2026-11"), ["11666.67 INR"])
        XCTAssertEqual(pay(member(start: "2026-11-17"), [("2026-11-17", "280000", jpy)], "2026-11"), ["130667 JPY"])
        // 22–31 January: 10 of 31 days; KWD keeps three decimals.
        XCTAssertEqual(pay(member(start: "2026-01-22"), [("2026-01-22", "450.500", kwd)], "2026-01"), ["145.323 KWD"])
        // February: 28 days in 2026, 29 in 2024. Starting on the 15th leaves 14 and 15 days.
        XCTAssertEqual(pay(member(start: "2026-02-15"), [("2026-02-15", "28000.00", inr)], "2026-02"), ["14000.00 INR"])
        XCTAssertEqual(pay(member(start: "2024-02-15"), [("2024-02-15", "29000.00", inr)], "2024-02"), ["15000.00 INR"])
        XCTAssertEqual(pay(member(start: "2026-12-01"), [("2026-12-01", "1000.00", inr)], "2026-11"), [], "not yet started")
    }

    func testALeaverAndSomeoneWhoJoinsAndLeavesInOneMonth() throws {
        XCTAssertEqual(pay(member(start: "2020-01-01", leaving: "2026-11-10"), [("2020-01-01", "30000.00", inr)], "2026-11"),
                       ["10000.00 INR"])
        XCTAssertEqual(pay(member(start: "2026-02-10", leaving: "2026-02-20"), [("2026-02-10", "28000.00", inr)], "2026-02"),
                       ["11000.00 INR"], "11 of 28 days")
        XCTAssertEqual(pay(member(start: "2020-01-01", leaving: "2026-10-31"), [("2020-01-01", "30000.00", inr)], "2026-11"), [])
    }

    func testARaisePaysEachPartAtItsOwnRate() throws {
        let person = member(start: "2020-01-01")
        XCTAssertEqual(pay(person, [("2020-01-01", "20000.00", inr), ("2026-11-01", "30000.00", inr)], "2026-11"),
                       ["30000.00 INR"], "a raise on the 1st")
        XCTAssertEqual(pay(person, [("2020-01-01", "31000.00", inr), ("2026-01-31", "62000.00", inr)], "2026-01"),
                       ["32000.00 INR"], "a raise on the last day: 30 days at 31000, 1 at 62000")
        XCTAssertEqual(pay(person, [("2020-01-01", "30000.00", inr), ("2026-11-16", "36000.00", inr)], "2026-11"),
                       ["33000.00 INR"], "15 days at each")
        let lines = try PayrollCalculator.lines(for: person, salaries: history(person, [("2020-01-01", "30000.00", inr), ("2026-11-16", "36000.00", inr)]),
                                            leave: [], adjustments: [], period: DateRange(date("2026-11-01"), date("2026-11-30")))
        XCTAssertEqual(lines[0].segments.map(\.days.description), ["2026-11-01..2026-11-15", "2026-11-16..2026-11-30"])
    }

    func testRoundingHappensOnceAtTheEndHalvesAwayFromZero() throws {
        let person = member(start: "2020-01-01")
        // Rounded part by part this would be 225.81 + 774.97 = 1000.78.
        XCTAssertEqual(pay(person, [("2020-01-01", "1000.00", inr), ("2026-01-08", "1001.00", inr)], "2026-01"), ["1000.77 INR"])
        // 100.05 × 15/30 = 50.025 exactly: half away from zero gives 50.03 (banker's rounding would give 50.02).
        XCTAssertEqual(pay(member(start: "2026-11-16"), [("2026-11-16", "100.05", inr)], "2026-11"), ["50.03 INR"])
    }

    func testUnpaidLeaveIsDeductedAtTheDailyRateOfThoseDays() throws {
        let person = member(start: "2020-01-01")
        let salary = [("2020-01-01", "30000.00", inr), ("2026-11-16", "36000.00", inr)]
        func unpaid(_ from: String, _ to: String, half: Bool = false, type: LeaveType = .unpaid) -> LeaveEntry {
            LeaveEntry(staffID: person.id, range: DateRange(date(from), date(to)), isHalfDay: half, type: type)
        }
        XCTAssertEqual(pay(person, salary, "2026-11", leave: [unpaid("2026-11-03", "2026-11-04")]), ["31000.00 INR"], "2 × 1000")
        XCTAssertEqual(pay(person, salary, "2026-11", leave: [unpaid("2026-11-15", "2026-11-16")]), ["30800.00 INR"], "1000 + 1200")
        XCTAssertEqual(pay(person, salary, "2026-11", leave: [unpaid("2026-11-20", "2026-11-20", half: true)]), ["32400.00 INR"])
        XCTAssertEqual(pay(person, salary, "2026-11", leave: [unpaid("2026-10-30", "2026-11-01")]), ["32000.00 INR"],
                       "only the days inside the month")
        XCTAssertEqual(pay(person, salary, "2026-11", leave: [unpaid("2026-11-03", "2026-11-09", type: .annual),
                                                              unpaid("2026-11-10", "2026-11-10", type: .sick)]),
                       ["33000.00 INR"], "paid leave is paid")
    }

    func testAdjustmentsAreAddedAfterTheSalaryAndListedOnTheLine() throws {
        let person = member(start: "2020-01-01")
        let bonus = PayAdjustment(staffID: person.id, month: month("2026-11"), amount: try Money(parsing: "500", currency: inr), reason: "Diwali bonus")
        let recovery = PayAdjustment(staffID: person.id, month: month("2026-11"), amount: try Money(parsing: "-1000.50", currency: inr), reason: "advance recovery")
        let december = PayAdjustment(staffID: person.id, month: month("2026-12"), amount: try Money(parsing: "700", currency: inr), reason: "later")
        let lines = try PayrollCalculator.lines(for: person, salaries: history(person, [("2020-01-01", "30000.00", inr)]), leave: [],
                                            adjustments: [bonus, recovery, december], period: DateRange(date("2026-11-01"), date("2026-11-30")))
        XCTAssertEqual(lines.map(\.net.description), ["29499.50 INR"])
        XCTAssertEqual(lines[0].adjustments.map(\.reason), ["Diwali bonus", "advance recovery"])
        // A final bonus paid the month after leaving is a line of its own.
        let leaver = member(start: "2020-01-01", leaving: "2026-10-31")
        let final = PayAdjustment(staffID: leaver.id, month: month("2026-11"), amount: try Money(parsing: "5000", currency: inr), reason: "gratuity")
        XCTAssertEqual(try PayrollCalculator.lines(for: leaver, salaries: history(leaver, [("2020-01-01", "30000.00", inr)]), leave: [],
                                               adjustments: [final], period: DateRange(date("2026-11-01"), date("2026-11-30"))).map(\.net.description),
                       ["5000.00 INR"])
    }

    func testACurrencyChangeMidMonthGivesOneLinePerCurrencyAndTotalsNeverMix() throws {
        let person = member(start: "2020-01-01")
        XCTAssertEqual(pay(person, [("2020-01-01", "30000.00", inr), ("2026-11-16", "3000.00", aed)], "2026-11"),
                       ["15000.00 INR", "1500.00 AED"])
        var totals = CurrencyTotals()
        totals.add(Money(15000, inr))
        totals.add(Money(1500, aed))
        totals.add(Money(Decimal(sign: .plus, exponent: -2, significand: 1), inr))
        XCTAssertEqual(totals.totals.map(\.description), ["1500.00 AED", "15000.01 INR"])
    }

    func testAPeriodPaysOnlyItsDaysAndEveryMonthItTouches() throws {
        let person = member(start: "2020-01-01")
        let lines = try PayrollCalculator.lines(for: person, salaries: history(person, [("2020-01-01", "31000.00", inr)]), leave: [],
                                            adjustments: [], period: DateRange(date("2026-10-17"), date("2026-11-15")))
        XCTAssertEqual(lines.map(\.month.description), ["2026-10", "2026-11"])
        XCTAssertEqual(lines.map(\.net.description), ["15000.00 INR", "15500.00 INR"])
    }
}

final class ClosedMonthTests: XCTestCase {
    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    func testTheDaysAChangeAffects() throws {
        let before = DateRange(date("2020-01-01"), date("2026-10-31"))
        XCTAssertEqual(ClosedMonthGuard.difference(before, DateRange(date("2020-01-01"), date("2026-11-15")))?.description,
                       "2026-11-01..2026-11-15", "moving a leaving date later touches only the added days")
        XCTAssertEqual(ClosedMonthGuard.difference(before, DateRange(date("2020-01-01"), date("2026-10-20")))?.description,
                       "2026-10-21..2026-10-31")
        XCTAssertEqual(ClosedMonthGuard.difference(before, DateRange(date("2020-02-01"), date("2026-10-31")))?.description,
                       "2020-01-01..2020-01-31")
        XCTAssertNil(ClosedMonthGuard.difference(before, before))
    }

    func testAChangeInAClosedMonthIsRefusedNamingTheMonth() throws {
        let october = try YearMonth(parsing: "2026-10")
        XCTAssertThrowsError(try ClosedMonthGuard.check(DateRange(date("2026-10-31"), date("2026-11-02")), closed: [october],
                                                        household: "Sea View", change: "unpaid leave")) { error in
            XCTAssertEqual("\(error)", "unpaid leave would change the payroll of 2026-10, which is closed for Sea View; "
                           + "reopen it first with: homecrew pay reopen 2026-10 --household \"Sea View\"")
        }
        XCTAssertNoThrow(try ClosedMonthGuard.check(DateRange(date("2026-11-01"), date("2026-11-02")), closed: [october],
                                                    household: "Sea View", change: "x"))
    }
}
