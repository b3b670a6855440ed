import Foundation

/// Finds machine-readable zones in extracted text and reads them, undoing OCR confusions only by
/// the class of a position and only where every check digit then agrees.
public enum ZoneReader {
    /// A text line that may be one line of a zone, with its place in the text.
    struct CandidateLine {
        var textLine: Int
        var bytes: [UInt8]
        /// Read longer than a zone's line with more than fillers and K in the part cut off.
        var cutBackInDoubt = false
    }

    /// Every zone in `text` (at most `limits.zones`), each read or refused with its reason.
    public static func zones(in text: String, today: CalendarDate, limits: DocumentFacts.Limits = .standard) -> [ZoneReading] {
        var work = DocumentFacts.Work()
        return zones(in: text, today: today, limits: limits, work: &work)
    }

    static func zones(in text: String, today: CalendarDate, limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) -> [ZoneReading] {
        // Every zone holds a filler (or «, OCR's reading of two): most documents hold neither, and
        // their lines need not be looked at one by one.
        let bytes = text.utf8.prefix(limits.textBytes)
        guard bytes.contains(CheckDigit.filler) || bytes.contains(0xAB) else { return [] }
        let runs = candidateRuns(text, limits: limits, work: &work)
        var readings: [ZoneReading] = []
        for run in runs {
            var index = 0
            while index < run.count, readings.count < limits.zones {
                let length = run[index].bytes.count
                guard let format = format(of: run[index].bytes, length: length),
                      index + format.lineCount <= run.count else { index += 1; continue }
                work.zonesExamined += 1
                readings.append(read(Array(run[index..<(index + format.lineCount)]), format: format, today: today))
                index += format.lineCount
            }
        }
        let readAny = readings.contains { if case .read = $0 { return true } else { return false } }
        // Every zone read from its checked lines: two on one page are two zones (a person says which).
        if !readAny { readings += partialZones(in: text, runs: runs, today: today, limits: limits, work: &work) }
        return readings
    }

    /// Groups of consecutive text lines (blank lines between them ignored) that each look like a
    /// line of a zone of the same width: only `A–Z`, `0–9` and `<`, spaces dropped.
    static func candidateRuns(_ text: String, limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) -> [[CandidateLine]] {
        var runs: [[CandidateLine]] = []
        var current: [CandidateLine] = []
        var lineNumber = 0
        for rawLine in text.utf8.prefix(limits.textBytes).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            work.linesScanned += 1
            if rawLine.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
            if let line = zoneLine(rawLine) {
                if let last = current.last, last.bytes.count != line.bytes.count { runs.append(current); current = [] }
                current.append(CandidateLine(textLine: lineNumber, bytes: line.bytes, cutBackInDoubt: line.inDoubt))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        // A zone holds at least one filler; lines of letters alone are headings, not zones.
        return runs.filter { run in run.contains { $0.bytes.contains(CheckDigit.filler) } }
    }

    /// The line compacted to a zone line, or nil. A line a few fillers short of a zone's width
    /// (OCR drops trailing `<`) is filled out; « is OCR's reading of `<<`. A line of 45 to 52 is cut
    /// back to 44: OCR reads a filler as two (`<K`, `K<`); what it cut off other than fillers and K
    /// leaves the line in doubt (a first line's unchecked fields are then not used).
    static func zoneLine(_ raw: Substring.UTF8View.SubSequence) -> (bytes: [UInt8], inDoubt: Bool)? {
        guard let bytes = zoneCharacters(raw) else { return nil }
        for width in [30, 36, 44] {
            if bytes.count == width { return (bytes, false) }
            // Ending in a filler, or in K (tesseract's reading of one) after fillers.
            if (width - 3)..<width ~= bytes.count,
               bytes.last == CheckDigit.filler || (bytes.last == UInt8(ascii: "K") && bytes.filter { $0 == CheckDigit.filler }.count >= 3) {
                return (bytes + Array(repeating: CheckDigit.filler, count: width - bytes.count), false)
            }
        }
        // Not 30 or 36 cut back: those lengths are taken by the wider zones' own lines.
        guard 45...52 ~= bytes.count, bytes.contains(CheckDigit.filler) else { return nil }
        return (Array(bytes.prefix(44)), !bytes[44...].allSatisfy { $0 == CheckDigit.filler || $0 == UInt8(ascii: "K") })
    }

    /// The format a first line of this width and document code begins (its first character read as a letter).
    static func format(of firstLine: [UInt8], length: Int) -> ZoneFormat? {
        let code = Repair.asLetter(firstLine[0]) ?? firstLine[0]
        switch (length, code) {
        case (44, UInt8(ascii: "P")): return .td3
        case (44, UInt8(ascii: "V")): return .mrvA
        case (36, UInt8(ascii: "V")): return .mrvB
        case (36, UInt8(ascii: "I")), (36, UInt8(ascii: "A")), (36, UInt8(ascii: "C")): return .td2
        case (30, UInt8(ascii: "I")), (30, UInt8(ascii: "A")), (30, UInt8(ascii: "C")): return .td1
        default: return nil
        }
    }
}

// MARK: - Reading one zone

extension ZoneReader {
    static func read(_ candidate: [CandidateLine], format: ZoneFormat, today: CalendarDate) -> ZoneReading {
        let layout = ZoneLayout.of(format)
        let textLine = candidate[0].textLine
        var lines = candidate.map(\.bytes)
        var repairs: [ZoneRepair] = []
        // 1. Each position read as what its class allows: a letter where only digits stand, a digit where only letters do.
        let classes = layout.classes()
        for line in lines.indices {
            for index in lines[line].indices {
                let byte = lines[line][index]
                let repaired: UInt8?
                switch classes[line][index] {
                case .digits: repaired = Repair.isDigitOrFiller(byte) ? byte : Repair.asDigit(byte)
                case .letters, .name: repaired = Repair.isDigit(byte) ? Repair.asLetter(byte) : byte
                case .alphanumeric: repaired = byte
                }
                guard let repaired else {
                    return .unreadable(format, textLine: textLine,
                                       reason: "'\(ZoneText.string([byte]))' at line \(line + 1) position \(index + 1) cannot be a \(classes[line][index] == .digits ? "digit" : "letter")")
                }
                if repaired != byte {
                    lines[line][index] = repaired
                    repairs.append(ZoneRepair(zoneLine: line + 1, position: index + 1, read: Character(Unicode.Scalar(byte)),
                                              repaired: Character(Unicode.Scalar(repaired))))
                }
            }
        }
        // 2. Every check digit must agree as read: alphanumeric fields are never repaired (see `Repair`).
        let failing = layout.checks(lines).filter { !CheckDigit.agrees($0.data, $0.digit) }
        if !failing.isEmpty {
            let names = failing.map(\.name).joined(separator: ", ")
            return .unreadable(format, textLine: textLine, reason: failing.count == 1
                ? "the check digit of the \(names) does not agree"
                : "the check digits of the \(names) do not agree")
        }
        var zone = fields(lines, layout: layout, textLines: candidate.map(\.textLine), repairs: repairs, today: today)
        if candidate[0].cutBackInDoubt {
            // No check digit covers the first line's state: cut back from a misread line, it is not used (names always need confirming).
            zone.issuingState = ""
            zone.notes.append("its first line was read too long and cut back to 44 characters, so its issuing state is not used")
        }
        return .read(zone)
    }

    static func fields(_ lines: [[UInt8]], layout: ZoneLayout, textLines: [Int], repairs: [ZoneRepair], today: CalendarDate) -> MachineReadableZone {
        func bytes(_ span: ZoneLayout.Span) -> [UInt8] { Array(lines[span.line][span.range]) }
        var notes: [String] = []
        func date(_ span: ZoneLayout.Span, _ what: String, _ make: (Int, Int, Int) -> CalendarDate?) -> CalendarDate? {
            let digits = bytes(span)
            guard Repair.allDigits(digits) else { return nil }   // fillers: the zone does not say
            let value = { (range: Range<Int>) in digits[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
            guard let result = make(value(0..<2), value(2..<4), value(4..<6)) else {
                notes.append("the zone's \(what) \(ZoneText.string(digits)) is not a date within the years it can mean")
                return nil
            }
            return result
        }
        let birth = date(layout.birth, "date of birth") { ZoneYears.birthDate(yy: $0, month: $1, day: $2, today: today) }
        let expiry = date(layout.expiry, "date of expiry") { ZoneYears.expiryDate(yy: $0, month: $1, day: $2, today: today) }
        let name = Names.split(bytes(layout.name))
        if !name.readable { notes.append("the name line is misread (fillers read as 'K'); no check digit covers names, so the name is not used") }
        var optional = layout.optional.map(bytes)
        if layout.format == .td1, lines[0][14] == CheckDigit.filler, lines[0][15] != CheckDigit.filler {
            optional[0] = Array(optional[0].drop { $0 != CheckDigit.filler })   // the number's continuation is not optional data
        }
        // Fillers read as K pass every check digit (K counts 20, 0 modulo 10): a field ending in KK
        // may be one that ends in fillers, so its value is not given.
        var number: String? = layout.documentNumber(lines)
        if number?.hasSuffix("KK") == true {
            notes.append("the document number \(number ?? "") ends in KK, which may be fillers read as K")
            number = nil
        }
        // K, A and U count 20, 10 and 30, 0 modulo 10 like a filler: no check digit tells them from one.
        let optionalData = optional.map(ZoneText.withoutFillers).filter { value in
            if value.hasSuffix("KK") {
                notes.append("the optional data \(value) ends in KK, which may be fillers read as K")
                return false
            }
            if value.split(separator: " ").contains(where: { $0.allSatisfy { "KAU".contains($0) } }) {
                notes.append("the optional data \(value) holds K, A or U alone between fillers, which may be a misread filler")
                return false
            }
            return !value.isEmpty
        }
        let sex = lines[layout.sex.line][layout.sex.index]
        return MachineReadableZone(
            format: layout.format, lines: lines.map(ZoneText.string), textLines: textLines,
            documentCode: ZoneText.string(bytes(layout.code)), issuingState: ZoneText.withoutFillers(bytes(layout.state)),
            documentNumber: number ?? "", surname: name.name.surname, givenNames: name.name.given,
            nameReadable: name.readable, nameWithoutMisreadFillers: name.withoutMisreadFillers, nationality: ZoneText.withoutFillers(bytes(layout.nationality)),
            birthDate: birth, sex: [UInt8(ascii: "F"), UInt8(ascii: "M"), UInt8(ascii: "X")].contains(sex) ? ZoneText.string([sex]) : nil,
            expiryDate: expiry, optionalData: optionalData,
            repairs: repairs, notes: notes)
    }
}

/// The holder's name as the zone writes it: the primary identifier, `<<`, the secondary
/// identifier, each name's parts joined by one `<`, fillers to the end (part 3, 4.6).
enum Names {
    struct Split {
        var name: ZoneName
        var readable: Bool
        /// The name as it reads with every K or X beside a filler taken for a filler (tesseract reads
        /// OCR-B's `<` as `<K`, `K<` or `<X`); nil when none touches a filler.
        var withoutMisreadFillers: ZoneName?
    }

    static func split(_ field: [UInt8]) -> Split {
        let text = ZoneText.string(field)
        // Fillers read as K leave no filler at all and a tail of K: where the names end is lost.
        let hasFillers = text.contains("<")
        let names = withoutFillerTail(text)
        let parts = names.components(separatedBy: "<<")
        // No name ends in KKK, and the secondary identifier holds no `<<`: either is a misread line.
        let readable = hasFillers && !names.hasSuffix("KKK") && parts.count <= 2 && !parts[0].isEmpty
        let cleaned = withoutLettersBesideFillers(names)
        return Split(name: name(parts), readable: readable,
                     withoutMisreadFillers: readable && cleaned != names ? name(cleaned.components(separatedBy: "<<")) : nil)
    }

    static func name(_ parts: [String]) -> ZoneName {
        ZoneName(surname: parts[0].split(separator: "<").joined(separator: " "),
                 given: parts.count > 1 ? parts[1].split(separator: "<").joined(separator: " ") : "")
    }

    /// The names without the fillers after them, where some fillers were misread (as K, E, X, C or
    /// S, tesseract's readings of OCR-B's `<`): the last run of `<` and those letters, from its first
    /// `<` on (the letters before it belong to a name).
    static func withoutFillerTail(_ text: String) -> String {
        let characters = Array(text)
        var start = characters.count
        while start > 0, characters[start - 1] == "<" || misreadFillers.contains(characters[start - 1]) { start -= 1 }
        while start < characters.count, characters[start] != "<" { start += 1 }
        return String(characters[..<start])
    }

    static let misreadFillers: Set<Character> = ["K", "E", "X", "C", "S"]

    /// What tesseract reads beside a filler for another filler.
    static let besideFillerMisreads: Set<Character> = ["K", "X"]

    /// Every K or X that touches a filler removed, the fillers after the names included ("ANNA<KMARIAK" is "ANNA<MARIA").
    static func withoutLettersBesideFillers(_ names: String) -> String {
        let characters = Array(names)
        var kept = ""
        for (index, character) in characters.enumerated() {
            let besideFiller = (index > 0 && characters[index - 1] == "<") || index + 1 == characters.count || characters[index + 1] == "<"
            if besideFillerMisreads.contains(character) && besideFiller { continue }
            kept.append(character)
        }
        return kept
    }
}

// MARK: - Zones whose name line did not read

extension ZoneReader {
    /// When no zone reads whole: the lines that carry the check digits, read without the line of
    /// names, which OCR misreads most (its fillers) and no check digit covers: TD3's and TD2's second
    /// line, TD1's first two (the formats with a composite check digit). A second line read a few fillers long or short is tried
    /// with each run of its fillers made to fit: its check digits decide, as for any zone. What these
    /// lines hold is as checked as in a whole zone; the kind, the issuing state and the names are not given.
    static func partialZones(in text: String, runs: [[CandidateLine]], today: CalendarDate, limits: DocumentFacts.Limits,
                             work: inout DocumentFacts.Work) -> [ZoneReading] {
        var found: [ZoneReading] = []
        var tried = 0
        for run in runs where run.count == 2 && format(of: run[0].bytes, length: run[0].bytes.count) == .td1 && run[0].bytes.count == 30 {
            guard tried < limits.zones * 4, found.count < limits.zones else { break }
            tried += 1
            work.zonesExamined += 1
            let names = CandidateLine(textLine: run[1].textLine, bytes: Array(repeating: CheckDigit.filler, count: 30))
            if case .read(let zone) = read([run[0], run[1], names], format: .td1, today: today) {
                found.append(.read(withoutNames(zone, note: "its third line (the names) could not be read")))
            }
        }
        let lines = text.utf8.prefix(limits.textBytes).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() where tried < limits.zones * 4 && found.count < limits.zones {
            guard let compact = compacted(raw) else { continue }
            for (width, format) in [(44, ZoneFormat.td3), (36, ZoneFormat.td2)] where abs(compact.count - width) <= 3 {
                for variant in fitted(compact, to: width) where tried < limits.zones * 4 {
                    tried += 1
                    work.zonesExamined += 1
                    let second = CandidateLine(textLine: index + 1, bytes: variant)
                    let first = CandidateLine(textLine: index + 1, bytes: Array(repeating: CheckDigit.filler, count: width))
                    guard case .read(var zone) = read([first, second], format: format, today: today) else { continue }
                    if variant != compact {
                        // Its optional data's fillers were fitted: a character of it dropped would hide there.
                        zone.optionalData = []
                        zone.notes.append("a filler too many or too few was read in its optional data, which is therefore not given")
                    }
                    found.append(.read(withoutNames(zone, note: "its first line (the kind, the issuing state and the names) could not be read")))
                    break
                }
            }
        }
        return found
    }

    /// A line's characters if they are all `A–Z 0–9 <` (spaces dropped, « as `<<`), else nil.
    static func zoneCharacters(_ raw: Substring.UTF8View.SubSequence) -> [UInt8]? {
        guard raw.count <= 3 * 44 else { return nil }
        var bytes: [UInt8] = []
        var iterator = raw.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case 32, 9, 13: continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), CheckDigit.filler: bytes.append(byte)
            case 0xC2 where iterator.next() == 0xAB: bytes += [CheckDigit.filler, CheckDigit.filler]
            default: return nil
            }
        }
        return bytes
    }

    /// The line's zone characters when it holds a filler (a zone's second line always does), else nil.
    static func compacted(_ raw: Substring.UTF8View.SubSequence) -> [UInt8]? {
        zoneCharacters(raw).flatMap { $0.contains(CheckDigit.filler) ? $0 : nil }
    }

    /// The line at `width`: as it is, or with one run of fillers of its optional data (from position 29
    /// on, not at its end) made longer or shorter to fit. Only there: the number, dates and sex before
    /// it then stand where they are read and their own check digits decide them; a run fitted in the
    /// number's own padding would hide a character OCR dropped from it.
    static func fitted(_ bytes: [UInt8], to width: Int) -> [[UInt8]] {
        let change = width - bytes.count
        guard change != 0 else { return [bytes] }
        var variants: [[UInt8]] = []
        var start = 28
        while start < bytes.count, variants.count < 4 {
            guard bytes[start] == CheckDigit.filler else { start += 1; continue }
            var end = start
            while end < bytes.count, bytes[end] == CheckDigit.filler { end += 1 }
            if start > 0, end < bytes.count, end - start + change >= 1 {
                variants.append(Array(bytes[..<start]) + Array(repeating: CheckDigit.filler, count: end - start + change) + Array(bytes[end...]))
            }
            start = end
        }
        return variants
    }

    static func withoutNames(_ zone: MachineReadableZone, note: String) -> MachineReadableZone {
        var partial = zone
        if zone.format != .td1 {
            partial.documentCode = ""
            partial.issuingState = ""
        }
        partial.surname = ""
        partial.givenNames = ""
        partial.nameReadable = false
        partial.nameWithoutMisreadFillers = nil
        // The line of names was made of fillers here, never read: no note about how it read.
        partial.notes = [note + "; the lines its check digits cover agree"] + zone.notes.filter { !$0.hasPrefix("the name line is misread") }
        return partial
    }
}
