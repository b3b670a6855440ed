import Foundation

/// What a payslip says, line by line; rendering it is the vault's business.
public struct Payslip: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public let label: String
        public let amount: String
        /// The amount itself (signed), for saying it in another language.
        public let value: Money?

        public init(_ label: String, _ amount: String, value: Money? = nil) {
            self.label = label
            self.amount = amount
            self.value = value
        }
    }

    public let heading: [String]
    public let rows: [Row]
    public let net: Row
    public let footnote: [String]
    /// The PDF's creation date: the last day of the month, so the same payslip gives the same bytes.
    public let issued: CalendarDate
    /// What it was made from, so that it can be said again in the worker's and the household's languages.
    public let household: Household
    public let member: StaffMember
    public let line: PayrollLine

    /// A payslip said in another language (`PaperWords`): the same source, other words.
    public init(saying heading: [String], rows: [Row], net: Row, footnote: [String], of english: Payslip) {
        (self.heading, self.rows, self.net, self.footnote) = (heading, rows, net, footnote)
        (issued, household, member, line) = (english.issued, english.household, english.member, english.line)
    }

    public init(household: Household, member: StaffMember, line: PayrollLine) {
        (self.household, self.member, self.line) = (household, member, line)
        let monthName = "\(MonthName.english[line.month.month - 1]) \(line.month.year)"
        heading = ["Payslip — \(monthName)", household.name] + (household.address.map { [$0] } ?? [])
            + ["Employee: \(member.legalName)" + (member.knownAs.map { " (\($0))" } ?? ""),
               "Period: \(line.month.first) to \(line.month.last) (\(line.daysInMonth) days)", "Currency: \(line.currency.code)"]
        var rows: [Row] = []
        for segment in line.segments {
            let pay = Money(segment.monthlySalary.amount * Decimal(segment.days.dayCount) / Decimal(line.daysInMonth), line.currency).rounded()
            rows.append(Row("Salary \(segment.monthlySalary.plainAmount) a month, \(segment.days.start) to \(segment.days.end): "
                            + "\(segment.days.dayCount) of \(line.daysInMonth) days", pay.plainAmount, value: pay))
        }
        for unpaid in line.unpaid {
            let days = LeaveDays(halfDays: unpaid.halfDays)
            let deducted = Money(unpaid.monthlySalary.amount * Decimal(unpaid.halfDays) / 2 / Decimal(line.daysInMonth), line.currency).rounded()
            rows.append(Row("Unpaid leave \(unpaid.days.start == unpaid.days.end ? unpaid.days.start.description : "\(unpaid.days.start) to \(unpaid.days.end)"): "
                            + "\(days) day\(unpaid.halfDays == 2 ? "" : "s") at \(unpaid.monthlySalary.plainAmount) / \(line.daysInMonth)",
                            "-" + deducted.plainAmount, value: deducted.negated))
        }
        for adjustment in line.adjustments {
            rows.append(Row(adjustment.reason, (adjustment.amount.isNegative ? "" : "+") + adjustment.amount.plainAmount, value: adjustment.amount))
        }
        for deduction in line.deductions {
            rows.append(Row("\(deduction.kind == .loan ? "Loan" : "Advance") \(deduction.advanceID.short) repaid (left after: \(deduction.balanceAfter.plainAmount))",
                            "-" + deduction.amount.plainAmount, value: deduction.amount.negated))
        }
        self.rows = rows
        net = Row("Net pay", "\(line.net.plainAmount) \(line.currency.code)", value: line.net)
        footnote = ["Daily rate = monthly salary ÷ days in the month.",
                    "The net is rounded once, to the currency's minor unit; the rounded parts above may differ from it by a minor unit."]
        issued = line.month.last
    }

    /// "payslip-2026-11-asha-devi.pdf"
    public static func fileName(month: YearMonth, member: StaffMember) -> String {
        "payslip-\(month)-\(fileSlug(member)).pdf"
    }

    /// The person's name as a file name's part: ASCII letters and digits joined by hyphens
    /// ("asha-devi-kumari"), or their id when the name has none ("田中 花子").
    static func fileSlug(_ member: StaffMember) -> String {
        let slug = member.legalName.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? String($0) : "-" }
            .joined().split(separator: "-").joined(separator: "-")
        return slug.isEmpty ? member.id.rawValue : slug
    }
}
