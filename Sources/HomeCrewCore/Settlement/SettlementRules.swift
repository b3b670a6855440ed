import Foundation

/// Why employment ends; some rules pay a gratuity for one reason and not another.
public enum LeavingReason: String, CaseIterable, Codable, Sendable {
    case resignation
    case termination
    /// Dismissal because the job is gone: where a rule set distinguishes it (Hong Kong's severance
    /// payment), its own rule; elsewhere a termination.
    case redundancy
    case endOfContract = "end-of-contract"
    /// The worker ends it for a cause the law names (the employer's breach, abuse): no notice is
    /// owed either way. The UAE's 2017 version pays its gratuity for it and not for a resignation;
    /// the other UAE version and Saudi Arabia's accept it and settle it exactly as a resignation
    /// (they count no notice and pay alike); every other rule set refuses it.
    case resignationWithCause = "resignation-with-cause"

    /// The employer ends it: notice not given is paid in lieu by the employer.
    public var isByEmployer: Bool { self == .termination || self == .redundancy }

    /// Notice not given is paid or deducted: not at a contract's end, nor when the worker leaves with cause.
    public var countsNotice: Bool { self != .endOfContract && self != .resignationWithCause }

    /// The reasons every rule set settles unless it names its own.
    public static let settledEverywhere: [LeavingReason] = [.resignation, .termination, .redundancy, .endOfContract]
}

/// A place's rules for a final settlement, as one version of them reads: read from its statute and
/// kept as data (`settlement-rules.json`); each part names its source and says how it was read.
/// A version holds from its `inForceFrom` until the next version's; the first holds before that.
public struct SettlementRules: Decodable, Hashable, Sendable {
    /// The rule set's id and name (the same for each of its versions).
    public internal(set) var id: String = ""
    public internal(set) var name: String = ""
    /// The first leaving day this version settles; nil for a set's first version.
    public let inForceFrom: CalendarDate?
    /// The day the reading was last checked against the statute's text.
    public let checkedOn: String
    /// Where the statute's text was read (article and address), or that it could not be found.
    public let readings: [String]
    /// What the law leaves open; every settlement made by these rules says it.
    public let unsettled: [String]
    /// The statutory gratuity; nil when the law gives none (`noGratuity` says why).
    public let gratuity: GratuityRule?
    public let noGratuity: String?
    /// Paid instead of `gratuity` when employment ends by redundancy (Hong Kong's severance payment).
    public let severance: GratuityRule?
    public let leave: LeavePayoutRule
    public let notice: NoticeRule
    /// Days after the last day by which the law says the settlement must be paid.
    public let paymentDeadline: PaymentDeadline?
    /// The leaving reasons this version settles; another is refused, not guessed.
    public let reasons: [LeavingReason]
    /// How a contract's own gratuity is counted where the law gives it a meaning (India's Code); nil: as the contract says.
    public let contractGratuity: ContractGratuityReading?

    /// "hk-cap57 from 2025-05-01": which version settled, as a statement and the ledger say it.
    public var versionName: String { "\(id) \(inForceFrom.map { "from \($0)" } ?? "(first version)")" }

    enum CodingKeys: String, CodingKey {
        case readings, unsettled, gratuity, severance, leave, notice, reasons
        case inForceFrom = "in_force_from", checkedOn = "checked_on", noGratuity = "no_gratuity", paymentDeadline = "payment_deadline"
        case contractGratuity = "contract_gratuity"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        inForceFrom = try values.decodeDateIfPresent(forKey: .inForceFrom)
        checkedOn = try values.decode(String.self, forKey: .checkedOn)
        readings = try values.decode([String].self, forKey: .readings)
        unsettled = try values.decode([String].self, forKey: .unsettled)
        gratuity = try values.decodeIfPresent(GratuityRule.self, forKey: .gratuity)
        noGratuity = try values.decodeIfPresent(String.self, forKey: .noGratuity)
        severance = try values.decodeIfPresent(GratuityRule.self, forKey: .severance)
        leave = try values.decode(LeavePayoutRule.self, forKey: .leave)
        notice = try values.decode(NoticeRule.self, forKey: .notice)
        paymentDeadline = try values.decodeIfPresent(PaymentDeadline.self, forKey: .paymentDeadline)
        reasons = try values.decodeIfPresent([LeavingReason].self, forKey: .reasons) ?? LeavingReason.settledEverywhere
        contractGratuity = try values.decodeIfPresent(ContractGratuityReading.self, forKey: .contractGratuity)
    }
}

/// HomeCrew's reading of a contract that uses a statute's own measure, where the statute does not
/// govern the household: a contract that counts a month as `monthDays` days is read as following
/// the statute's method, its years and its ceiling; the line says so, and what a literal reading gives.
public struct ContractGratuityReading: Decodable, Hashable, Sendable {
    /// The line's source: the contract, as HomeCrew reads it.
    public let source: String
    public let reading: String
    public let monthDays: Int
    public let partialYear: GratuityRule.PartialYear
    public let capCurrency: String
    public let totalCap: Decimal
    /// Said when the ceiling cuts the amount: whose ceiling it is, and that a contract promising more prevails.
    public let ceilingReading: String
    /// Said when the service is short of the contract's minimum: the views of service not applied.
    public let shortServiceReading: String

    enum CodingKeys: String, CodingKey {
        case source, reading
        case monthDays = "month_days", partialYear = "partial_year", capCurrency = "cap_currency", totalCap = "total_cap"
        case ceilingReading = "ceiling_reading", shortServiceReading = "short_service_reading"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        source = try values.decode(String.self, forKey: .source)
        reading = try values.decode(String.self, forKey: .reading)
        monthDays = try values.decode(Int.self, forKey: .monthDays)
        partialYear = try values.decode(GratuityRule.PartialYear.self, forKey: .partialYear)
        capCurrency = try values.decode(String.self, forKey: .capCurrency)
        totalCap = GratuityRule.decimal(try values.decode(String.self, forKey: .totalCap))
        ceilingReading = try values.decode(String.self, forKey: .ceilingReading)
        shortServiceReading = try values.decode(String.self, forKey: .shortServiceReading)
    }

    /// The contract's rule counted this way when it uses the statute's month; its ceiling only for
    /// a wage in the statute's currency (the line says when it is not applied).
    public func applied(to contract: GratuityRule, currency: String) -> GratuityRule {
        guard contract.daysPerMonth == monthDays else { return contract }
        var counted = contract
        counted.partialYear = partialYear
        counted.source = source
        counted.reading = contract.reading.replacingOccurrences(of: ", part years pro rata", with: "") + "; " + reading
        counted.shortServiceReading = shortServiceReading
        if currency == capCurrency {
            (counted.capCurrency, counted.totalCap, counted.ceilingReading) = (capCurrency, totalCap, ceilingReading)
        } else {
            counted.reading += " (its ceiling is in \(capCurrency), not applied to a wage in \(currency))"
        }
        return counted
    }
}

/// A settlement the law says must be paid within so many days of the last day.
public struct PaymentDeadline: Decodable, Hashable, Sendable {
    public let days: Int
    public let source: String

    /// The last day to pay: `days` after the last day of work.
    public func due(after leaving: CalendarDate) -> CalendarDate { leaving.adding(daysClamped: days) }

    /// "within 10 days of the last day (…)": the due list's and the staff page's English.
    public var why: String { "within \(days) days of the last day (\(source))" }
}

/// A gratuity: days of wage per year of service (or one lump of months' wages) once the
/// service reaches a minimum, for the reasons it names.
public struct GratuityRule: Decodable, Hashable, Sendable {
    public enum Kind: String, Decodable, Sendable { case perYear = "per-year", lump }
    /// How the year not completed counts: in proportion, not at all, or (India's Code) as a whole
    /// year when it is more than six calendar months, not at all when shorter.
    public enum PartialYear: String, Decodable, Sendable {
        case proRata = "pro-rata", completedYearsOnly = "completed-years", overSixMonths = "over-six-months"
    }

    /// What the statement calls it: "long service payment", "severance payment", "gratuity".
    public let title: String
    public internal(set) var source: String
    public internal(set) var reading: String
    public let kind: Kind
    /// `perYear`: `daysPerYear ÷ daysPerMonth` months of wage for each year (14 ÷ 30; 20 ÷ 30 is two thirds; 15 ÷ 26).
    public let daysPerYear: Int
    public let daysPerMonth: Int
    /// `lump`: this many months of wage.
    public let lumpMonths: Int
    public let minimumYears: Int
    /// Service needed in months where the law counts months (Hong Kong's severance payment: 24).
    public let minimumMonths: Int
    public internal(set) var partialYear: PartialYear
    public let reasons: [LeavingReason]
    /// Caps in the rule's own currency: on the monthly wage used, and on the whole amount.
    public internal(set) var capCurrency: String?
    public let monthlyWageCap: Decimal?
    public internal(set) var totalCap: Decimal?
    /// The law does not say whether its years are Gregorian or Hijri (Saudi Arabia): HomeCrew counts
    /// Gregorian years, and a line not due says when the Hijri (Umm al-Qura) years are complete.
    public let hijriYearsOpen: Bool
    /// Set by a `ContractGratuityReading`: said when the total cap cuts the amount, and when the
    /// service is short of the minimum.
    public internal(set) var ceilingReading: String?
    public internal(set) var shortServiceReading: String?
    /// Service before this day is paid at the wage of the last full month before it, service from
    /// it at the last wage; the total cap holds across both (Hong Kong, from 1 May 2025).
    public let split: ServiceSplit?

    enum CodingKeys: String, CodingKey {
        case title, source, reading, kind, reasons, split
        case daysPerYear = "days_per_year", daysPerMonth = "days_per_month", lumpMonths = "lump_months"
        case minimumYears = "minimum_years", minimumMonths = "minimum_months", partialYear = "partial_year", capCurrency = "cap_currency"
        case monthlyWageCap = "monthly_wage_cap", totalCap = "total_cap", hijriYearsOpen = "hijri_years_open"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        title = try values.decodeIfPresent(String.self, forKey: .title) ?? "gratuity"
        source = try values.decode(String.self, forKey: .source)
        reading = try values.decode(String.self, forKey: .reading)
        kind = try values.decode(Kind.self, forKey: .kind)
        daysPerYear = try values.decodeIfPresent(Int.self, forKey: .daysPerYear) ?? 0
        daysPerMonth = try values.decodeIfPresent(Int.self, forKey: .daysPerMonth) ?? 30
        lumpMonths = try values.decodeIfPresent(Int.self, forKey: .lumpMonths) ?? 0
        minimumYears = try values.decode(Int.self, forKey: .minimumYears)
        minimumMonths = try values.decodeIfPresent(Int.self, forKey: .minimumMonths) ?? 0
        partialYear = try values.decodeIfPresent(PartialYear.self, forKey: .partialYear) ?? .proRata
        reasons = try values.decode([LeavingReason].self, forKey: .reasons)
        capCurrency = try values.decodeIfPresent(String.self, forKey: .capCurrency)
        // Amounts are strings in the file: a JSON number would pass through Double.
        monthlyWageCap = try values.decodeIfPresent(String.self, forKey: .monthlyWageCap).map(Self.decimal)
        totalCap = try values.decodeIfPresent(String.self, forKey: .totalCap).map(Self.decimal)
        split = try values.decodeIfPresent(ServiceSplit.self, forKey: .split)
        hijriYearsOpen = try values.decodeIfPresent(Bool.self, forKey: .hijriYearsOpen) ?? false
    }

    /// A contract's own gratuity: `daysPerYear` days of the last wage for each year, a month
    /// counted as `monthDays` days (30, or 26 as Indian contracts count it), part years pro rata,
    /// once the service reaches `minimumYears`.
    public init(contractDaysPerYear days: Int, monthDays: Int = 30, minimumYears: Int = 0) {
        title = "gratuity"
        source = "the employment contract"
        reading = "\(days) days of the last monthly wage (a month counted as \(monthDays) days) for each year of service, part years pro rata"
            + (minimumYears > 0 ? ", once \(minimumYears) year\(minimumYears == 1 ? "" : "s") of service are completed" : "")
        kind = .perYear
        daysPerYear = days
        daysPerMonth = monthDays
        lumpMonths = 0
        self.minimumYears = minimumYears
        minimumMonths = 0
        partialYear = .proRata
        reasons = LeavingReason.allCases
        capCurrency = nil
        monthlyWageCap = nil
        totalCap = nil
        split = nil
        hijriYearsOpen = false
    }

    /// The days a contract may count a month as.
    public static let contractMonthDays: Set<Int> = [26, 30]

    static func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }
}

/// A day that splits service in two for a gratuity (see `GratuityRule.split`).
public struct ServiceSplit: Decodable, Hashable, Sendable {
    public let date: CalendarDate
    public let source: String
    public let reading: String

    enum CodingKeys: String, CodingKey { case date, source, reading }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        guard let date = try values.decodeDateIfPresent(forKey: .date) else {
            throw DecodingError.keyNotFound(CodingKeys.date, .init(codingPath: values.codingPath, debugDescription: "a split names its date"))
        }
        self.date = date
        source = try values.decode(String.self, forKey: .source)
        reading = try values.decode(String.self, forKey: .reading)
    }
}

/// Leave earned and not taken, paid at leaving: days × the monthly wage ÷ `dailyDivisor`, or
/// (`twelveMonths`) days × 12 × the monthly wage ÷ the days of the last 12 months.
public struct LeavePayoutRule: Decodable, Hashable, Sendable {
    public let source: String
    public let reading: String
    public let paid: Bool
    public let dailyDivisor: Int
    /// A day's wage is the average of the last 12 months (Hong Kong), not the monthly wage ÷ `dailyDivisor`.
    public let twelveMonths: Bool
    /// Leave of earlier years not taken is paid whatever the household's carry-over cap says.
    public let earlierYears: Bool
    /// No leave is paid before this many months' service (Hong Kong: 3; the UAE: 6).
    public let minimumServiceMonths: Int

    enum CodingKeys: String, CodingKey {
        case source, reading, paid
        case dailyDivisor = "daily_divisor", earlierYears = "earlier_years", dailyRate = "daily_rate"
        case minimumServiceMonths = "minimum_service_months"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        source = try values.decode(String.self, forKey: .source)
        reading = try values.decode(String.self, forKey: .reading)
        paid = try values.decode(Bool.self, forKey: .paid)
        dailyDivisor = try values.decode(Int.self, forKey: .dailyDivisor)
        switch try values.decodeIfPresent(String.self, forKey: .dailyRate) {
        case nil, "divisor": twelveMonths = false
        case "twelve-months": twelveMonths = true
        case let other?: throw DecodingError.dataCorruptedError(forKey: .dailyRate, in: values, debugDescription: "unknown daily_rate '\(other)'")
        }
        guard twelveMonths || dailyDivisor > 0 else {
            throw DecodingError.dataCorruptedError(forKey: .dailyDivisor, in: values, debugDescription: "daily_divisor must be positive")
        }
        earlierYears = try values.decodeIfPresent(Bool.self, forKey: .earlierYears) ?? false
        minimumServiceMonths = try values.decodeIfPresent(Int.self, forKey: .minimumServiceMonths) ?? 0
    }
}

/// Notice: the days (or calendar months) each side gives; notice not given is paid in lieu (by an
/// employer who ends it, or deducted from a worker who resigns without it).
public struct NoticeRule: Decodable, Hashable, Sendable {
    public let source: String
    public let reading: String
    public let days: Int
    /// Calendar months of notice, counted from the day notice is given (that day the first):
    /// given on 1 February, a month's notice is complete on the last day of February.
    public let months: Int
    public let dailyDivisor: Int

    enum CodingKeys: String, CodingKey {
        case source, reading, days, months
        case dailyDivisor = "daily_divisor"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        source = try values.decode(String.self, forKey: .source)
        reading = try values.decode(String.self, forKey: .reading)
        days = try values.decodeIfPresent(Int.self, forKey: .days) ?? 0
        months = try values.decodeIfPresent(Int.self, forKey: .months) ?? 0
        dailyDivisor = try values.decode(Int.self, forKey: .dailyDivisor)
    }
}

/// A place's rules: its versions, oldest first, each in force from its date.
public struct SettlementRuleSet: Decodable, Sendable {
    public let id: String
    public let name: String
    public let versions: [SettlementRules]

    enum CodingKeys: String, CodingKey { case id, name, versions }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let (id, name) = (try values.decode(String.self, forKey: .id), try values.decode(String.self, forKey: .name))
        let versions = try values.decode([SettlementRules].self, forKey: .versions).map { version in
            var named = version
            (named.id, named.name) = (id, name)
            return named
        }
        let dates = versions.dropFirst().compactMap(\.inForceFrom)
        guard let first = versions.first, first.inForceFrom == nil, dates.count == versions.count - 1,
              zip(dates, dates.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw DecodingError.dataCorruptedError(forKey: .versions, in: values,
                                                   debugDescription: "\(id): the first version has no in_force_from, each later one a later date")
        }
        (self.id, self.name, self.versions) = (id, name, versions)
    }

    /// The version in force on the leaving day.
    public func version(on leaving: CalendarDate) -> SettlementRules {
        versions.last { $0.inForceFrom.map { $0 <= leaving } ?? true } ?? versions[0]
    }

    /// Each version with the day the next one starts.
    public var versionsWithEnds: [(version: SettlementRules, next: CalendarDate?)] {
        versions.enumerated().map { index, version in
            (version, index + 1 < versions.count ? versions[index + 1].inForceFrom : nil)
        }
    }
}

/// Every shipped rule set.
public struct SettlementRuleBook: Decodable, Sendable {
    public let ruleSets: [SettlementRuleSet]

    enum CodingKeys: String, CodingKey { case ruleSets = "rule_sets" }

    public func ruleSet(_ id: String) throws(SettlementError) -> SettlementRuleSet {
        guard let set = ruleSets.first(where: { $0.id == id }) else {
            throw .unknownRules(id, known: ruleSets.map(\.id))
        }
        return set
    }

    /// The version of a rule set in force on the leaving day.
    public func rules(_ id: String, on leaving: CalendarDate) throws(SettlementError) -> SettlementRules {
        try ruleSet(id).version(on: leaving)
    }
}

extension KeyedDecodingContainer {
    /// A "YYYY-MM-DD" string as a calendar date; any other text is the rule file's error.
    func decodeDateIfPresent(forKey key: Key) throws -> CalendarDate? {
        try decodeIfPresent(String.self, forKey: key).map { text in
            guard let date = try? CalendarDate(parsing: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(text)' is not a date")
            }
            return date
        }
    }
}
