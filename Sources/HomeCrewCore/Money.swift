import Foundation

/// An exact amount of one currency. Never a `Double`.
///
/// Arithmetic is only defined between equal currencies; intermediate results keep
/// `Decimal`'s full 38 digits, and `rounded()` is the single place where an amount is
/// brought to the currency's minor unit.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public let amount: Decimal
    public let currency: Currency

    public init(_ amount: Decimal, _ currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money { Money(0, currency) }

    /// The exact sum of amounts the caller knows are all in `currency`.
    public static func sum(_ amounts: [Money], _ currency: Currency) -> Money {
        Money(amounts.reduce(0) { $0 + $1.amount }, currency)
    }

    /// Parses a plain decimal such as `25000`, `25000.5` or `-120.250` strictly: an optional
    /// minus sign, digits, and at most one point followed by no more digits than the
    /// currency's minor unit allows. No grouping separators, exponents or spaces.
    public init(parsing text: String, currency: Currency) throws(MoneyError) {
        let (amount, decimals) = try Self.parseDecimal(text)
        guard decimals <= currency.minorUnits else {
            throw .tooManyDecimals(text, currency: currency)
        }
        self.init(amount, currency)
    }

    /// The amount at the currency's minor unit, halves rounded away from zero
    /// (2.345 INR → 2.35, −2.345 INR → −2.35, 0.5 JPY → 1), or by another `mode` (`.down`: an
    /// instalment that leaves the rest to the last one).
    public func rounded(_ mode: NSDecimalNumber.RoundingMode = .plain) -> Money {
        var exact = amount
        var result = Decimal()
        NSDecimalRound(&result, &exact, currency.minorUnits, mode)
        return Money(result, currency)
    }

    /// True when the amount has no more decimals than the currency's minor unit.
    public var isWholeMinorUnits: Bool { rounded().amount == amount }

    public var isNegative: Bool { amount < 0 }

    /// The rounded amount with exactly the currency's minor digits: "25000.00", "300000",
    /// "450.500". This is the form kept in the database and printed in JSON.
    public var plainAmount: String {
        let digits = currency.minorUnits
        let value = rounded().amount
        // A rounded Decimal prints as plain digits with at most `digits` decimals ("2.5", "60222").
        let printed = "\(value.magnitude)"
        let parts = printed.split(separator: ".", maxSplits: 1)
        var text = String(parts[0])
        if digits > 0 {
            let fraction = parts.count > 1 ? parts[1] : ""
            text += "." + fraction + String(repeating: "0", count: digits - fraction.count)
        }
        return value < 0 ? "-" + text : text
    }

    /// "25000.00 INR".
    public var description: String { "\(plainAmount) \(currency.code)" }
}

// MARK: - Arithmetic

extension Money {
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other)
        return Money(amount + other.amount, currency)
    }

    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other)
        return Money(amount - other.amount, currency)
    }

    /// Exact `amount × numerator ÷ denominator`: multiplying first means a whole month
    /// (`× 30 ÷ 30`) gives back the amount itself, with no drift.
    public func scaled(by numerator: Decimal, over denominator: Decimal) -> Money {
        Money(amount * numerator / denominator, currency)
    }

    public var negated: Money { Money(-amount, currency) }

    private func requireSameCurrency(_ other: Money) throws(MoneyError) {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
    }
}

// MARK: - Parsing

extension Money {
    /// A strictly parsed decimal and the number of digits after its point.
    public static func parseDecimal(_ text: String) throws(MoneyError) -> (Decimal, decimals: Int) {
        var sawPoint = false
        var integerDigits = 0
        var decimals = 0
        for (offset, character) in text.enumerated() {
            switch character {
            case "-" where offset == 0: continue
            case "." where !sawPoint && integerDigits > 0: sawPoint = true
            case "0"..."9": if sawPoint { decimals += 1 } else { integerDigits += 1 }
            default: throw .notAnAmount(text)
            }
        }
        // 28 significant digits keeps every product of payroll arithmetic inside Decimal's 38.
        guard integerDigits > 0, !sawPoint || decimals > 0, integerDigits + decimals <= 28,
              let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { throw .notAnAmount(text) }
        return (value, decimals)
    }
}

public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCurrency(String)
    case notAnAmount(String)
    case tooManyDecimals(String, currency: Currency)
    case currencyMismatch(Currency, Currency)

    public var description: String {
        switch self {
        case .unknownCurrency(let code):
            return "unknown currency '\(code)'; use an ISO 4217 code such as INR, AED, USD or EUR"
        case .notAnAmount(let text):
            return "'\(text)' is not an amount; write digits with an optional decimal point, such as 25000 or 1250.50"
        case let .tooManyDecimals(text, currency):
            let allowed = currency.minorUnits == 0
                ? "no decimals" : "at most \(currency.minorUnits) decimal\(currency.minorUnits == 1 ? "" : "s")"
            return "'\(text)' has too many decimals: \(currency.code) allows \(allowed)"
        case let .currencyMismatch(first, second):
            return "cannot combine \(first.code) and \(second.code) amounts"
        }
    }
}
