import Foundation

/// What a receipt for a payment says, to be printed and signed by both sides; drawing it is the
/// vault's business. Names are written as they were typed, in their own scripts.
public struct PaymentReceipt: Sendable {
    public let title: String
    public let number: String
    /// "No. 3f9a…", as printed under the title.
    public let numberLine: String
    public let household: [String]
    /// "Sunita Bai Pawar (सुनीता)".
    public let employee: String
    public let amountFigures: String
    public let amountWords: String
    public let details: [(label: String, value: String)]
    public let statement: String
    public let signatures: [String]
    /// The PDF's creation date: the day paid, so the same receipt gives the same bytes.
    public let issued: CalendarDate
    /// "Signature and date", under each line to sign.
    public let signatureCaption: String
    /// What it was made from, so that it can be said again in the worker's and the household's languages.
    public let payment: Payment
    public let member: StaffMember
    public let householdRecord: Household

    /// A receipt said in another language (`PaperWords`): the same payment, other words.
    public init(saying title: String, numberLine: String, employee: String, amountFigures: String, amountWords: String?,
                details: [(label: String, value: String)], statement: String, signatures: [String], signatureCaption: String,
                of english: PaymentReceipt) {
        (self.title, self.numberLine, self.employee, self.amountFigures) = (title, numberLine, employee, amountFigures)
        number = english.number
        (self.amountWords, self.details, self.statement, self.signatures) = (amountWords ?? "", details, statement, signatures)
        self.signatureCaption = signatureCaption
        (household, issued, payment, member, householdRecord) = (english.household, english.issued, english.payment, english.member, english.householdRecord)
    }

    public init(payment: Payment, member: StaffMember, household: Household, words: CurrencyWords?) {
        (self.payment, self.member, householdRecord) = (payment, member, household)
        signatureCaption = "Signature and date"
        title = payment.purpose == .repayment ? "Receipt of money handed back" : "Receipt of payment"
        number = payment.id.rawValue
        numberLine = "No. \(payment.id.rawValue)"
        self.household = [household.name] + (household.address.map { [$0] } ?? [])
        employee = member.legalName + (member.knownAs.map { " (\($0))" } ?? "")
        amountFigures = payment.amount.description
        amountWords = AmountInWords.english(payment.amount, words: words)
        let what = Self.what(payment)
        details = [("Paid on", payment.paidOn.description), ("For", what), ("Method", payment.method.label)]
            + (payment.reference.map { [("Reference", $0)] } ?? []) + (payment.note.map { [("Note", $0)] } ?? [])
        statement = payment.purpose == .repayment
            ? "\(household.name) received \(amountFigures) (\(amountWords)) from \(employee) on \(payment.paidOn), \(what)."
            : "\(employee) received \(amountFigures) (\(amountWords)) from \(household.name) on \(payment.paidOn), \(what)."
        signatures = payment.purpose == .repayment ? ["Handed back by", "Received for the household by"]
            : ["Received by", "Paid for the household by"]
        issued = payment.paidOn
    }

    /// "salary for October 2026", "salary for October 2026 (12500.00) and November 2026 (9500.00)".
    static func what(_ payment: Payment) -> String {
        func name(_ month: YearMonth) -> String { "\(MonthName.english[month.month - 1]) \(month.year)" }
        switch payment.purpose {
        case .payroll:
            let months = payment.months.count == 1 ? [name(payment.months[0].month)]
                : payment.months.map { "\(name($0.month)) (\($0.amount.plainAmount))" }
            return "salary for " + months.joined(separator: " and ")
        case .advance: return "an advance on salary"
        case .repayment: return "repaying an advance"
        case .settlement: return "final settlement"
        }
    }

    /// "receipt-2026-10-31-asha-devi-kumari.pdf"
    public static func fileName(_ payment: Payment, member: StaffMember) -> String {
        "receipt-\(payment.paidOn)-\(Payslip.fileSlug(member)).pdf"
    }
}
