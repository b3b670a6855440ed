import Foundation

/// What a document says about itself, read from its extracted text: a suggestion for a person
/// to confirm, never a value applied on its own.
public struct SuggestedFact: Hashable, Sendable, Codable, CustomStringConvertible {
    public var field: FactField
    public var value: FactValue
    /// Why the value is believed, the strongest reason first (a zone's check digits before a label).
    public var evidence: [FactEvidence]

    public init(field: FactField, value: FactValue, evidence: [FactEvidence]) {
        self.field = field
        self.value = value
        self.evidence = evidence
    }

    /// "expiry 2031-03-14 (the zone's line 2, check digits agree)".
    public var description: String {
        "\(field.rawValue) \(value) (\(evidence.map(\.description).joined(separator: "; ")))"
    }
}

/// The fields a document's text can suggest. The raw values are the names `doc apply --only` takes.
public enum FactField: String, CaseIterable, Sendable, Codable {
    case kind
    case number
    case issuingState = "issuing-state"
    case nationality
    case surname
    case givenNames = "given-names"
    case birth
    case sex
    case issued
    case expiry
    case optionalData = "optional-data"
    /// The staff member the document belongs to.
    case person
}

public enum FactValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case text(String)
    case date(CalendarDate)
    case kind(DocumentFacts.Kind)
    /// A staff member (a candidate's id) and the name of theirs that matched.
    case person(RecordID, name: String)

    public var description: String {
        switch self {
        case .text(let text): return text
        case .date(let date): return date.description
        case .kind(let kind): return kind.rawValue
        case .person(_, let name): return name
        }
    }
}

/// Where a fact was read and how far it can be trusted.
public struct FactEvidence: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Source: Hashable, Sendable, Codable {
        /// A machine-readable zone: its format and the zone's own line (1 to 3).
        case zone(ZoneFormat, zoneLine: Int)
        /// A label in the text ("Date of expiry") followed by the date.
        case label(String)
        /// Words that name a kind of document ("passport").
        case words([String])
        /// A zone's name matched one of a person's names.
        case name(matched: String)
    }

    public enum CheckDigits: String, Hashable, Sendable, Codable {
        /// Every check digit of the zone, the composite included, agrees.
        case agree
        /// The value sits in a zone whose check digits agree, but no check digit covers it (names, sex, states).
        case notCovered = "not covered"
        /// A date's own check digit agrees, in a zone whose document number was misread and set aside
        /// (`MachineReadableZone.numberSetAside`): the number's check digit and the composite fail by the same amount.
        case agreeButNumber = "own agrees; the number's fails"
        /// Not from a zone.
        case none
    }

    public var source: Source
    /// The line of the extracted text (1 first) the value was read on.
    public var textLine: Int
    /// The text read there, cut to `DocumentFacts.Limits.excerptLength` characters.
    public var excerpt: String
    public var checkDigits: CheckDigits
    /// OCR confusions undone to make the check digits agree.
    public var repairs: [ZoneRepair]

    public init(source: Source, textLine: Int, excerpt: String, checkDigits: CheckDigits = .none, repairs: [ZoneRepair] = []) {
        self.source = source
        self.textLine = textLine
        self.excerpt = excerpt
        self.checkDigits = checkDigits
        self.repairs = repairs
    }

    public var description: String {
        var parts: [String]
        switch source {
        case let .zone(format, zoneLine):
            parts = ["the \(format.rawValue) zone's line \(zoneLine) (text line \(textLine))"]
            switch checkDigits {
            case .agree: parts.append("check digits agree")
            case .notCovered: parts.append("the zone's check digits agree; this field has none of its own")
            case .agreeButNumber: parts.append("its own check digit agrees; the document number's does not and the composite fails by the same amount (a misread number, not given)")
            case .none: break
            }
        case .label(let label): parts = ["the label '\(label)' on line \(textLine): '\(excerpt)'"]
        case .words(let words): parts = ["the words \(words.map { "'\($0)'" }.joined(separator: ", ")) from line \(textLine)"]
        case .name(let matched): parts = ["the name on line \(textLine) matches '\(matched)'"]
        }
        if !repairs.isEmpty { parts.append("repaired " + repairs.map(\.description).joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }
}

/// One OCR confusion undone in a zone: the character read at a position and what it must have been.
public struct ZoneRepair: Hashable, Sendable, CustomStringConvertible {
    /// The zone's line (1 first) and the position in it (1 first, as ICAO 9303 counts).
    public var zoneLine: Int
    public var position: Int
    public var read: Character
    public var repaired: Character

    public init(zoneLine: Int, position: Int, read: Character, repaired: Character) {
        self.zoneLine = zoneLine
        self.position = position
        self.read = read
        self.repaired = repaired
    }

    public var description: String { "'\(read)' as '\(repaired)' at line \(zoneLine) position \(position)" }
}

/// Stored with a document's facts (`AppDatabase.storeFacts`): a character as a one-character string.
extension ZoneRepair: Codable {
    private enum CodingKeys: String, CodingKey { case zoneLine, position, read, repaired }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        func character(_ key: CodingKeys) throws -> Character {
            let text = try values.decode(String.self, forKey: key)
            guard text.count == 1, let first = text.first else {
                throw DecodingError.dataCorruptedError(forKey: key, in: values, debugDescription: "not one character")
            }
            return first
        }
        self.init(zoneLine: try values.decode(Int.self, forKey: .zoneLine), position: try values.decode(Int.self, forKey: .position),
                  read: try character(.read), repaired: try character(.repaired))
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(zoneLine, forKey: .zoneLine)
        try values.encode(position, forKey: .position)
        try values.encode(String(read), forKey: .read)
        try values.encode(String(repaired), forKey: .repaired)
    }
}
