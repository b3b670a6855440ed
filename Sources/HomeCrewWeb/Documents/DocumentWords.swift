import HomeCrewCore

/// The words a page shows for a document's kinds (as options), read status, order and suggested facts, in the
/// page's language (a form's value stays the raw value the command line takes).
enum DocumentWords {
    /// Every kind as a select's options.
    static var kindOptions: [(value: String, label: String)] {
        DocumentKind.allCases.map { (value: $0.rawValue, label: Words.kind($0)) }
    }

    static func status(_ status: ExtractionStatus) -> String {
        switch status {
        case .complete: t("complete", context: "text read")
        case .partial: t("partial", context: "text read")
        case .failed: t("failed", context: "text read")
        case .skipped: t("skipped", context: "text read")
        }
    }

    static func order(_ order: DocumentOrder) -> String {
        switch order {
        case .added: t("Newest added")
        case .issued: t("Latest issued")
        case .expires: t("Soonest expiry")
        case .title: t("Title", context: "order")
        }
    }

    /// A suggested fact's name, as `doc apply --only` spells it in English.
    static func field(_ field: FactField) -> String {
        switch field {
        case .kind: t("kind", context: "fact")
        case .number: t("number", context: "fact")
        case .issuingState: t("issuing-state", context: "fact")
        case .nationality: t("nationality", context: "fact")
        case .surname: t("surname", context: "fact")
        case .givenNames: t("given-names", context: "fact")
        case .birth: t("birth", context: "fact")
        case .sex: t("sex", context: "fact")
        case .issued: t("issued", context: "fact")
        case .expiry: t("expiry", context: "fact")
        case .optionalData: t("optional-data", context: "fact")
        case .person: t("person", context: "fact")
        }
    }
}
