import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewVault

/// A payslip, a receipt and a settlement statement for one person, as the renderers' tests draw them.
enum SamplePapers {
    static let household = Household(name: "Sea View House", address: "14 Juhu Tara Road")

    static func date(_ text: String) throws -> CalendarDate { try CalendarDate(parsing: text) }

    /// Someone who started on 29 February 2016 with 21 days of leave a year.
    static func member(_ legalName: String, knownAs: String? = nil) throws -> StaffMember {
        StaffMember(householdID: household.id, legalName: legalName, knownAs: knownAs, startDate: try date("2016-02-29"),
                    annualLeave: try LeaveDays(parsing: "21"))
    }

    /// October 2026's payslip at `salary` a month, with `adjustments` bonuses of 10.
    static func payslip(_ member: StaffMember, salary: String = "15000", _ code: String = "INR", adjustments: Int = 0,
                        household: Household = household) throws -> Payslip {
        let money = try Money(parsing: salary, currency: Currency(code: code))
        let history = SalaryHistory([SalaryEntry(staffID: member.id, effectiveFrom: member.startDate, salary: money)])
        let bonuses = try (0..<adjustments).map {
            PayAdjustment(staffID: member.id, month: try YearMonth(parsing: "2026-10"), amount: try Money(parsing: "10", currency: money.currency),
                          reason: "Bonus \($0 + 1)")
        }
        let lines = try PayrollCalculator.lines(for: member, salaries: history, leave: [], adjustments: bonuses,
                                                period: DateRange(try date("2026-10-01"), try date("2026-10-31")))
        return Payslip(household: household, member: member, line: try XCTUnwrap(lines.first))
    }

    /// A receipt for October's salary, paid in cash on 31 October 2026.
    static func receipt(_ member: StaffMember, amount: String = "15000", _ code: String = "INR", household: Household = household) throws -> PaymentReceipt {
        let money = try Money(parsing: amount, currency: Currency(code: code))
        let payment = Payment(staffID: member.id, paidOn: try date("2026-10-31"), amount: money, method: .cash,
                              purpose: .payroll, months: [MonthShare(month: try YearMonth(parsing: "2026-10"), amount: money)])
        return PaymentReceipt(payment: payment, member: member, household: household, words: ReceiptRenderer.currencyWords[code])
    }

    /// Rules in the shipped file's shape, with `notes` things the law leaves open.
    static func rules(notes: Int) throws -> SettlementRules {
        let unsettled = (1...notes).map {
            "Open question \($0): a reading that the statute does not settle, said on every statement in full so that "
                + "the person who signs it knows what was not counted and why, however long the list becomes."
        }
        let version: [String: Any] = [
            "checked_on": "2026-11-25", "readings": ["The contract, read by the household."], "unsettled": unsettled,
            "gratuity": NSNull(), "no_gratuity": "The contract decides.",
            "leave": ["source": "the contract", "reading": "Unpaid.", "paid": false, "daily_divisor": 30],
            "notice": ["source": "the contract", "reading": "None.", "days": 0, "daily_divisor": 30],
        ]
        let set: [String: Any] = ["id": "long-notes", "name": "A rule set with many notes", "versions": [version]]
        return try JSONDecoder().decode(SettlementRuleSet.self, from: JSONSerialization.data(withJSONObject: set)).versions[0]
    }

    /// The statement of someone who resigned on 30 September 2026, owed September's 15000 INR.
    static func statement(_ member: StaffMember, notes: Int = 1, household: Household = household) throws -> SettlementStatement {
        let inr = try Currency(code: "INR")
        let none = try Money(parsing: "0", currency: inr)
        let facts = SettlementFacts(
            member: member, leaving: try date("2026-09-30"), reason: .resignation, noticeGiven: try date("2026-09-01"),
            lastWage: try Money(parsing: "15000", currency: inr), finalMonth: try YearMonth(parsing: "2026-09"),
            finalMonthDue: try Money(parsing: "15000", currency: inr), finalMonthPaid: none,
            leave: LeaveBalance(year: 2026, allocation: LeaveDays(halfDays: 0), carriedOver: LeaveDays(halfDays: 0), taken: [:],
                                balance: LeaveDays(halfDays: 0)),
            advancesLeft: none, contractGratuity: nil)
        let settlement = try SettlementCalculator.settle(facts, by: rules(notes: notes))
        return SettlementStatement(settlement, facts: facts, household: household, words: ReceiptRenderer.currencyWords["INR"])
    }
}
