import Foundation

/// The machine-readable zone formats of ICAO Doc 9303 (parts 4 to 7).
public enum ZoneFormat: String, CaseIterable, Sendable, Codable {
    /// ID cards: 3 lines of 30 (part 5).
    case td1 = "TD1"
    /// Official travel documents: 2 lines of 36 (part 6).
    case td2 = "TD2"
    /// Passports: 2 lines of 44 (part 4).
    case td3 = "TD3"
    /// Visas: 2 lines of 44 (part 7, format A).
    case mrvA = "MRV-A"
    /// Visas: 2 lines of 36 (part 7, format B).
    case mrvB = "MRV-B"

    public var lineLength: Int {
        switch self {
        case .td1: return 30
        case .td2, .mrvB: return 36
        case .td3, .mrvA: return 44
        }
    }

    public var lineCount: Int { self == .td1 ? 3 : 2 }
}

/// A zone whose check digits all agree, with its fields.
public struct MachineReadableZone: Hashable, Sendable, Codable {
    public var format: ZoneFormat
    /// The zone's lines as repaired.
    public var lines: [String]
    /// The text line (1 first) of each of the zone's lines.
    public var textLines: [Int]
    public var textLine: Int { textLines[0] }
    /// "P<", "V<", "ID", "IL"…
    public var documentCode: String
    public var issuingState: String
    public var documentNumber: String
    public var surname: String
    public var givenNames: String
    /// False when the name cannot be trusted: no check digit covers names, and a name line
    /// whose fillers read as `K` has lost where its names end.
    public var nameReadable: Bool
    /// A name with a K or X beside a filler is in doubt (tesseract reads OCR-B's `<` as either): this
    /// is how it reads with those letters taken for fillers. Which reading is right only the household's staff can say.
    public var nameWithoutMisreadFillers: ZoneName?
    /// Read from a first line of the wrong length whose state the nationality does not confirm: a
    /// character lost or read twice before the names may have moved them (MAO<BRIEN for MAR<O<BRIEN, a
    /// part of the name printed on the page). Only a staff member's name, part for part, confirms it.
    public var nameOnlyByStaff = false
    public var nationality: String
    public var birthDate: CalendarDate?
    /// "F" or "M"; nil when the zone leaves it unspecified (or reads X, tesseract's reading of a filler).
    public var sex: String?
    public var expiryDate: CalendarDate?
    /// The optional data fields that hold anything, fillers removed.
    public var optionalData: [String]
    public var repairs: [ZoneRepair]
    /// Why a field the zone holds gave no value (a date outside the sensible window).
    public var notes: [String]
    /// The document number's check digit did not agree and the composite disagreed by the same
    /// amount: a misreading inside the number, which is therefore not given (`ZoneReader.numberMisreadAlone`).
    public var numberSetAside = false

    /// Only the dates, each under its own check digit, are given: the zone holds a misreading, and a
    /// second one in a field no check digit covers (sex, nationality, state, names) or that the composite
    /// guards beside its own digit (a passport's personal number) would pass unseen (a hostile review
    /// counted wrong nationalities 288 -> 892 of 1.2 million double misreadings when they were given).
    mutating func setNumberAside() {
        numberSetAside = true
        documentNumber = ""
        documentCode = ""
        issuingState = ""
        nationality = ""
        sex = nil
        surname = ""
        givenNames = ""
        nameReadable = false
        nameWithoutMisreadFillers = nil
        optionalData = []
        notes.removeAll { $0 == ZoneReader.misreadNamesNote }
        notes.append("the document number's check digit does not agree, and the composite fails by the same amount: a character of the number was misread, so only the dates, each under its own check digit, are given")
    }
}

/// The holder's name in a zone: the primary identifier (surname) and the secondary (given names).
public struct ZoneName: Hashable, Sendable, Codable {
    public var surname: String
    public var given: String

    /// "ANNA MARIA ERIKSSON": given names first, as the staff's names are matched.
    public var full: String { [given, surname].filter { !$0.isEmpty }.joined(separator: " ") }
}

/// What came of one candidate zone in the text.
public enum ZoneReading: Hashable, Sendable, Codable {
    case read(MachineReadableZone)
    /// Lines shaped like a zone whose check digits cannot be made to agree: no facts, and why.
    case unreadable(ZoneFormat, textLine: Int, reason: String)
}

// MARK: - Check digits

public enum CheckDigit {
    /// ICAO 9303 part 3, 4.9: digits count as themselves, A–Z as 10–35, the filler `<` as 0,
    /// weighted 7, 3, 1 in turn; the check digit is the sum modulo 10.
    public static func compute<S: Sequence>(_ characters: S) -> UInt8 where S.Element == UInt8 {
        var sum = 0
        for (index, byte) in characters.enumerated() {
            sum += value(byte) * [7, 3, 1][index % 3]
        }
        return UInt8(ascii: "0") + UInt8(sum % 10)
    }

    public static func compute(_ text: String) -> Character {
        Character(Unicode.Scalar(compute(Array(text.utf8))))
    }

    static func value(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return 0
        }
    }

    /// Whether `check` agrees with `data`. A field left empty (all fillers) may carry a filler as its check digit.
    static func agrees(_ data: [UInt8], _ check: UInt8) -> Bool {
        if check == filler { return data.allSatisfy { $0 == filler } }
        return compute(data) == check
    }

    static let filler = UInt8(ascii: "<")
}

// MARK: - Two-digit years

/// The zone writes years with two digits. A birth date is the latest such date not after
/// `today`; an expiry date is the one year ending in those digits from 50 years before
/// `today`'s year to 30 after (a passport is valid for at most ten years, an old one may be
/// filed long expired); outside that window it gives no date.
public enum ZoneYears {
    public static let expiryYearsBack = 50
    public static let expiryYearsAhead = 30

    public static func birthDate(yy: Int, month: Int, day: Int, today: CalendarDate) -> CalendarDate? {
        let century = today.year - today.year % 100
        for year in [century + yy, century - 100 + yy] {
            if let date = try? CalendarDate(year: year, month: month, day: day), date <= today { return date }
        }
        return nil
    }

    public static func expiryDate(yy: Int, month: Int, day: Int, today: CalendarDate) -> CalendarDate? {
        let century = today.year - today.year % 100
        for year in [century - 100 + yy, century + yy, century + 100 + yy]
        where (today.year - expiryYearsBack)...(today.year + expiryYearsAhead) ~= year {
            return try? CalendarDate(year: year, month: month, day: day)
        }
        return nil
    }
}
