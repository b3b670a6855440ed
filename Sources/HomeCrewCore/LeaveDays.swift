/// A number of leave days in steps of half a day (21, 21.5), kept exactly as half days.
public struct LeaveDays: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let halfDays: Int

    public init(halfDays: Int) { self.halfDays = halfDays }

    /// The annual allocation a staff member may have: 0 to 366 days.
    public static let allowedAllocation = 0...732

    /// Parses "21", "21.5" or "21.0"; anything that is not a whole or half number fails.
    public init(parsing text: String) throws(RuleViolation) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
              whole.count <= 4, let days = Int(whole)
        else { throw .leaveDaysOutOfRange(text) }
        var halves = days * 2
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { throw .leaveDaysOutOfRange(text) }
            var significant = String(fraction)
            while significant.hasSuffix("0") { significant.removeLast() }
            switch significant {
            case "": break
            case "5": halves += 1
            default: throw .leaveDaysOutOfRange(text)
            }
        }
        self.halfDays = halves
    }

    public var description: String {
        halfDays.isMultiple(of: 2) ? "\(halfDays / 2)" : "\(halfDays / 2).5"
    }

    public static func < (lhs: LeaveDays, rhs: LeaveDays) -> Bool { lhs.halfDays < rhs.halfDays }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
