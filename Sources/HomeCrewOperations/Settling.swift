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
        if let id = request.rules { _ = try book.rules(id) }
        let (facts, household) = try database.settlementFacts(
            request.staff, leaving: request.leaving, reason: request.reason, noticeGiven: request.noticeGiven,
            contractGratuity: request.contractDaysPerYear.map(GratuityRule.init(contractDaysPerYear:)), within: reach)
        guard let id = request.rules ?? household.settlementRules else { throw SettlementError.noRulesChosen(household.name) }
        return (try SettlementCalculator.settle(facts, by: book.rules(id)), facts, household)
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
                                            reference: payout.reference, note: "final settlement by \(settlement.rules.id)")
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
