import HomeCrewCore
import HomeCrewOperations
import HomeCrewPaperText

/// What was paid of a payroll line and how long someone has served, as a report page says them in the page's language.
enum ReportWords {
    /// `PayrollReport.Entry.paymentSummary` in the page's language: "paid 2026-11-30 by cash",
    /// "part: 5000.00 paid, last 2026-11-15 by UPI", "unpaid", "settled before HomeCrew"; empty when nothing is due.
    static func paymentSummary(_ entry: PayrollReport.Entry) -> String {
        if entry.settledBeforeHomeCrew { return Words.settledBeforeHomeCrew }
        guard let last = entry.paid.last else { return entry.line.net.amount > 0 ? t("unpaid") : "" }
        let values = ["day": last.day.description, "method": PaymentWords.method(last.method)]
        if entry.outstanding.amount == 0 { return t("paid {day} by {method}", values) }
        if entry.outstanding.amount > 0 {
            return t("part: {amount} paid, last {day} by {method}", values.merging(["amount": entry.paidTotal.plainAmount]) { $1 })
        }
        return t("overpaid by {amount}, last {day} by {method}", values.merging(["amount": entry.outstanding.negated.plainAmount]) { $1 })
    }

    /// `TenureLine.summary` in the page's language: "4 years, 10 months, 12 days", "starts in 12 days".
    static func tenure(_ line: TenureLine) -> String {
        if let days = line.startsInDays { return tPlural("starts in {count} day", "starts in {count} days", count: days) }
        return duration(line.tenure)
    }

    /// A length of service in the page's language, as the papers write it ("4 years, 10 months, 12 days" in English).
    static func duration(_ tenure: Tenure) -> String {
        WebText.current.duration(tenure) ?? tenure.description
    }

    /// A step of a payroll line's working in the page's language, its values as the papers write
    /// them (digits, month names); the English page says exactly what `report payroll --explain` prints.
    static func payrollStep(_ step: WorkedStep) -> String {
        let paper = WebText.current.language == "en" ? nil : try? PaperWords.of(WebText.current.language)
        var values = step.values.mapValues { paper?.value($0) ?? $0.english }
        let count = step.count ?? 0
        values["count"] = paper?.format.integer(count) ?? String(count)
        return switch step.kind {
        case .payrollMonth: t("{month} has {month_days} days; paid for {paid} of them.", values)
        case .payrollSegment:
            tPlural("{dates}: {count} day × {salary} ÷ {month_days} = {amount} {currency}",
                    "{dates}: {count} days × {salary} ÷ {month_days} = {amount} {currency}", count: count, values)
        case .payrollUnpaid:
            tPlural("unpaid leave {dates}: {count} day × {salary} ÷ {month_days} = −{amount} {currency}",
                    "unpaid leave {dates}: {count} days × {salary} ÷ {month_days} = −{amount} {currency}", count: count, values)
        case .payrollUnpaidHalves: t("unpaid leave {dates}: {days} days × {salary} ÷ {month_days} = −{amount} {currency}", values)
        case .payrollAdjustment: t("adjustment: {amount} ({reason})", values)
        case .payrollNetRounded: t("net: {amount} (the exact sum, rounded once to the currency's minor unit, halves away from zero)", values)
        case .payrollEarnedRounded: t("earned: {amount} (the exact sum, rounded once to the currency's minor unit, halves away from zero)", values)
        case .payrollAdvanceInstalment: t("advance {id} instalment: −{amount} (left to repay after: {balance})", values)
        case .payrollLoanInstalment: t("loan {id} instalment: −{amount} (left to repay after: {balance})", values)
        case .payrollNet: t("net: {amount}", values)
        default: step.description
        }
    }

    /// A calendar's events in `words`' language (the feed is written after the request's task has
    /// its language, and each event is worded as it is written).
    static func calendar(_ words: WebText) -> ICalendar.Wording {
        ICalendar.Wording(summary: { item in WebText.$current.withValue(words) { event(item) } },
                          description: { item in
                              WebText.$current.withValue(words) {
                                  item.kind == .backup ? t("The whole vault", context: "calendar")
                                      : t("Household: {household}", ["household": item.householdName], context: "calendar")
                              }
                          })
    }

    /// "Expires: passport: Maria's passport — Maria Santos" in the page's language.
    private static func event(_ item: DueItem) -> String {
        let values = ["what": Words.dueDetail(item), "staff": item.staffNames.joined(separator: t(", ", context: "list"))]
        let named = !item.staffNames.isEmpty
        return switch (item.kind, item.isExpired) {
        case (.documentExpiry, true):
            named ? t("Expired: {what} — {staff}", values, context: "calendar") : t("Expired: {what}", values, context: "calendar")
        case (.documentExpiry, false):
            named ? t("Expires: {what} — {staff}", values, context: "calendar") : t("Expires: {what}", values, context: "calendar")
        case (.anniversary, _):
            named ? t("Work anniversary: {what} — {staff}", values, context: "calendar") : t("Work anniversary: {what}", values, context: "calendar")
        case (.leaving, _): named ? t("Leaving: {what} — {staff}", values, context: "calendar") : t("Leaving: {what}", values, context: "calendar")
        case (.backup, _): named ? t("Backup: {what} — {staff}", values, context: "calendar") : t("Backup: {what}", values, context: "calendar")
        case (.settlement, true):
            named ? t("Overdue: {what} — {staff}", values, context: "calendar") : t("Overdue: {what}", values, context: "calendar")
        case (.settlement, false): named ? t("Due: {what} — {staff}", values, context: "calendar") : t("Due: {what}", values, context: "calendar")
        }
    }
}
