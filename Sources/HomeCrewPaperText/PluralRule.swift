public struct PluralRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { "Plural-Forms: \(reason)" }
}

/// A PO header's `Plural-Forms: nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : …);`: which of a
/// message's forms a count takes. The expression is the small part of C that gettext allows
/// (n, whole numbers, ! * / % + - < <= > >= == != && || ?: and parentheses), parsed here and
/// evaluated without running anything.
public struct PluralRule: Sendable {
    public let count: Int
    let expression: Expression

    public init(header: String) throws(PluralRuleError) {
        var count: Int?, formula: String?
        for part in header.split(separator: ";") {
            let (name, value) = part.split(atFirstOf: "=")
            switch name.trimmed {
            case "nplurals": count = Int(value.dropFirst().trimmed)
            case "plural": formula = String(value.dropFirst())
            case "": continue
            default: throw PluralRuleError(reason: "unknown field \(name.trimmed)")
            }
        }
        guard let count, (1...6).contains(count) else { throw PluralRuleError(reason: "nplurals must be 1 to 6") }
        guard let formula, formula.utf8.count <= 400 else { throw PluralRuleError(reason: "plural= is missing or too long") }
        var parser = Parser(tokens: try Parser.tokens(formula))
        expression = try parser.ternary(depth: 0)
        guard parser.position == parser.tokens.count else { throw PluralRuleError(reason: "unexpected text after the formula") }
        self.count = count
    }

    /// The form for `n`: an index from 0 to `count - 1` (a formula pointing past the forms gives the last).
    public func form(for n: Int) -> Int {
        min(max(expression.value(n: UInt64(clamping: n.magnitude)), 0), UInt64(count - 1)).asInt
    }

    indirect enum Expression: Sendable {
        case n, number(UInt64)
        case not(Expression)
        case binary(String, Expression, Expression)
        case conditional(Expression, Expression, Expression)

        /// gettext evaluates in unsigned long; so does this, with division by zero giving 0.
        func value(n: UInt64) -> UInt64 {
            switch self {
            case .n: return n
            case let .number(value): return value
            case let .not(operand): return operand.value(n: n) == 0 ? 1 : 0
            case let .conditional(test, yes, no): return test.value(n: n) != 0 ? yes.value(n: n) : no.value(n: n)
            case let .binary(op, left, right):
                let a = left.value(n: n)
                if op == "&&" { return a != 0 && right.value(n: n) != 0 ? 1 : 0 }
                if op == "||" { return a != 0 || right.value(n: n) != 0 ? 1 : 0 }
                let b = right.value(n: n)
                switch op {
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                case "%": return b == 0 ? 0 : a % b
                case "+": return a &+ b
                case "-": return a &- b
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "==": return a == b ? 1 : 0
                default: return a != b ? 1 : 0
                }
            }
        }
    }

    /// Recursive descent over C's precedence levels, from ?: down to a number, n or ( … ).
    struct Parser {
        let tokens: [String]
        var position = 0
        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]
        static let maximumDepth = 40

        static func tokens(_ formula: String) throws(PluralRuleError) -> [String] {
            var tokens: [String] = [], characters = Array(formula.unicodeScalars), index = 0
            while index < characters.count {
                let character = characters[index]
                if character == " " || character == "\t" { index += 1; continue }
                if Self.isDigit(character) {
                    var digits = ""
                    while index < characters.count, Self.isDigit(characters[index]) { digits.unicodeScalars.append(characters[index]); index += 1 }
                    guard digits.count <= 9 else { throw PluralRuleError(reason: "number \(digits) is too large") }
                    tokens.append(digits)
                    continue
                }
                let pair = index + 1 < characters.count ? String(character) + String(characters[index + 1]) : ""
                if ["&&", "||", "==", "!=", "<=", ">="].contains(pair) { tokens.append(pair); index += 2; continue }
                guard "n!*/%+-<>?:()".unicodeScalars.contains(character) else {
                    throw PluralRuleError(reason: "unexpected character '\(character)'")
                }
                tokens.append(String(character))
                index += 1
            }
            return tokens
        }

        static func isDigit(_ character: Unicode.Scalar) -> Bool { (48...57).contains(character.value) }

        var next: String? { position < tokens.count ? tokens[position] : nil }

        mutating func expect(_ token: String) throws(PluralRuleError) {
            guard next == token else { throw PluralRuleError(reason: "expected '\(token)'") }
            position += 1
        }

        mutating func ternary(depth: Int) throws(PluralRuleError) -> Expression {
            guard depth < Self.maximumDepth else { throw PluralRuleError(reason: "the formula nests too deeply") }
            let test = try binary(level: 0, depth: depth + 1)
            guard next == "?" else { return test }
            position += 1
            let yes = try ternary(depth: depth + 1)
            try expect(":")
            return .conditional(test, yes, try ternary(depth: depth + 1))
        }

        mutating func binary(level: Int, depth: Int) throws(PluralRuleError) -> Expression {
            guard level < Self.levels.count else { return try unary(depth: depth) }
            var left = try binary(level: level + 1, depth: depth)
            while let op = next, Self.levels[level].contains(op) {
                position += 1
                left = .binary(op, left, try binary(level: level + 1, depth: depth))
            }
            return left
        }

        mutating func unary(depth: Int) throws(PluralRuleError) -> Expression {
            guard depth < Self.maximumDepth else { throw PluralRuleError(reason: "the formula nests too deeply") }
            switch next {
            case "!":
                position += 1
                return .not(try unary(depth: depth + 1))
            case "(":
                position += 1
                let inner = try ternary(depth: depth + 1)
                try expect(")")
                return inner
            case "n":
                position += 1
                return .n
            case let token? where token.first?.isNumber == true:
                position += 1
                return .number(UInt64(token) ?? 0)
            default:
                throw PluralRuleError(reason: next.map { "unexpected '\($0)'" } ?? "the formula ends too soon")
            }
        }
    }
}

private extension UInt64 {
    var asInt: Int { Int(clamping: self) }
}
