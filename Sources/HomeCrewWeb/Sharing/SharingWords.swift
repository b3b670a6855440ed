import HomeCrewCore

/// A household role as a page names it, in the page's language.
enum SharingWords {
    static func role(_ role: HouseholdRole) -> String {
        switch role {
        case .viewer: t("viewer")
        case .manager: t("manager")
        case .owner: t("owner")
        }
    }
}
