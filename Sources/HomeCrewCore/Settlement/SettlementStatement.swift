/// A settlement as its statement reads: who, why, every line with its arithmetic and source,
/// the total in figures and words, what the law leaves open, and two signatures.
public struct SettlementStatement: Sendable {
    public struct Line: Sendable {
        public let heading: String
        public let amount: String
        public let details: [String]

        public init(heading: String, amount: String, details: [String]) {
            (self.heading, self.amount, self.details) = (heading, amount, details)
        }
    }

    public let title: String
    public let employer: [String]
    /// "Sunita Bai Pawar (सुनीता)".
    public let employee: String
    public let facts: [(label: String, value: String)]
    public let lines: [Line]
    public let total: String
    public let totalWords: String
    public let notes: [String]
    public let signatures: [String]
    /// "Total", beside the total; "Note: " before each note; "Signature and date" under each line to sign.
    public let totalLabel: String
    public let notePrefix: String
    public let signatureCaption: String
    /// The PDF's creation date: the leaving date, so the same settlement gives the same bytes.
    public let issued: CalendarDate
    /// What it was made from, so that it can be said again in the worker's and the household's languages.
    public let settlement: Settlement
    public let settlementFacts: SettlementFacts
    public let household: Household

    /// A statement said in another language (`PaperWords`): the same settlement, other words.
    public init(saying title: String, employee: String, facts: [(label: String, value: String)], lines: [Line], total: String,
                totalWords: String?, notes: [String], signatures: [String], totalLabel: String, notePrefix: String,
                signatureCaption: String, of english: SettlementStatement) {
        (self.title, self.employee, self.facts, self.lines, self.total) = (title, employee, facts, lines, total)
        (self.totalWords, self.notes, self.signatures) = (totalWords ?? "", notes, signatures)
        (self.totalLabel, self.notePrefix, self.signatureCaption) = (totalLabel, notePrefix, signatureCaption)
        (employer, issued, settlement, settlementFacts, household) = (english.employer, english.issued, english.settlement, english.settlementFacts,
                                                                     english.household)
    }

    public init(_ settlement: Settlement, facts: SettlementFacts, household: Household, words: CurrencyWords?) {
        (self.settlement, settlementFacts, self.household) = (settlement, facts, household)
        (totalLabel, notePrefix, signatureCaption) = ("Total", "Note: ", "Signature and date")
        let member = facts.member
        title = "Final settlement"
        employer = [household.name] + (household.address.map { [$0] } ?? [])
        employee = member.legalName + (member.knownAs.map { " (\($0))" } ?? "")
        self.facts = [("Employed", "\(member.startDate) to \(facts.leaving) (\(settlement.service))"),
                      ("Ended by", facts.reason.rawValue), ("Notice given", facts.noticeGiven?.description ?? "none"),
                      ("Last monthly wage", facts.lastWage.description),
                      ("Rules", "\(settlement.rules.name), the version \(settlement.rules.versionName), as read on \(settlement.rules.checkedOn)")]
            + (settlement.payBy.map { [("To be paid by", $0.description)] } ?? [])
        lines = settlement.lines.map { line in
            Line(heading: line.heading.capitalizingFirstLetter, amount: line.amount.description,
                 details: line.arithmetic + (line.source.map { ["Source: \($0)"] } ?? []))
        }
        total = settlement.total.description
        totalWords = AmountInWords.english(settlement.total, words: words)
        notes = settlement.notes
        signatures = ["Received by", "Paid for the household by"]
        issued = facts.leaving
    }

    /// "final-settlement-2026-11-30-ramesh-kumar-yadav.pdf".
    public static func fileName(_ facts: SettlementFacts) -> String {
        "final-settlement-\(facts.leaving)-\(Payslip.fileSlug(facts.member)).pdf"
    }
}

extension String {
    /// "Gratuity" for "gratuity".
    public var capitalizingFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
