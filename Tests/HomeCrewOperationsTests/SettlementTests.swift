import Foundation
@testable import HomeCrewCore
import HomeCrewTestSupport
import XCTest
@testable import HomeCrewOperations

/// Settlements by each shipped rule set against cases worked by hand from the statutes
/// (`settlement-reference.tsv`), and random cases against an independent computation.
final class SettlementTests: XCTestCase {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("settlement-reference.tsv")

    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    func facts(_ row: [String: String], _ currency: Currency) throws -> SettlementFacts {
        let money = { (text: String) in try Money(parsing: text, currency: currency) }
        let member = StaffMember(householdID: RecordID(rawValue: "000000000001"), legalName: "Case \(row["case"]!)",
                                 startDate: date(row["start"]!), leavingDate: date(row["leaving"]!), annualLeave: try LeaveDays(parsing: "30"))
        let leave = try LeaveDays(parsing: row["leave"]!)
        let leaving = date(row["leaving"]!)
        return SettlementFacts(
            member: member, leaving: leaving, reason: LeavingReason(rawValue: row["reason"]!)!,
            noticeGiven: row["notice_given"] == "-" ? nil : date(row["notice_given"]!), lastWage: try money(row["wage"]!),
            finalMonth: try YearMonth(year: leaving.year, month: leaving.month), finalMonthDue: try money(row["final_due"]!),
            finalMonthPaid: try money(row["final_paid"]!),
            leave: LeaveBalance(year: leaving.year, allocation: leave, carriedOver: LeaveDays(halfDays: 0), taken: [:], balance: leave),
            advancesLeft: try money(row["advances"]!),
            contractGratuity: row["contract"] == "-" ? nil : GratuityRule(contractDaysPerYear: Int(row["contract"]!)!))
    }

    func testEveryHandWorkedCaseOfEveryRuleSet() throws {
        let book = try SettlementRuleBook.shipped.get()
        let lines = try String(contentsOf: Self.table, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        let header = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        var covered: Set<String> = []
        for line in lines.dropFirst() {
            let row = Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
            let rules = try book.rules(row["rules"]!)
            covered.insert(rules.id)
            let settlement = try SettlementCalculator.settle(try facts(row, Currency(code: row["currency"]!)), by: rules)
            func amount(_ part: Settlement.Part) -> String {
                settlement.lines.first { $0.part == part }?.amount.plainAmount ?? "-"
            }
            let what = "\(row["case"]!): \(row["what it shows"]!)"
            XCTAssertEqual(amount(.finalPay), row["final_pay"], what)
            XCTAssertEqual(amount(.leave), row["leave_pay"], what)
            XCTAssertEqual(amount(.notice), row["notice"], what)
            XCTAssertEqual(amount(.gratuity), row["gratuity"], what)
            XCTAssertEqual(amount(.advances), row["advances_line"], what)
            XCTAssertEqual(settlement.total.plainAmount, row["total"], what)
            XCTAssertEqual(Array(settlement.notes.prefix(rules.unsettled.count)), rules.unsettled, "\(what): what the law leaves open is said")
        }
        XCTAssertEqual(covered, Set(book.ruleSets.map(\.id)), "every shipped rule set has hand-worked cases")
    }

    func testEveryRuleSetNamesItsSourcesAndWhenTheyWereChecked() throws {
        for rules in try SettlementRuleBook.shipped.get().ruleSets {
            XCTAssertFalse(rules.checkedOn.isEmpty, rules.id)
            XCTAssertNotNil(try? CalendarDate(parsing: rules.checkedOn), rules.id)
            XCTAssertFalse(rules.leave.source.isEmpty || rules.notice.source.isEmpty, rules.id)
            XCTAssertTrue(rules.gratuity != nil || rules.noGratuity != nil, "\(rules.id) says why it has no gratuity")
            XCTAssertFalse(rules.unsettled.isEmpty, "\(rules.id) says what is open")
        }
        XCTAssertThrowsError(try SettlementRuleBook.shipped.get().rules("xx")) {
            XCTAssertTrue("\($0)".hasPrefix("no settlement rules named 'xx'; known: ae-domestic-2022, hk-cap57"), "\($0)")
        }
    }

    /// Random people, leaving dates, reasons, notice and wages under every rule set and a contract's
    /// gratuity, against the same rules worked out independently: service by Foundation's Gregorian
    /// calendar, money as whole minor units and exact fractions, rounded half away from zero.
    func testRandomSettlementsAgreeWithAnIndependentComputationToTheMinorUnit() throws {
        let book = try SettlementRuleBook.shipped.get()
        var random = Seeded(state: 29)
        var gratuitiesPaid = 0, capped = 0
        for round in 0..<600 {
            let rules = book.ruleSets.randomElement(using: &random)!
            let currency = try Currency(code: rules.gratuity?.capCurrency ?? ["INR", "AED", "SAR", "JPY"].randomElement(using: &random)!)
            let start = try CalendarDate(year: Int.random(in: 1995...2025, using: &random), month: Int.random(in: 1...12, using: &random),
                                         day: Int.random(in: 1...28, using: &random)).adding(days: Int.random(in: 0...3, using: &random))
            let leaving = start.adding(daysClamped: Int.random(in: 0...11_000, using: &random))
            let minor = Int.random(in: 100_000...40_000_000, using: &random)
            let wage = Money(Decimal(minor) / pow(10, currency.minorUnits), currency)
            let reason = LeavingReason.allCases.randomElement(using: &random)!
            let contract = Bool.random(using: &random) ? Int.random(in: 7...30, using: &random) : nil
            let noticeDays = Int.random(in: -1...40, using: &random)
            let leaveHalfDays = Int.random(in: -4...60, using: &random)
            let facts = SettlementFacts(
                member: StaffMember(householdID: RecordID(rawValue: "000000000001"), legalName: "R", startDate: start, leavingDate: leaving),
                leaving: leaving, reason: reason, noticeGiven: noticeDays < 0 ? nil : max(start, leaving.adding(daysClamped: -noticeDays)),
                lastWage: wage, finalMonth: try YearMonth(year: leaving.year, month: leaving.month), finalMonthDue: wage, finalMonthPaid: .zero(currency),
                leave: LeaveBalance(year: leaving.year, allocation: LeaveDays(halfDays: 0), carriedOver: LeaveDays(halfDays: 0), taken: [:],
                                    balance: LeaveDays(halfDays: leaveHalfDays)),
                advancesLeft: .zero(currency), contractGratuity: contract.map(GratuityRule.init(contractDaysPerYear:)))
            let settlement = try SettlementCalculator.settle(facts, by: rules)
            let rule = facts.contractGratuity ?? rules.gratuity
            let want = Independent.gratuityMinor(rule, start: start, leaving: leaving, reason: reason, wageMinor: minor, minorUnits: currency.minorUnits)
            let got = settlement.lines.first { $0.part == .gratuity }.map { NSDecimalNumber(decimal: $0.amount.amount * pow(10, currency.minorUnits)).intValue }
            XCTAssertEqual(got, want, "round \(round): \(rules.id) \(start)…\(leaving) \(reason) wage \(wage) contract \(contract.map(String.init) ?? "-")")
            if (want ?? 0) > 0 { gratuitiesPaid += 1 }
            if let cap = rule?.totalCap, let want, Decimal(want) == cap * pow(10, currency.minorUnits) { capped += 1 }
            let scale = Int(pow(10, Double(currency.minorUnits)))
            func minorUnits(_ part: Settlement.Part) -> Int? {
                settlement.lines.first { $0.part == part }.map { NSDecimalNumber(decimal: $0.amount.amount * pow(10, currency.minorUnits)).intValue }
            }
            func rounded(_ numerator: Int, _ denominator: Int) -> Int { (2 * numerator + denominator) / (2 * denominator) }
            // Leave: the balance in half days × wage ÷ (2 × divisor); notice: days short × wage ÷ divisor, signed by who ends it.
            let wantLeave = rules.leave.paid && leaveHalfDays > 0 ? rounded(minor * leaveHalfDays, 2 * rules.leave.dailyDivisor) : nil
            XCTAssertEqual(minorUnits(.leave), wantLeave, "round \(round): leave")
            let served = noticeDays < 0 ? 0 : min(noticeDays, start.days(until: leaving))
            let short = rules.notice.days - served
            let wantNotice = reason == .endOfContract || rules.notice.days == 0 || short <= 0 ? nil
                : rounded(minor * short, rules.notice.dailyDivisor) * (reason == .termination ? 1 : -1)
            XCTAssertEqual(minorUnits(.notice), wantNotice, "round \(round): notice (\(served) of \(rules.notice.days) days served)")
            XCTAssertEqual(minorUnits(.finalPay), minor, "round \(round): final pay")
            let wantTotal = minor + (wantLeave ?? 0) + (wantNotice ?? 0) + (want ?? 0)
            XCTAssertEqual(NSDecimalNumber(decimal: settlement.total.amount).doubleValue * Double(scale), Double(wantTotal), accuracy: 0.5,
                           "round \(round): total")
            let lineSum = settlement.lines.reduce(Decimal(0)) { $0 + $1.amount.amount }
            XCTAssertEqual(settlement.total.amount, lineSum, "the total is the sum of the lines")
            XCTAssertTrue(settlement.lines.allSatisfy(\.amount.isWholeMinorUnits), "every line is in whole minor units")
        }
        XCTAssertGreaterThan(gratuitiesPaid, 100)
        XCTAssertGreaterThan(capped, 3, "the total cap was reached")
    }
}

/// The gratuity worked out apart from the calculator: no Tenure, no Money.
enum Independent {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func day(_ date: CalendarDate) -> Date {
        calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
    }

    /// nil when the rule gives no gratuity line at all.
    static func gratuityMinor(_ rule: GratuityRule?, start: CalendarDate, leaving: CalendarDate, reason: LeavingReason,
                              wageMinor: Int, minorUnits: Int) -> Int? {
        guard let rule else { return nil }
        let begin = day(start), end = calendar.date(byAdding: .day, value: 1, to: day(leaving))!
        var years = 0
        while let next = calendar.date(byAdding: .year, value: years + 1, to: begin), next <= end { years += 1 }
        guard rule.reasons.contains(reason), years >= rule.minimumYears else { return 0 }
        let scale = Int(pow(10, Double(minorUnits)))
        var wage = wageMinor
        if let cap = rule.monthlyWageCap { wage = min(wage, NSDecimalNumber(decimal: cap).intValue * scale) }
        var numerator: Int, denominator: Int
        switch rule.kind {
        case .lump:
            (numerator, denominator) = (wage * rule.lumpMonths, 1)
        case .perYear:
            let anniversary = calendar.date(byAdding: .year, value: years, to: begin)!
            let following = calendar.date(byAdding: .year, value: years + 1, to: begin)!
            let yearDays = calendar.dateComponents([.day], from: anniversary, to: following).day!
            let partDays = rule.partialYear == .proRata ? calendar.dateComponents([.day], from: anniversary, to: end).day! : 0
            (numerator, denominator) = (wage * rule.daysPerYear * (years * yearDays + partDays), rule.daysPerMonth * yearDays)
        }
        if let cap = rule.totalCap, numerator > NSDecimalNumber(decimal: cap).intValue * scale * denominator {
            return NSDecimalNumber(decimal: cap).intValue * scale
        }
        return (2 * numerator + denominator) / (2 * denominator)
    }
}
