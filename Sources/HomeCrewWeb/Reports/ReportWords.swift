import HomeCrewCore

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
}
