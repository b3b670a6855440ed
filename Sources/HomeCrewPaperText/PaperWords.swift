import Foundation
import HomeCrewCore

/// A payslip, a receipt or a settlement statement said again in one language: every label and
/// sentence from its catalog, numbers, money and dates as its locale writes them, the amount in
/// words where ICU has the language's number words. Names, notes and the rules' readings are
/// printed as they were written. Made from the same source as the English, so the figures agree.
public struct PaperWords: Sendable {
    public let language: PaperLanguage
    public let text: PaperText
    public let format: PaperFormat

    /// The language's words, read once a process (a payroll run prints many papers).
    public static func of(_ tag: String) throws(PaperTextError) -> PaperWords {
        if let words = cache.withLock({ $0[tag] }) { return words }
        guard let language = PaperLanguages.language(tag) else {
            throw .unknownLanguage(tag, known: PaperLanguages.all.map(\.tag))
        }
        let words = PaperWords(language: language, text: try PaperText(language: tag), format: PaperFormat(language: language))
        cache.withLock { $0[tag] = words }
        return words
    }

    private static let cache = LockedDictionary()

    public var rightToLeft: Bool { language.rightToLeft }

    /// "In case of any difference, the English text governs.", naming `governing` in this language.
    public func governingText(_ governing: String) -> String {
        text.text(.governingText, ["language": format.languageName(governing)])
    }

    // MARK: Payslip

    public func payslip(_ english: Payslip) -> Payslip {
        let line = english.line
        let days = format.integer(line.daysInMonth)
        var heading = [text.text(.payslipTitle, ["month": format.month(of: line.month.first)]), english.household.name]
            + (english.household.address.map { [$0] } ?? [])
        heading += [labelled(.employee, Self.name(english.member)),
                    labelled(.period, text.plural(.periodDays, count: line.daysInMonth, ["start": date(line.month.first), "end": date(line.month.last), "count": days])),
                    labelled(.currency, line.currency.code)]
        var labels = line.segments.map { segment in
            text.plural(.salaryRow, count: line.daysInMonth, ["salary": amount(segment.monthlySalary), "start": date(segment.days.start),
                                                              "end": date(segment.days.end), "days": format.integer(segment.days.dayCount), "count": days])
        }
        labels += line.unpaid.map { unpaid in
            let dates = unpaid.days.start == unpaid.days.end ? date(unpaid.days.start)
                : text.text(.dateRange, ["start": date(unpaid.days.start), "end": date(unpaid.days.end)])
            return text.plural(.unpaidLeaveRow, count: unpaid.halfDays / 2, whole: unpaid.halfDays % 2 == 0,
                               ["dates": dates, "count": format.number(Decimal(unpaid.halfDays) / 2), "salary": amount(unpaid.monthlySalary), "total": days])
        }
        labels += line.adjustments.map(\.reason)
        labels += line.deductions.map { deduction in
            text.text(deduction.kind == .loan ? .loanRepaid : .advanceRepaid, ["id": deduction.advanceID.short, "balance": amount(deduction.balanceAfter)])
        }
        let rows = zip(labels, english.rows).map { label, row in
            Payslip.Row(label, row.value.map { format.amount($0.amount, currency: $0.currency, plus: row.amount.hasPrefix("+")) } ?? row.amount, value: row.value)
        }
        return Payslip(saying: heading, rows: rows, net: Payslip.Row(text.text(.netPay), format.money(line.net.amount, currency: line.currency), value: line.net),
                       footnote: [text.text(.dailyRateNote), text.text(.roundingNote)], of: english)
    }

    // MARK: Receipt

    public func receipt(_ english: PaymentReceipt) -> PaymentReceipt {
        let payment = english.payment, household = english.householdRecord
        let figures = format.money(payment.amount.amount, currency: payment.amount.currency)
        let words = englishWords(english.amountWords) ?? format.amountInWords(payment.amount.amount, currency: payment.amount.currency, text: text)
        let what = purpose(payment)
        let details = [(text.text(.paidOn), date(payment.paidOn)), (text.text(.paidFor), what), (text.text(.method), text.text(PaperKey(payment.method)))]
            + (payment.reference.map { [(text.text(.reference), $0)] } ?? []) + (payment.note.map { [(text.text(.note), $0)] } ?? [])
        let repayment = payment.purpose == .repayment
        let statementKey: PaperKey = switch (repayment, words != nil) {
        case (true, true): .handedBackStatement
        case (true, false): .handedBackStatementWithoutWords
        case (false, true): .receivedStatement
        case (false, false): .receivedStatementWithoutWords
        }
        let statement = text.text(statementKey, ["employee": english.employee, "amount": figures, "words": words ?? "", "household": household.name,
                                                 "date": date(payment.paidOn), "purpose": what])
        return PaymentReceipt(
            saying: text.text(repayment ? .receiptOfRepayment : .receiptOfPayment), numberLine: text.text(.receiptNumber, ["number": payment.id.rawValue]),
            employee: english.employee, amountFigures: figures, amountWords: words, details: details.map { (label: $0.0, value: $0.1) },
            statement: statement, signatures: repayment ? [text.text(.handedBackBy), text.text(.receivedForHouseholdBy)]
                : [text.text(.receivedBy), text.text(.paidForHouseholdBy)],
            signatureCaption: text.text(.signatureAndDate), of: english)
    }

    /// "salary for October 2026", "salary for October 2026 (12,500.00) and November 2026 (9,500.00)".
    func purpose(_ payment: Payment) -> String {
        switch payment.purpose {
        case .payroll:
            let months = payment.months.count == 1 ? [format.month(of: payment.months[0].month.first)]
                : payment.months.map { text.text(.monthWithAmount, ["month": format.month(of: $0.month.first), "amount": amount($0.amount)]) }
            return text.text(.salaryFor, ["months": format.list(months)])
        case .advance: return text.text(.advanceOnSalary)
        case .repayment: return text.text(.repayingAdvance)
        case .settlement: return text.text(.finalSettlementPayment)
        }
    }

    // MARK: Settlement

    public func statement(_ english: SettlementStatement) -> SettlementStatement {
        let settlement = english.settlement, facts = english.settlementFacts
        let service = settlement.service
        var rows = [(text.text(.employed), text.text(.employedValue, [
                        "start": date(facts.member.startDate), "end": date(facts.leaving),
                        "service": text.duration(years: service.years, months: service.months, days: service.days, format: format)])),
                    (text.text(.endedBy), text.text(PaperKey(facts.reason))),
                    (text.text(.noticeGiven), facts.noticeGiven.map(date) ?? text.text(.noNotice)),
                    (text.text(.lastMonthlyWage), money(facts.lastWage)),
                    (text.text(.rules), text.text(.rulesValue, ["name": settlement.rules.name, "version": settlement.rules.versionName,
                                                               "date": (try? CalendarDate(parsing: settlement.rules.checkedOn)).map(date) ?? settlement.rules.checkedOn]))]
        if let payBy = settlement.payBy { rows.append((text.text(.toBePaidBy), date(payBy))) }
        let lines = settlement.lines.map { line in
            SettlementStatement.Line(heading: line.title?.capitalizingFirstLetter ?? text.text(PaperKey(line.part)), amount: money(line.amount),
                                     details: line.working.map(step) + (line.source.map { [text.text(.source, ["source": $0])] } ?? []))
        }
        let total = money(settlement.total)
        return SettlementStatement(
            saying: text.text(.settlementTitle), employee: english.employee, facts: rows.map { (label: $0.0, value: $0.1) }, lines: lines, total: total,
            totalWords: englishWords(english.totalWords) ?? format.amountInWords(settlement.total.amount, currency: settlement.total.currency, text: text),
            notes: settlement.noteSteps.map { text.text(.noteValue, ["note": step($0)]) }, signatures: [text.text(.receivedBy), text.text(.paidForHouseholdBy)],
            totalLabel: text.text(.total, ["amount": ""]).trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ":：")))
            , notePrefix: "", signatureCaption: text.text(.signatureAndDate), of: english)
    }

    /// One step of a settlement's working in this language; a reading quoted from the rules as written.
    public func step(_ step: WorkedStep) -> String {
        guard let key = PaperKey(step.kind) else { return step.values["text"].map(value) ?? step.description }
        let values = step.values.mapValues(value)
        guard let count = step.count else { return text.text(key, values) }
        return text.plural(key, count: count, values.merging(["count": format.integer(count)]) { old, _ in old })
    }

    /// A step's value as this language writes it (its digits, its dates).
    public func value(_ value: WorkedStep.Value) -> String {
        switch value {
        case .amount(let money): amount(money)
        case .date(let day): date(day)
        case .month(let month), .monthName(let month): format.month(of: month.first)
        case .year(let year): format.integer(year)
        case .number(let number): format.integer(number)
        case .leaveDays(let days): format.number(Decimal(days.halfDays) / 2)
        case .length(let tenure): text.duration(years: tenure.years, months: tenure.months, days: tenure.days, format: format)
        case .reason(let reason): text.text(PaperKey(reason))
        case .text(let written): written
        case .step(let inner): step(inner)
        case .steps(let steps): steps.map(step).joined(separator: "; ")
        }
    }

    // MARK: Values

    /// The English paper's own words for an amount ("One lakh fifty thousand rupees only", from the
    /// currency's words), where this is English; nil in any other language.
    func englishWords(_ words: String) -> String? {
        language.tag == "en" && !words.isEmpty ? words : nil
    }

    func date(_ day: CalendarDate) -> String { format.longDate(day) }
    func amount(_ money: Money) -> String { format.amount(money.amount, currency: money.currency) }
    func money(_ money: Money) -> String { format.money(money.amount, currency: money.currency) }

    /// "Employee: Asha", with the colon the language writes ("：" in Chinese and Japanese).
    func labelled(_ key: PaperKey, _ value: String) -> String {
        let code = format.locale.language.languageCode?.identifier
        return text.text(key) + (code == "ja" || code == "zh" ? "：" : ": ") + value
    }

    /// "Sunita Bai Pawar (सुनीता)", as typed.
    static func name(_ member: StaffMember) -> String {
        member.legalName + (member.knownAs.map { " (\($0))" } ?? "")
    }
}

/// The words of each language a process has read, shared by the threads that print papers.
private final class LockedDictionary: @unchecked Sendable {
    private let lock = NSLock()
    private var words: [String: PaperWords] = [:]

    func withLock<T>(_ body: (inout [String: PaperWords]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&words)
    }
}
