import Foundation
import HomeCrewCore

extension SettlementRuleBook {
    /// `Resources/settlement-rules.json`: every place's rules with their sources and readings,
    /// read once.
    public static let shipped: Result<SettlementRuleBook, SettlementError> = {
        guard let url = Bundle.module.url(forResource: "settlement-rules", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            return .failure(.rulesUnreadable(Bundle.module.bundlePath + "/settlement-rules.json", reason: "missing"))
        }
        do {
            return .success(try JSONDecoder().decode(SettlementRuleBook.self, from: data))
        } catch {
            return .failure(.rulesUnreadable(url.path, reason: "\(error)"))
        }
    }()
}
