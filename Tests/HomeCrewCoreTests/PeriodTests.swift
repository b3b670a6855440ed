import XCTest
@testable import HomeCrewCore

final class PeriodTests: XCTestCase {
    let today = try! CalendarDate(parsing: "2026-01-20")

    func range(_ text: String) throws -> String { try Period.parse(text, today: today).range.description }

    func testEveryFormOfPeriod() throws {
        XCTAssertEqual(try range("2026-11"), "2026-11-01..2026-11-30")
        XCTAssertEqual(try range("2024-02"), "2024-02-01..2024-02-29")
        XCTAssertEqual(try range("2026-Q4"), "2026-10-01..2026-12-31")
        XCTAssertEqual(try range("2026-q1"), "2026-01-01..2026-03-31")
        XCTAssertEqual(try range("2026"), "2026-01-01..2026-12-31")
        XCTAssertEqual(try range("this month"), "2026-01-01..2026-01-31")
        XCTAssertEqual(try range("last month"), "2025-12-01..2025-12-31", "across a year end")
        XCTAssertEqual(try range("2026-11-17..2026-12-05"), "2026-11-17..2026-12-05")
        XCTAssertEqual(try Period.parse("2026-Q4", today: today).range.months.map(\.description), ["2026-10", "2026-11", "2026-12"])
    }

    func testMalformedPeriodsAreRefused() throws {
        for text in ["2026-13", "2026-Q5", "2026-Q0", "26", "november", "2026-11-31..2026-12-01", "2026-11-01..", "next month", "2026-1"] {
            XCTAssertThrowsError(try Period.parse(text, today: today), text)
        }
        XCTAssertThrowsError(try Period.parse("2026-12-01..2026-11-01", today: today)) { error in
            XCTAssertEqual(error as? PeriodError, .backwards(from: try! CalendarDate(parsing: "2026-12-01"), to: try! CalendarDate(parsing: "2026-11-01")))
        }
    }
}

final class LeaveTests: XCTestCase {
    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    func member(start: String, leaving: String? = nil, days: Int = 42) -> StaffMember {
        StaffMember(householdID: RecordID(rawValue: "aaaaaaaaaaaa"), legalName: "Test", startDate: date(start),
                    leavingDate: leaving.map(date), annualLeave: LeaveDays(halfDays: days))
    }

    func leave(_ person: StaffMember, _ from: String, _ to: String, half: Bool = false, type: LeaveType = .annual) -> LeaveEntry {
        LeaveEntry(staffID: person.id, range: DateRange(date(from), date(to)), isHalfDay: half, type: type)
    }

    func testDaysAreCountedInclusiveAndAHalfDayIsHalf() throws {
        let person = member(start: "2020-01-01")
        XCTAssertEqual(leave(person, "2026-11-02", "2026-11-06").days.description, "5")
        XCTAssertEqual(leave(person, "2026-02-27", "2026-03-01").days.description, "3", "28 Feb 2026, common year")
        XCTAssertEqual(leave(person, "2024-02-27", "2024-03-01").days.description, "4", "29 Feb 2024")
        XCTAssertEqual(leave(person, "2026-11-02", "2026-11-02", half: true).days.description, "0.5")
    }

    func testLeaveOutsideTheEmploymentOrOverlappingIsRefused() throws {
        let person = member(start: "2026-03-01", leaving: "2026-11-30")
        XCTAssertThrowsError(try leave(person, "2026-02-28", "2026-03-02").validated(for: person, existing: []))
        XCTAssertThrowsError(try leave(person, "2026-11-30", "2026-12-01").validated(for: person, existing: []))
        XCTAssertNoThrow(try leave(person, "2026-03-01", "2026-03-01").validated(for: person, existing: []))
        let existing = leave(person, "2026-05-04", "2026-05-08")
        XCTAssertThrowsError(try leave(person, "2026-05-08", "2026-05-09").validated(for: person, existing: [existing])) { error in
            XCTAssertTrue("\(error)".contains("overlaps leave 2026-05-04..2026-05-08"), "\(error)")
        }
        XCTAssertNoThrow(try leave(person, "2026-05-09", "2026-05-09").validated(for: person, existing: [existing]))
        XCTAssertThrowsError(try leave(person, "2026-05-10", "2026-05-11", half: true).validated(for: person, existing: []))
    }

    func testTheAllocationIsProratedForJoinersAndLeaversToTheNearestHalfDay() throws {
        let calculator = LeaveCalculator()
        XCTAssertEqual(calculator.allocation(for: member(start: "2020-01-01"), year: 2026).description, "21")
        // 184 of 365 days: 21 × 184 / 365 = 10.59 → 10.5.
        XCTAssertEqual(calculator.allocation(for: member(start: "2026-07-01"), year: 2026).description, "10.5")
        // 90 of 365 days: 5.18 → 5.
        XCTAssertEqual(calculator.allocation(for: member(start: "2020-01-01", leaving: "2026-03-31"), year: 2026).description, "5")
        // A leap year has 366 days: 91 of them is 5.22 → 5.
        XCTAssertEqual(calculator.allocation(for: member(start: "2020-01-01", leaving: "2024-03-31"), year: 2024).description, "5")
        XCTAssertEqual(calculator.allocation(for: member(start: "2027-01-01"), year: 2026).description, "0")
    }

    func testBalancesCarryUnusedDaysUpToTheCapAndShowAnOvershoot() throws {
        let person = member(start: "2024-01-01")
        let taken = [leave(person, "2025-03-02", "2025-03-14"), leave(person, "2025-06-01", "2025-06-01", half: true),
                     leave(person, "2026-01-05", "2026-01-30"), leave(person, "2026-02-02", "2026-02-03", type: .sick)]
        // 2025: 21 − 13.5 = 7.5 unused.
        let noCarry = try LeaveCalculator().balance(for: person, leave: taken, year: 2026)
        XCTAssertEqual(noCarry.carriedOver.description, "0")
        XCTAssertEqual(noCarry.balance.description, "-5", "21 − 26 days")
        XCTAssertTrue(noCarry.isOvershoot)
        XCTAssertEqual(noCarry.taken[.sick]?.description, "2")
        let capped = try LeaveCalculator(carryOverCap: LeaveDays(halfDays: 10)).balance(for: person, leave: taken, year: 2026)
        XCTAssertEqual(capped.carriedOver.description, "5")
        XCTAssertEqual(capped.balance.description, "0")
        // With a cap of 8: 2024 carries 8 into 2025, which leaves 21 + 8 − 13.5 = 15.5, capped to 8 again.
        let generous = try LeaveCalculator(carryOverCap: LeaveDays(halfDays: 16)).balance(for: person, leave: taken, year: 2026)
        XCTAssertEqual(generous.carriedOver.description, "8")
        XCTAssertEqual(generous.balance.description, "3")
        let firstYear = try LeaveCalculator(carryOverCap: LeaveDays(halfDays: 16)).balance(for: person, leave: taken, year: 2024)
        XCTAssertEqual(firstYear.carriedOver.description, "0", "nothing carries into the first year")
    }

    func testLeaveAcrossNewYearCountsInEachYear() throws {
        let person = member(start: "2020-01-01")
        let winter = [leave(person, "2025-12-29", "2026-01-02")]
        XCTAssertEqual(try LeaveCalculator().balance(for: person, leave: winter, year: 2025).taken[.annual]?.description, "3")
        XCTAssertEqual(try LeaveCalculator().balance(for: person, leave: winter, year: 2026).taken[.annual]?.description, "2")
    }
}
