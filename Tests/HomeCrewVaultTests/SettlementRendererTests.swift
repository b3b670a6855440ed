import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewVault

/// Settlement statements read back by poppler's own tools.
final class SettlementRendererTests: XCTestCase {
    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    /// Rules in the shipped file's shape, with `notes` things the law leaves open.
    func rules(notes: Int) throws -> SettlementRules {
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

    func statement(notes: Int) throws -> SettlementStatement {
        let inr = try Currency(code: "INR")
        let household = Household(name: "Sea View House", address: "14 Juhu Tara Road")
        let member = StaffMember(householdID: household.id, legalName: "Sunita Bai Pawar", knownAs: "सुनीता",
                                 startDate: date("2016-02-29"), annualLeave: try LeaveDays(parsing: "21"))
        let none = try Money(parsing: "0", currency: inr)
        let facts = SettlementFacts(
            member: member, leaving: date("2026-09-30"), reason: .resignation, noticeGiven: date("2026-09-01"),
            lastWage: try Money(parsing: "15000", currency: inr), finalMonth: try YearMonth(parsing: "2026-09"),
            finalMonthDue: try Money(parsing: "15000", currency: inr), finalMonthPaid: none,
            leave: LeaveBalance(year: 2026, allocation: LeaveDays(halfDays: 0), carriedOver: LeaveDays(halfDays: 0), taken: [:],
                                balance: LeaveDays(halfDays: 0)),
            advancesLeft: none, contractGratuity: nil)
        let settlement = try SettlementCalculator.settle(facts, by: rules(notes: notes))
        return SettlementStatement(settlement, facts: facts, household: household, words: ReceiptRenderer.currencyWords["INR"])
    }

    func tool(_ name: String, _ pdf: [UInt8]) throws -> String { try PopplerTool.run(name, pdf) }

    func pages(_ pdf: [UInt8]) throws -> Int? {
        try tool("pdfinfo", pdf).split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) }
    }

    func testAShortStatementIsOnePageWithItsSignatureLines() throws {
        let pdf = SettlementRenderer.pdf(try statement(notes: 1))
        XCTAssertEqual(try pages(pdf), 1)
        let text = try tool("pdftotext", pdf)
        XCTAssertTrue(text.contains("सुनीता") && text.contains("Open question 1:"), text)
        XCTAssertTrue(text.contains("Received by") && text.contains("Paid for the household by"), text)
    }

    func testALongStatementGoesOnToMorePagesAndLosesNoLine() throws {
        let pdf = SettlementRenderer.pdf(try statement(notes: 40))
        XCTAssertGreaterThan(try pages(pdf) ?? 0, 1, "forty notes do not fit on one A4 page")
        // pdftotext separates pages with a form feed; every note and both signatures are somewhere.
        let text = try tool("pdftotext", pdf).replacingOccurrences(of: "\n", with: " ")
        for note in 1...40 { XCTAssertTrue(text.contains("Open question \(note):"), "note \(note) is on a page") }
        let lastPage = try tool("pdftotext", pdf).split(separator: "\u{0C}").last { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        XCTAssertTrue(lastPage?.contains("Received by") == true && lastPage?.contains("Paid for the household by") == true,
                      "the signature lines come after the last line, on the last page: \(lastPage ?? "")")
    }
}
