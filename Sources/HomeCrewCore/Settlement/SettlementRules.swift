import Foundation

/// Why employment ends; some rules pay a gratuity for one reason and not another.
public enum LeavingReason: String, CaseIterable, Codable, Sendable {
    case resignation
    case termination
    case endOfContract = "end-of-contract"
}

/// A place's rules for a final settlement, read from its statute and kept as data
/// (`settlement-rules.json`): each part names its source and says how it was read.
public struct SettlementRules: Decodable, Hashable, Sendable {
    public let id: String
    public let name: String
    /// The day the reading was last checked against the statute's text.
    public let checkedOn: String
    /// What the law leaves open; every settlement made by these rules says it.
    public let unsettled: [String]
    /// The statutory gratuity; nil when the law gives none (`noGratuity` says why).
    public let gratuity: GratuityRule?
    public let noGratuity: String?
    public let leave: LeavePayoutRule
    public let notice: NoticeRule

    enum CodingKeys: String, CodingKey {
        case id, name, unsettled, gratuity, leave, notice
        case checkedOn = "checked_on", noGratuity = "no_gratuity"
    }
}

/// A gratuity: days of wage per year of service (or one lump of months' wages) once the
/// service reaches a minimum, for the reasons it names.
public struct GratuityRule: Decodable, Hashable, Sendable {
    public enum Kind: String, Decodable, Sendable { case perYear = "per-year", lump }
    public enum PartialYear: String, Decodable, Sendable { case proRata = "pro-rata", completedYearsOnly = "completed-years" }

    public let source: String
    public let reading: String
    public let kind: Kind
    /// `perYear`: `daysPerYear ÷ daysPerMonth` months of wage for each year (14 ÷ 30; 20 ÷ 30 is two thirds).
    public let daysPerYear: Int
    public let daysPerMonth: Int
    /// `lump`: this many months of wage.
    public let lumpMonths: Int
    public let minimumYears: Int
    public let partialYear: PartialYear
    public let reasons: [LeavingReason]
    /// Caps in the rule's own currency: on the monthly wage used, and on the whole amount.
    public let capCurrency: String?
    public let monthlyWageCap: Decimal?
    public let totalCap: Decimal?

    enum CodingKeys: String, CodingKey {
        case source, reading, kind, reasons
        case daysPerYear = "days_per_year", daysPerMonth = "days_per_month", lumpMonths = "lump_months"
        case minimumYears = "minimum_years", partialYear = "partial_year", capCurrency = "cap_currency"
        case monthlyWageCap = "monthly_wage_cap", totalCap = "total_cap"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        source = try values.decode(String.self, forKey: .source)
        reading = try values.decode(String.self, forKey: .reading)
        kind = try values.decode(Kind.self, forKey: .kind)
        daysPerYear = try values.decodeIfPresent(Int.self, forKey: .daysPerYear) ?? 0
        daysPerMonth = try values.decodeIfPresent(Int.self, forKey: .daysPerMonth) ?? 30
        lumpMonths = try values.decodeIfPresent(Int.self, forKey: .lumpMonths) ?? 0
        minimumYears = try values.decode(Int.self, forKey: .minimumYears)
        partialYear = try values.decodeIfPresent(PartialYear.self, forKey: .partialYear) ?? .proRata
        reasons = try values.decode([LeavingReason].self, forKey: .reasons)
        capCurrency = try values.decodeIfPresent(String.self, forKey: .capCurrency)
        // Amounts are strings in the file: a JSON number would pass through Double.
        monthlyWageCap = try values.decodeIfPresent(String.self, forKey: .monthlyWageCap).map(Self.decimal)
        totalCap = try values.decodeIfPresent(String.self, forKey: .totalCap).map(Self.decimal)
    }

    /// A contract's own gratuity: `daysPerYear` days of the last wage for each year, pro rata, from the first year.
    public init(contractDaysPerYear days: Int) {
        source = "the employment contract"
        reading = "\(days) days of the last monthly wage (a month counted as 30 days) for each year of service, part years pro rata"
        kind = .perYear
        daysPerYear = days
        daysPerMonth = 30
        lumpMonths = 0
        minimumYears = 0
        partialYear = .proRata
        reasons = LeavingReason.allCases
        capCurrency = nil
        monthlyWageCap = nil
        totalCap = nil
    }

    private static func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }
}

/// Leave earned and not taken, paid at leaving: days × the monthly wage ÷ `dailyDivisor`.
public struct LeavePayoutRule: Decodable, Hashable, Sendable {
    public let source: String
    public let reading: String
    public let paid: Bool
    public let dailyDivisor: Int

    enum CodingKeys: String, CodingKey {
        case source, reading, paid
        case dailyDivisor = "daily_divisor"
    }
}

/// Notice: the days each side gives; days not given are paid in lieu at the daily wage (by the
/// employer who ends it, or deducted from a worker who resigns without them).
public struct NoticeRule: Decodable, Hashable, Sendable {
    public let source: String
    public let reading: String
    public let days: Int
    public let dailyDivisor: Int

    enum CodingKeys: String, CodingKey {
        case source, reading, days
        case dailyDivisor = "daily_divisor"
    }
}

/// Every shipped rule set.
public struct SettlementRuleBook: Decodable, Sendable {
    public let ruleSets: [SettlementRules]

    enum CodingKeys: String, CodingKey { case ruleSets = "rule_sets" }

    public func rules(_ id: String) throws(SettlementError) -> SettlementRules {
        guard let rules = ruleSets.first(where: { $0.id == id }) else {
            throw .unknownRules(id, known: ruleSets.map(\.id))
        }
        return rules
    }
}
