import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// A final settlement as both front ends ask for it: the person, the leaving date and reason,
/// the notice given, the rule set and any contract gratuity.
public struct SettlementRequest: Sendable {
    public var staff: String
    public var leaving: CalendarDate
    public var reason: LeavingReason
    public var noticeGiven: CalendarDate?
    /// The rule set; nil: the household's.
    public var rules: String?
    /// A contract's gratuity in days of wage a year, used instead of the rules'.
    public var contractDaysPerYear: Int?
    /// The days the contract counts a month as (30 or 26), and the service it asks before paying;
    /// nil: the person's.
    public var contractMonthDays: Int?
    public var contractMinimumYears: Int?

    public init(staff: String, leaving: CalendarDate, reason: LeavingReason, noticeGiven: CalendarDate? = nil, rules: String? = nil,
                contractDaysPerYear: Int? = nil) {
        self.staff = staff
        self.leaving = leaving
        self.reason = reason
        self.noticeGiven = noticeGiven
        self.rules = rules
        self.contractDaysPerYear = contractDaysPerYear
    }
}

public enum Settling {
    /// The settlement previewed: every line with its arithmetic and source; nothing is written.
    public static func preview(_ request: SettlementRequest, _ database: AppDatabase, within reach: Reach = .everything)
        throws -> (settlement: Settlement, facts: SettlementFacts, household: Household) {
        let book = try SettlementRuleBook.shipped.get()
        if let id = request.rules { _ = try book.ruleSet(id) }
        var (facts, household) = try database.settlementFacts(
            request.staff, leaving: request.leaving, reason: request.reason, noticeGiven: request.noticeGiven,
            contractGratuity: nil, within: reach)
        let member = facts.member
        if request.contractDaysPerYear != nil || request.contractMonthDays.map({ $0 != member.contractGratuityMonthDays }) ?? false
            || request.contractMinimumYears.map({ $0 != member.contractGratuityMinimumYears }) ?? false {
            guard let days = request.contractDaysPerYear ?? member.contractGratuityDays else { throw SettlementError.contractTermsWithoutGratuity }
            facts.contractGratuity = GratuityRule(contractDaysPerYear: days, monthDays: request.contractMonthDays ?? member.contractGratuityMonthDays,
                                                  minimumYears: request.contractMinimumYears ?? member.contractGratuityMinimumYears)
        }
        guard let id = request.rules ?? household.settlementRules else { throw SettlementError.noRulesChosen(household.name) }
        return (try SettlementCalculator.settle(facts, by: book.rules(id, on: request.leaving)), facts, household)
    }
}

extension Settling {
    /// The day the law says a leaver's settlement must be paid by (where the household's rules, in the
    /// version in force on the last day, set one), and why.
    public static func payBy(_ member: StaffMember, _ household: Household) -> (payBy: CalendarDate, deadline: PaymentDeadline)? {
        guard let leaving = member.leavingDate, let id = household.settlementRules,
              let rules = try? SettlementRuleBook.shipped.get().rules(id, on: leaving), let deadline = rules.paymentDeadline else { return nil }
        return (deadline.due(after: leaving), deadline)
    }

    /// The due list with each leaver's settlement the law wants paid by a day, until it is recorded;
    /// a leaver to whom nothing could be owed, whatever ended the employment, has none to record.
    /// The soonest `maxLeaversChecked` are checked, within a quarter of the request's budget; the
    /// rest stay on the list, as a reminder should.
    public static func dueItems(_ list: DueList, _ database: AppDatabase, within reach: Reach = .everything) throws -> [DueItem] {
        let items = try database.dueItems(list, within: reach, settlementDue: payBy)
        var checked = 0, stopped = false
        let check = { (item: DueItem) throws -> Bool in
            guard item.kind == .settlement, !stopped, checked < maxLeaversChecked else { return true }
            checked += 1
            do { return try !owesNothing(item.recordID, database, within: reach) } catch is WorkBudgetError { stopped = true; return true }
        }
        guard let budget = WorkBudget.current else { return try items.filter(check) }
        return try WorkBudget.$current.withValue(budget.portion(0.25)) { try items.filter(check) }
    }

    /// The leavers a due list checks: its bound, like every list's.
    static let maxLeaversChecked = 20

    /// Nothing could be owed to the leaver, whatever ended the employment: one read of the facts,
    /// settled by each reason in memory. A budget spent is thrown, not taken for an answer.
    static func owesNothing(_ staff: RecordID, _ database: AppDatabase, within reach: Reach) throws -> Bool {
        guard let leaving = try database.findStaff(staff.rawValue, within: reach).member.leavingDate else { return false }
        do {
            let (facts, household) = try database.settlementFacts(staff.rawValue, leaving: leaving, reason: .termination, noticeGiven: nil,
                                                                  contractGratuity: nil, within: reach)
            guard let id = household.settlementRules else { return false }
            let rules = try SettlementRuleBook.shipped.get().rules(id, on: leaving)
            return try rules.reasons.allSatisfy { reason in
                try SettlementCalculator.settle(facts.ending(by: reason), by: rules).lines.allSatisfy { $0.amount.amount <= 0 }
            }
        } catch let error as WorkBudgetError {
            throw error
        } catch {
            return false
        }
    }

    /// The staff page's line: when the person's settlement must be paid by, while it is not recorded
    /// and something could be owed.
    public static func pendingPayBy(_ details: StaffDetails, _ database: AppDatabase) throws -> (payBy: CalendarDate, deadline: PaymentDeadline)? {
        guard let due = payBy(details.member, details.household), try !database.isSettled(details.member),
              try !owesNothing(details.member.id, database, within: Reach(roles: [details.household.id: .viewer])) else { return nil }
        return due
    }
}

extension Settling {
    /// How a confirmed settlement is paid.
    public struct Payout: Sendable {
        public var paidOn: CalendarDate
        public var method: PaymentMethod
        public var reference: String?

        public init(paidOn: CalendarDate, method: PaymentMethod, reference: String? = nil) {
            (self.paidOn, self.method, self.reference) = (paidOn, method, reference)
        }
    }

    /// Records the settlement: everything is checked first (a dry run of the ledger's entries),
    /// then the statement PDF's object is made durable, then one transaction records the statement
    /// as a document of the person, the leaving date and the entries with the statement as their
    /// proof: a kill leaves either all or none (and at most an unused object for `vault gc`).
    public static func confirm(_ request: SettlementRequest, _ payout: Payout, _ database: AppDatabase, _ ingestor: DocumentIngestor,
                               within reach: Reach = .everything) throws -> (settlement: Settlement, entries: [PaymentEntry], statement: String) {
        let (settlement, facts, household) = try preview(request, database, within: reach)
        let currency = settlement.total.currency
        let finalPay = settlement.lines.first { $0.part == .finalPay }?.amount ?? .zero(currency)
        let extras = Money.sum(settlement.lines.filter { [.leave, .notice, .gratuity].contains($0.part) }.map(\.amount), currency)
        guard extras.amount >= 0, settlement.total.amount >= 0 else { throw SettlementError.workerOwes(Money(-min(extras.amount, settlement.total.amount), currency)) }
        var recording = SettlementRecording(staff: facts.member.id.rawValue, leaving: request.leaving, finalMonth: facts.finalMonth,
                                            finalPay: finalPay, extras: extras, paidOn: payout.paidOn, method: payout.method,
                                            reference: payout.reference, note: SettlementRecording.notePrefix + settlement.rules.versionName)
        recording.reach = reach
        _ = try database.recordSettlement(recording, dryRun: true)
        let statement = try prepareStatement(settlement, facts, household, ingestor, reach)
        defer { withExtendedLifetime(statement) {} }
        let hash: String
        switch statement.row {
        case .existing(let document):
            // The same settlement again (after a reversal) draws the same bytes: the household's
            // document, linked to the person by `recordSettlement` as a new one would be.
            (recording.proof, hash) = ([document.id.rawValue], document.objectHash)
        case .new(let filing): (recording.filing, hash) = ([filing], filing.document.objectHash)
        }
        let entries = try database.recordSettlement(recording)
        let document = entries.last?.proof.first { $0.objectHash == hash }
        return (settlement, entries, document?.id.rawValue ?? "")
    }

    /// The statement's bytes: the same settlement gives the same PDF.
    public static func statementPDF(_ settlement: Settlement, _ facts: SettlementFacts, _ household: Household) -> [UInt8] {
        SettlementRenderer.pdf(SettlementStatement(settlement, facts: facts, household: household,
                                                   words: ReceiptRenderer.currencyWords[settlement.total.currency.code]))
    }

    private static func prepareStatement(_ settlement: Settlement, _ facts: SettlementFacts, _ household: Household,
                                         _ ingestor: DocumentIngestor, _ reach: Reach) throws -> DocumentIngestor.Prepared {
        var filing = IngestRequest(household: household, staff: [facts.member.id.rawValue], kind: .other,
                                   title: "Final settlement \(facts.leaving) \(facts.member.legalName)", issuedOn: facts.leaving, ocrLanguages: nil)
        filing.reach = reach
        return try ingestor.prepare(drawn: statementPDF(settlement, facts, household), named: SettlementStatement.fileName(facts), filing)
    }
}
