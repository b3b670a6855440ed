import HomeCrewCore

/// The words a page shows for how money changed hands, an advance's kind and repayment, and why
/// employment ends, in the page's language (a form's value stays the raw value the command line takes).
enum PaymentWords {
    static func method(_ method: PaymentMethod) -> String {
        switch method {
        case .cash: t("cash")
        case .bankTransfer: t("bank transfer")
        case .upi: t("UPI")
        case .cheque: t("cheque")
        case .wps: t("wage-protection system")
        case .other: t("other", context: "payment method")
        }
    }

    /// Every method as a select's options.
    static var methodOptions: [(value: String, label: String)] {
        PaymentMethod.allCases.map { (value: $0.rawValue, label: method($0)) }
    }

    static func kind(_ kind: Advance.Kind) -> String {
        switch kind {
        case .advance: t("advance", context: "advance kind")
        case .loan: t("loan", context: "advance kind")
        }
    }

    static func repayment(_ repayment: RepaymentRule) -> String {
        switch repayment {
        case let .perMonth(money, from): t("{amount} a month from {month}", ["amount": money.description, "month": from.description])
        case let .instalments(count, from):
            tPlural("{count} instalment from {month}", "{count} instalments from {month}", count: count, ["month": from.description])
        }
    }

    static func reason(_ reason: LeavingReason) -> String {
        switch reason {
        case .resignation: t("resignation")
        case .termination: t("termination")
        case .redundancy: t("redundancy")
        case .endOfContract: t("end-of-contract")
        case .resignationWithCause: t("resignation-with-cause")
        }
    }

    /// A settlement line's heading: the statute's own name for it as the rules give it, else its part's.
    static func heading(_ line: Settlement.Line) -> String {
        if let title = line.title { return title }
        return switch line.part {
        case .finalPay: t("final pay", context: "settlement part")
        case .leave: t("leave not taken", context: "settlement part")
        case .notice: t("notice", context: "settlement part")
        case .gratuity: t("gratuity", context: "settlement part")
        case .advances: t("advances", context: "settlement part")
        }
    }
}
