import Foundation
import HomeCrewCore

/// The names of the domain's fixed values as pages show them, in the page's language (the store
/// and the CLI keep the English raw values).
enum Words {
    static func status(_ status: EmploymentStatus) -> String {
        switch status {
        case .upcoming: t("upcoming", context: "employment status")
        case .active: t("active", context: "employment status")
        case .left: t("left", context: "employment status")
        }
    }

    static func role(_ role: HouseholdRole) -> String {
        switch role {
        case .viewer: t("viewer", context: "household role")
        case .manager: t("manager", context: "household role")
        case .owner: t("owner", context: "household role")
        }
    }

    static func kind(_ kind: DocumentKind) -> String {
        switch kind {
        case .contract: t("contract", context: "document kind")
        case .id: t("ID card", context: "document kind")
        case .passport: t("passport", context: "document kind")
        case .visa: t("visa", context: "document kind")
        case .permit: t("permit", context: "document kind")
        case .payslip: t("payslip", context: "document kind")
        case .certificate: t("certificate", context: "document kind")
        case .medical: t("medical", context: "document kind")
        case .other: t("other", context: "document kind")
        }
    }

    static func due(_ kind: DueItem.Kind) -> String {
        switch kind {
        case .documentExpiry: t("expiry", context: "due")
        case .anniversary: t("anniversary", context: "due")
        case .leaving: t("leaving", context: "due")
        case .backup: t("backup", context: "due")
        case .settlement: t("settlement", context: "due")
        }
    }

    /// A due item's details in the page's language: names and titles as typed, a statute's citation as
    /// the law data writes it. English pages keep the domain's own sentence.
    static func dueDetail(_ item: DueItem) -> String {
        guard WebText.current.language != "en" else { return item.summary }
        switch item.detail {
        case .document(let documentKind, let title): return t("{kind}: {title}", ["kind": kind(documentKind), "title": title], context: "due")
        case .anniversary(let years): return tPlural("{count} year of service", "{count} years of service", count: years)
        case .leaving: return t("last working day", context: "due")
        case .settlement(let deadline):
            return tPlural("final settlement to be paid within {count} day of the last day ({source})",
                           "final settlement to be paid within {count} days of the last day ({source})", count: deadline.days, ["source": deadline.source])
        case let .backupFailed(time, repository, reason): return backupFailed(time, repository, reason)
        case .backupClockAhead(let time):
            return t("the last backup is recorded as passed on {time}, later than now: the machine's clock was or is wrong",
                     ["time": WebText.current.time(time)])
        case .backupOverdue(let since): return t("no backup has passed since {time}", ["time": WebText.current.time(since)])
        case .noBackupYet: return t("no backup yet")
        case let .drillFailed(time, repository, reason): return drillFailed(time, repository, reason)
        }
    }

    private static func backupFailed(_ moment: Date, _ repository: String?, _ reason: String?) -> String {
        let time = WebText.current.time(moment)
        guard let repository else { return t("the last backup failed ({time})", ["time": time]) }
        guard let reason else { return t("the last backup failed ({time}, to {repository})", ["time": time, "repository": repository]) }
        return t("the last backup failed ({time}, to {repository}): {reason}", ["time": time, "repository": repository, "reason": reason])
    }

    private static func drillFailed(_ moment: Date, _ repository: String?, _ reason: String?) -> String {
        let time = WebText.current.time(moment)
        guard let repository else { return t("the last restore drill failed ({time})", ["time": time]) }
        guard let reason else { return t("the last restore drill failed ({time}, from {repository})", ["time": time, "repository": repository]) }
        return t("the last restore drill failed ({time}, from {repository}): {reason}", ["time": time, "repository": repository, "reason": reason])
    }

    /// "within 10 days of the last day (…)": when the law wants a settlement paid, and where it says so.
    static func deadline(_ deadline: PaymentDeadline) -> String {
        guard WebText.current.language != "en" else { return deadline.why }
        return tPlural("within {count} day of the last day ({source})", "within {count} days of the last day ({source})",
                       count: deadline.days, ["source": deadline.source])
    }

    static func leave(_ type: LeaveType) -> String {
        switch type {
        case .annual: t("annual", context: "leave type")
        case .sick: t("sick", context: "leave type")
        case .unpaid: t("unpaid", context: "leave type")
        case .other: t("other", context: "leave type")
        }
    }

    /// "settled before HomeCrew": months a ledger's opening covers.
    static var settledBeforeHomeCrew: String { t("settled before HomeCrew") }
}
