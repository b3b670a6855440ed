import XCTest
@testable import HomeCrewCore

final class StaffTests: XCTestCase {
    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    func member(start: String, leaving: String? = nil) -> StaffMember {
        StaffMember(householdID: .random(), legalName: "Asha Devi", startDate: date(start), leavingDate: leaving.map(date))
    }

    func testStatusIsDerivedFromTheDates() {
        let person = member(start: "2026-03-01", leaving: "2026-10-31")
        XCTAssertEqual(person.status(asOf: date("2026-02-28")), .upcoming)
        XCTAssertEqual(person.status(asOf: date("2026-03-01")), .active)
        XCTAssertEqual(person.status(asOf: date("2026-10-31")), .active)
        XCTAssertEqual(person.status(asOf: date("2026-11-01")), .left)
        XCTAssertEqual(member(start: "2020-01-01").status(asOf: date("2040-01-01")), .active)
    }

    func testTenureStopsAtTheLeavingDate() {
        let person = member(start: "2020-01-15", leaving: "2025-03-14")
        XCTAssertEqual(person.tenure(asOf: date("2026-11-22")), Tenure(years: 5, months: 1, days: 27))
        XCTAssertTrue(member(start: "2027-01-01").tenure(asOf: date("2026-11-22")).isZero)
    }

    func testServiceBeforeTheFirstDaySaysWhenItStarts() {
        let starter = member(start: "2026-11-28")
        XCTAssertEqual(starter.serviceSummary(asOf: date("2026-11-25")), "starts in 3 days")
        XCTAssertEqual(starter.serviceCompact(asOf: date("2026-11-25")), "in 3d")
        XCTAssertEqual(starter.serviceSummary(asOf: date("2026-11-27")), "starts in 1 day")
        XCTAssertEqual(starter.serviceSummary(asOf: date("2026-11-28")), "0 days")
        XCTAssertEqual(starter.serviceCompact(asOf: date("2027-01-29")), "0y 2m 1d")
        XCTAssertEqual(member(start: "2020-01-15", leaving: "2025-03-14").serviceSummary(asOf: date("2026-11-22")),
                       "5 years, 1 month, 27 days")
    }

    func testValidationRules() {
        XCTAssertThrowsError(try member(start: "2026-03-01", leaving: "2026-02-28").validated()) { error in
            XCTAssertEqual(error as? RuleViolation, .leavingBeforeStart(start: date("2026-03-01"), leaving: date("2026-02-28")))
        }
        XCTAssertNoThrow(try member(start: "2026-03-01", leaving: "2026-03-01").validated())
        var blank = member(start: "2026-03-01")
        blank.legalName = "  \t "
        XCTAssertThrowsError(try blank.validated())
        var padded = member(start: "2026-03-01")
        padded.legalName = "  Asha Devi  "
        padded.knownAs = "   "
        let clean = try! padded.validated()
        XCTAssertEqual(clean.legalName, "Asha Devi")
        XCTAssertNil(clean.knownAs)
        var tooMuchLeave = member(start: "2026-03-01")
        tooMuchLeave.annualLeave = LeaveDays(halfDays: 733)
        XCTAssertThrowsError(try tooMuchLeave.validated())
    }

    func testLeaveDaysParseInHalfSteps() throws {
        XCTAssertEqual(try LeaveDays(parsing: "21").halfDays, 42)
        XCTAssertEqual(try LeaveDays(parsing: "21.5").halfDays, 43)
        XCTAssertEqual(try LeaveDays(parsing: "21.50").description, "21.5")
        XCTAssertEqual(try LeaveDays(parsing: "0").description, "0")
        XCTAssertEqual(try LeaveDays(parsing: "366").halfDays, 732)
        // Well-formed numbers that break the rule are invalid data…
        for text in ["21.25", "-1", "366.5", "1000"] {
            XCTAssertThrowsError(try LeaveDays(parsing: text), text) { error in
                XCTAssertEqual(error as? RuleViolation, .leaveDaysOutOfRange(text))
            }
        }
        // …text that is not a number at all is a usage error.
        for text in ["abc", "", "1.", ".5", "21,5", "1e2"] {
            XCTAssertThrowsError(try LeaveDays(parsing: text), text) { error in
                XCTAssertEqual((error as? any HomeCrewError)?.category, .usage)
            }
        }
    }

    func testSalaryHistoryPicksTheEntryInForce() throws {
        let inr = try Currency(code: "INR")
        let id = RecordID.random()
        let history = SalaryHistory([
            SalaryEntry(staffID: id, effectiveFrom: date("2026-06-15"), salary: Money(30_000, inr)),
            SalaryEntry(staffID: id, effectiveFrom: date("2025-01-01"), salary: Money(25_000, inr)),
        ])
        XCTAssertEqual(history.entries.first?.effectiveFrom, date("2025-01-01"))
        XCTAssertNil(history.salary(on: date("2024-12-31")))
        XCTAssertEqual(history.salary(on: date("2026-06-14")), Money(25_000, inr))
        XCTAssertEqual(history.salary(on: date("2026-06-15")), Money(30_000, inr))
        XCTAssertEqual(history.current(asOf: date("2020-01-01")), Money(25_000, inr))
        XCTAssertThrowsError(try SalaryEntry(staffID: id, effectiveFrom: date("2026-01-01"), salary: Money(-1, inr)).validated())
    }

    func testRecordIDs() {
        let id = RecordID.random()
        XCTAssertEqual(id.rawValue.count, 12)
        XCTAssertTrue(RecordID.couldBePrefix(id.rawValue))
        XCTAssertTrue(RecordID.couldBePrefix("3fa9"))
        XCTAssertFalse(RecordID.couldBePrefix("3fa"))
        XCTAssertFalse(RecordID.couldBePrefix("Asha"))
        XCTAssertEqual(NameKey.of(" Sea View "), NameKey.of("sea view"))
        XCTAssertEqual(NameKey.of("ÄRZTE"), NameKey.of("a\u{308}rzte"))
    }
}

final class PageTextTests: XCTestCase {
    func testEveryPageFillsPagesWithoutTextAsNone() {
        let stored = [PageText(number: 2, text: "two", source: .pdfText)]
        XCTAssertEqual(PageText.everyPage(stored, pageCount: 3).map(\.source), [.none, .pdfText, .none])
        XCTAssertEqual(PageText.everyPage([], pageCount: nil), [])
        XCTAssertEqual(PageText.everyPage(stored, pageCount: nil).map(\.number), [1, 2], "stored pages are never dropped")
    }
}
