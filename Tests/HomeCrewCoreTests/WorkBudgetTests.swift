import XCTest
@testable import HomeCrewCore

/// The loops of reports stop where they are once the request's budget is spent; without a
/// budget (the command line) they run to the end. Proved with budgets spent before the work starts.
final class WorkBudgetTests: XCTestCase {
    let yearOne = try! CalendarDate(parsing: "0001-01-01")

    func person(from start: CalendarDate) -> StaffMember {
        StaffMember(householdID: .random(), legalName: "Long Service", startDate: start, annualLeave: LeaveDays(halfDays: 42))
    }

    /// A day of annual leave on 2 January of each year from year 1.
    func yearlyLeave(_ member: StaffMember, years: ClosedRange<Int>) -> [LeaveEntry] {
        years.map { year in
            let day = try! CalendarDate(year: year, month: 1, day: 2)
            return LeaveEntry(staffID: member.id, range: DateRange(day, day))
        }
    }

    func spent() -> WorkBudget { WorkBudget(seconds: 0) }

    func testALeaveBalanceFromYearOneStopsWhenTheBudgetIsSpent() throws {
        let member = person(from: yearOne)
        let leave = yearlyLeave(member, years: 1...2026)
        XCTAssertThrowsError(try WorkBudget.$current.withValue(spent()) {
            try LeaveCalculator().balance(for: member, leave: leave, year: 2026)
        }) { XCTAssertEqual($0 as? WorkBudgetError, .exceeded(seconds: 0)) }
        let gone = WorkBudget(seconds: 60, stillWanted: { false })
        XCTAssertThrowsError(try WorkBudget.$current.withValue(gone) {
            try LeaveCalculator().balance(for: member, leave: leave, year: 2026)
        }) { XCTAssertEqual($0 as? WorkBudgetError, .abandoned, "a client that has gone stops the work too") }
    }

    func testWithoutABudgetTheBalanceFromYearOneIsWorkedOutInFull() throws {
        let member = person(from: yearOne)
        let balance = try LeaveCalculator(carryOverCap: LeaveDays(halfDays: 10)).balance(for: member, leave: yearlyLeave(member, years: 1...2026), year: 2026)
        XCTAssertEqual(balance.year, 2026)
        XCTAssertEqual(balance.taken[.annual], LeaveDays(halfDays: 2), "only the year's own day counts")
        XCTAssertEqual(balance.carriedOver, LeaveDays(halfDays: 10), "every earlier year left more than the cap")
        XCTAssertEqual(balance.balance, LeaveDays(halfDays: 42 + 10 - 2))
    }

    func testAPayrollOverManyMonthsStopsWhenTheBudgetIsSpent() throws {
        let member = person(from: yearOne)
        let salaries = SalaryHistory([SalaryEntry(staffID: member.id, effectiveFrom: yearOne,
                                                  salary: try Money(parsing: "1000", currency: Currency(code: "INR")))])
        let period = DateRange(yearOne, try CalendarDate(parsing: "0010-12-31"))
        XCTAssertThrowsError(try WorkBudget.$current.withValue(spent()) {
            try PayrollCalculator.lines(for: member, salaries: salaries, leave: [], adjustments: [], period: period)
        }) { XCTAssertEqual($0 as? WorkBudgetError, .exceeded(seconds: 0)) }
        XCTAssertEqual(try PayrollCalculator.lines(for: member, salaries: salaries, leave: [], adjustments: [], period: period).count, 120)
    }

    func testATenureReportOfManyPeopleStopsWhenTheBudgetIsSpent() throws {
        let people = (0..<1000).map { _ in person(from: yearOne) }
        XCTAssertThrowsError(try WorkBudget.$current.withValue(spent()) {
            try TenureReport.lines(people, asOf: try CalendarDate(parsing: "2026-11-22"))
        }) { XCTAssertEqual($0 as? WorkBudgetError, .exceeded(seconds: 0)) }
        XCTAssertEqual(try TenureReport.lines(people, asOf: try CalendarDate(parsing: "2026-11-22")).count, 1000)
    }

    func testAMeterAsksTheBudgetOnlyEveryIntervalSteps() throws {
        try WorkBudget.$current.withValue(spent()) {
            var meter = WorkMeter(every: 4)
            for _ in 1...3 { try meter.tick() }
            XCTAssertThrowsError(try meter.tick(), "the fourth step asks the spent budget") {
                XCTAssertEqual($0 as? WorkBudgetError, .exceeded(seconds: 0))
            }
        }
        var free = WorkMeter(every: 1)
        for _ in 1...10 { try free.tick() }
    }

    func testTooLargeSaysNarrowIt() {
        XCTAssertEqual(WorkBudgetError.tooLarge(limit: 4 << 20).category, .usage)
        XCTAssertTrue(WorkBudgetError.tooLarge(limit: 4 << 20).description.contains("(4 MB): narrow it"))
    }
}
