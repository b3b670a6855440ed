import Foundation

/// A home where staff are employed.
public struct Household: Identifiable, Hashable, Sendable {
    public var id: RecordID
    /// Unique within a vault, compared case-insensitively.
    public var name: String
    public var address: String?
    public var notes: String?
    /// Unused annual leave that carries into the next year, at most (0: use it or lose it).
    public var leaveCarryOverCap: LeaveDays
    /// The rule set its final settlements follow (an id in `settlement-rules.json`); nil: chosen each time.
    public var settlementRules: String?
    /// The language its papers are written in, beside a worker's own; nil: English.
    public var language: StaffLanguage?
    public var createdAt: Date

    public init(id: RecordID = .random(), name: String, address: String? = nil, notes: String? = nil,
                leaveCarryOverCap: LeaveDays = LeaveDays(halfDays: 0), settlementRules: String? = nil, language: StaffLanguage? = nil,
                createdAt: Date = Date()) {
        self.id = id
        self.name = name
        self.address = address
        self.notes = notes
        self.leaveCarryOverCap = leaveCarryOverCap
        self.settlementRules = settlementRules
        self.language = language
        self.createdAt = createdAt
    }

    /// Trims the text fields and checks the name is not empty.
    public func validated() throws(RuleViolation) -> Household {
        var copy = self
        copy.name = try TextField.required(name, field: "household name", kind: .name)
        // Households are found by id first, then by name: a name in an id's form could stand for another household.
        if copy.name.count == RecordID.length, copy.name.lowercased().allSatisfy(\.isHexDigit) {
            throw .nameLooksLikeID(field: "household name", name: copy.name)
        }
        copy.address = try TextField.optional(address, field: "address", kind: .note)
        copy.notes = try TextField.optional(notes, field: "note", kind: .note)
        return copy
    }
}

/// The key that makes two names "the same name": Unicode-normalised and case-folded,
/// so "Sea View" and "sea view" (or "Ärzte" and "ärzte") collide.
public enum NameKey {
    public static func of(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
            .lowercased()
    }
}

/// A record's identifier: 12 lowercase hex digits (48 random bits). Like git's object ids,
/// a unique prefix is enough to name a record on the command line.
public struct RecordID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let length = 12
    /// The shortest prefix accepted on the command line, so that "12" is never an id.
    public static let minimumPrefix = 4

    public static func random() -> RecordID {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() & 0xFFFF_FFFF_FFFF
        let hex = String(value, radix: 16)
        return RecordID(rawValue: String(repeating: "0", count: length - hex.count) + hex)
    }

    /// True when `text` could be (a prefix of) an id: lowercase hex, 4 to 12 digits.
    public static func couldBePrefix(_ text: String) -> Bool {
        (minimumPrefix...length).contains(text.count)
            && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The first 8 digits, for tables.
    public var short: String { String(rawValue.prefix(8)) }
    public var description: String { rawValue }
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension RecordID: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
