import Foundation

/// How a currency's amounts are said: its unit's names and how large numbers are grouped.
public struct CurrencyWords: Hashable, Sendable {
    public enum Numbering: String, Sendable {
        /// Thousand, million, billion.
        case international
        /// Thousand, lakh (100,000), crore (10,000,000): how amounts are said in South Asia.
        case indian
    }

    public let one: String
    public let many: String
    public let minorOne: String?
    public let minorMany: String?
    public let numbering: Numbering

    public init(one: String, many: String, minorOne: String?, minorMany: String?, numbering: Numbering) {
        (self.one, self.many, self.minorOne, self.minorMany, self.numbering) = (one, many, minorOne, minorMany, numbering)
    }
}

/// An amount in English words, as written on a receipt: "Twenty-two thousand rupees only",
/// "One lakh five thousand rupees and fifty paise only".
public enum AmountInWords {
    public static func english(_ money: Money, words: CurrencyWords?) -> String {
        let rounded = money.rounded()
        let parts = rounded.plainAmount.trimmingCharacters(in: CharacterSet(charactersIn: "-")).split(separator: ".")
        let major = Decimal(string: String(parts[0])) ?? 0
        let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let numbering = words?.numbering ?? .international
        var text = say(major, numbering)
        if let words {
            text += " " + (major == 1 ? words.one : words.many)
            if minor > 0, let minorMany = words.minorMany {
                text += " and " + say(Decimal(minor), .international) + " " + (minor == 1 ? words.minorOne ?? minorMany : minorMany)
            }
        } else {
            text += " " + money.currency.code
            if money.currency.minorUnits > 0 { text += " and \(parts.count > 1 ? String(parts[1]) : "0")/1" + String(repeating: "0", count: money.currency.minorUnits) }
        }
        text = (money.isNegative ? "minus " : "") + text + " only"
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                       "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// A whole number in words.
    static func say(_ number: Decimal, _ numbering: CurrencyWords.Numbering) -> String {
        guard number > 0 else { return "zero" }
        let groups: [(Decimal, String)] = switch numbering {
        case .indian: [(10_000_000, "crore"), (100_000, "lakh"), (1000, "thousand")]
        case .international: [(1_000_000_000_000, "trillion"), (1_000_000_000, "billion"), (1_000_000, "million"), (1000, "thousand")]
        }
        var rest = number
        var words: [String] = []
        for (size, name) in groups where rest >= size {
            let count = whole(rest / size)
            // The largest group's count may itself be large: "ten thousand crore".
            words.append(say(count, numbering) + " " + name)
            rest -= count * size
        }
        if rest > 0 { words.append(underThousand(NSDecimalNumber(decimal: rest).intValue)) }
        return words.joined(separator: " ")
    }

    static func underThousand(_ number: Int) -> String {
        var words: [String] = []
        if number >= 100 { words.append(ones[number / 100] + " hundred") }
        let last = number % 100
        if last >= 20 {
            words.append(tens[last / 10] + (last % 10 > 0 ? "-" + ones[last % 10] : ""))
        } else if last > 0 {
            words.append(ones[last])
        }
        return words.joined(separator: " ")
    }

    static func whole(_ value: Decimal) -> Decimal {
        var input = value, result = Decimal()
        NSDecimalRound(&result, &input, 0, .down)
        return result
    }
}
