import Foundation

/// Finds machine-readable zones in extracted text and reads them, undoing OCR confusions only by
/// the class of a position and only where every check digit then agrees.
public enum ZoneReader {
    /// A text line that may be one line of a zone, with its place in the text.
    struct CandidateLine {
        var textLine: Int
        var bytes: [UInt8]
        /// How many characters it was read too long (or, below 0, too short; see `zoneLineReadings`).
        var changed = 0
        /// Made to fit by dropping fillers read too many inside its optional data, whose value is then not given.
        var optionalFitted = false
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
    /// line of a zone of the same width: only `A–Z`, `0–9` and `<`, spaces dropped. A line that may be
    /// read at more than one width is read at the one its neighbours share.
    static func candidateRuns(_ text: String, limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) -> [[CandidateLine]] {
        var runs: [[CandidateLine]] = []
        var current: [(textLine: Int, readings: [Int: LineReading])] = []
        var widths: Set<Int> = []
        func close() {
            if let run = atSharedWidth(current) { runs.append(run) }
            current = []
        }
        var lineNumber = 0
        for rawLine in text.utf8.prefix(limits.textBytes).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            work.linesScanned += 1
            if rawLine.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
            let readings = zoneLineReadings(rawLine)
            if readings.isEmpty { close(); continue }
            let shared = widths.intersection(readings.keys)
            if current.isEmpty || shared.isEmpty {
                close()
                widths = Set(readings.keys)
            } else {
                widths = shared
            }
            current.append((lineNumber, readings))
        }
        close()
        // A zone holds at least one filler; lines of letters alone are headings, not zones.
        return runs.filter { run in run.contains { $0.bytes.contains(CheckDigit.filler) } }
    }

    /// The run's lines at the width they all may be read at that changes them least.
    private static func atSharedWidth(_ lines: [(textLine: Int, readings: [Int: LineReading])]) -> [CandidateLine]? {
        guard let first = lines.first else { return nil }
        let shared = lines.dropFirst().reduce(Set(first.readings.keys)) { $0.intersection($1.readings.keys) }
        let cost = { (width: Int) in lines.reduce(0) { $0 + abs($1.readings[width]?.changed ?? 0) } }
        guard let width = shared.min(by: { (cost($0), $0) < (cost($1), $1) }) else { return nil }
        return lines.compactMap { line in
            line.readings[width].map { CandidateLine(textLine: line.textLine, bytes: $0.bytes, changed: $0.changed,
                                                     optionalFitted: $0.optionalFitted) }
        }
    }

    /// A line read at one zone width.
    struct LineReading: Equatable {
        var bytes: [UInt8]
        var optionalFitted = false
        /// How many characters were cut to make it fit (below 0: how many fillers were added).
        var changed = 0
    }

    /// The line compacted to a zone line at each width it may be one of (30, 36, 44); empty when none.
    /// A line up to 8 fillers short of a zone's width (OCR drops trailing `<`) is filled out; « is OCR's
    /// reading of `<<`. A line too long by fillers OCR read too many (`<K`, `K<`, or `<` as E, C, S, X)
    /// is cut where they stand: at its end, or just before its last check digits (its optional data's
    /// fillers, whose value is then not given). A line of 45 to 52 is also cut back to 44. The characters
    /// before the cut or the fill stay where they were read, and their check digits decide; but the
    /// character read too many or too few may stand anywhere (IL<IDN for I<IDN), so a first line of the
    /// wrong length is in doubt: its issuing state, which no check digit covers, is used only where it
    /// is the nationality, and a visa's second line (no composite) only as `visaLineHolds` allows.
    static func zoneLineReadings(_ raw: Substring.UTF8View.SubSequence) -> [Int: LineReading] {
        guard let bytes = zoneCharacters(raw) else { return [:] }
        var readings: [Int: LineReading] = [:]
        for width in [30, 36, 44] {
            if let reading = fitting(bytes, to: width) { readings[width] = reading }
        }
        // Not 30 or 36 cut back: those lengths are taken by the wider zones' own lines.
        if readings[44] == nil, 45...52 ~= bytes.count, bytes.contains(CheckDigit.filler) {
            readings[44] = LineReading(bytes: Array(bytes.prefix(44)), changed: bytes.count - 44)
        }
        return readings
    }

    /// What OCR reads for a filler: itself, or K, X, E, C, S.
    static func isFillerLike(_ byte: UInt8) -> Bool {
        byte == CheckDigit.filler || "KXECS".utf8.contains(byte)
    }

    /// The line at `width`, when it is that long or can be made so (see `zoneLineReadings`).
    static func fitting(_ bytes: [UInt8], to width: Int) -> LineReading? {
        let count = bytes.count
        if count == width { return LineReading(bytes: bytes) }
        // Ending in a filler, or in K (tesseract's reading of one) after fillers.
        if (width - 8)..<width ~= count,
           bytes.last == CheckDigit.filler || (bytes.last == UInt8(ascii: "K") && bytes.filter { $0 == CheckDigit.filler }.count >= 3) {
            return LineReading(bytes: bytes + Array(repeating: CheckDigit.filler, count: width - count), changed: count - width)
        }
        let excess = count - width
        guard 1...8 ~= excess, bytes.contains(CheckDigit.filler) else { return nil }
        if let cut = cuttingA1BeforeTheNationality(bytes, width: width) { return LineReading(bytes: cut, changed: 1) }
        // Too long at its end: a run of fillers (or their misreadings) reaching past the width.
        // (The last character kept a filler or K: an S kept there may be a check digit, 5.)
        if [CheckDigit.filler, UInt8(ascii: "K")].contains(bytes[width - 1]), bytes[width...].allSatisfy(isFillerLike) {
            return LineReading(bytes: Array(bytes.prefix(width)), changed: excess)
        }
        // Too long just before its last check digits (one or two): inside the optional data's fillers.
        for tail in [1, 2] {
            let runEnd = count - tail
            guard bytes[runEnd...].allSatisfy(Repair.isDigit) else { break }
            var runStart = runEnd
            while runStart > 0, isFillerLike(bytes[runStart - 1]) { runStart -= 1 }
            if runEnd - runStart > excess, bytes[runStart..<runEnd].contains(CheckDigit.filler) {
                return LineReading(bytes: Array(bytes[..<(runEnd - excess)]) + Array(bytes[runEnd...]), optionalFitted: true,
                                   changed: excess)
            }
        }
        return nil
    }

    /// A second line one too long with the 1 cut that tesseract reads before OCR-B's I opening its
    /// nationality, after a check digit (`…4IDN` read `…41IDN`: 10 of 41 readings of the specimen cards'
    /// bands, #50); nil where that is not the line. The line then counts as read too long (its nationality
    /// must be a code, `read`). Only a line of dates (its dates and their check digits digits where the cut
    /// puts them), and only where no character before the 1s, cut instead, leaves the line's own check
    /// digits agreeing as well: a true check digit 1 with a character read too many before it is then not
    /// taken for the artifact (a hostile review found wrong numbers, and a card's wrong expiry, without
    /// this). Not weighed by a card's composite, nor by whether the other cut's dates are dates: a second
    /// misreading the composite covers, or a date of 00, then let a wrong cut through (a later review).
    static func cuttingA1BeforeTheNationality(_ bytes: [UInt8], width: Int) -> [UInt8]? {
        let layout = ZoneLayout.of(width == 30 ? .td1 : (width == 36 ? .td2 : .td3))
        let nationality = layout.nationality.range.lowerBound
        guard bytes.count == width + 1, Repair.isDigit(bytes[nationality - 1]), bytes[nationality] == UInt8(ascii: "1"),
              bytes[nationality + 1] == UInt8(ascii: "I") else { return nil }
        func without(_ index: Int) -> [UInt8] {
            var line = bytes
            line.remove(at: index)
            return line
        }
        // The line's own check digits: a card's two dates; the number and the dates of a passport's or visa's line.
        let dateChecks = [(layout.birth.range, layout.birthCheck.index), (layout.expiry.range, layout.expiryCheck.index)]
        let checks = (layout.number.line == 1 ? [(layout.number.range, layout.numberCheck.index)] : []) + dateChecks
        let dates = dateChecks.flatMap { Array($0.0) + [$0.1] }
        func agrees(_ line: [UInt8]) -> Bool {
            dates.allSatisfy { Repair.isDigit(line[$0]) } && checks.allSatisfy { CheckDigit.agrees(Array(line[$0.0]), line[$0.1]) }
        }
        // A number is padded at its end: one with a filler before its last character is no number.
        func paddedAtItsEnd(_ line: [UInt8]) -> Bool {
            layout.number.line != 1 || !line[layout.number.range].drop { $0 != CheckDigit.filler }.contains { $0 != CheckDigit.filler }
        }
        let cut = without(nationality)
        guard dates.allSatisfy({ Repair.isDigit(cut[$0]) }) else { return nil }
        var ones = nationality
        while ones > 0, bytes[ones - 1] == UInt8(ascii: "1") { ones -= 1 }
        let another = (0..<ones).contains { index in
            let other = without(index)
            return agrees(other) && paddedAtItsEnd(other)
        }
        return another ? nil : cut
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
    /// `numberAside`: whether a number misread alone may be set aside (`numberMisreadAlone`); never in
    /// a zone read in part, where a line made of fillers or a code taken as I already leaves checks unread.
    static func read(_ candidate: [CandidateLine], format: ZoneFormat, today: CalendarDate, numberAside: Bool = true) -> ZoneReading {
        let layout = ZoneLayout.of(format)
        let textLine = candidate[0].textLine
        if let refusal = lengthRefusal(candidate, layout: layout) { return .unreadable(format, textLine: textLine, reason: refusal) }
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
        // 2. Every check digit must agree as read: alphanumeric fields are never repaired (see `Repair`),
        // but a number misread alone is set aside (`numberMisreadAlone`) and the rest of the zone read.
        let failing = layout.checks(lines).filter { !CheckDigit.agrees($0.data, $0.digit) }
        let numberSetAside = numberAside && !failing.isEmpty && numberMisreadAlone(failing, lines, layout: layout, candidate, repairs: repairs)
        if !failing.isEmpty, !numberSetAside {
            let names = failing.map(\.name).joined(separator: ", ")
            return .unreadable(format, textLine: textLine, reason: failing.count == 1
                ? "the check digit of the \(names) does not agree"
                : "the check digits of the \(names) do not agree")
        }
        // A line cut or filled out may hide a character read twice or lost before its dates, which two check
        // digits can agree with by chance (1 in 100); the nationality between them then moves and is no code.
        let nationality = ZoneText.withoutFillers(lines[layout.nationality.line][layout.nationality.range])
        if candidate.contains(where: { $0.changed != 0 }), !isStateCode(nationality) {
            return .unreadable(format, textLine: textLine, reason: "a line was read too long or short and its nationality \(nationality) is no code")
        }
        var zone = fields(lines, layout: layout, textLines: candidate.map(\.textLine), repairs: repairs, today: today)
        if numberSetAside { zone.setNumberAside() }
        // A state that is no code was misread or moved; optional data the composite alone guards goes with it.
        let state = ZoneText.withoutFillers(lines[layout.state.line][layout.state.range])
        if format != .td3, !zone.optionalData.isEmpty, !isStateCode(nationality) || !(state.isEmpty || isStateCode(state)) {
            zone.optionalData = []
            zone.notes.append("a state that is no code was read, and only the composite covers its optional data, which is therefore not given")
        }
        // A TD1's number follows the state on its first line: a letter read before the code (IL<DEU… for
        // I<DEU…) moves both, and the moved number agrees with its check digit and the composite 1 time in 100.
        if format == .td1, !zone.documentNumber.isEmpty, !(state.isEmpty || isStateCode(state)) {
            zone.documentNumber = ""
            zone.notes.append("a state that is no code was read on the first line, which may have moved the document number after it, so it is not given")
        }
        return .read(withDoubtsOfItsLength(zone, candidate))
    }

    /// Whether the document number's check digit and the composite fail by one and the same amount,
    /// and nothing else fails: what a misreading inside the number alone does (an O read for a 0 in an
    /// HKID's number), as the number opens the composite and is weighed there as by its own check digit.
    /// The number is then not given, and every other field keeps the guard it has in a whole zone: its
    /// own check digit, and the composite, which agrees with the rest once the number's difference is
    /// taken out. A misreading anywhere else makes the two differ 9 times in 10 and is refused, as before.
    /// Only in lines read at their length, the number's and the composite's check digits read as digits.
    ///
    /// A line read shifted defeats the argument (a hostile review: `8VM821XN9IDN84005025F…` for
    /// `P8VM821XN9IDN8405025F…`, a P lost and a 0 read twice, moved the nationality's I into the
    /// number's check digit, repaired to 1, and the composite, which skips the nationality, then failed
    /// by the number's difference: birth 1940 for 1984). So the number's check digit must read as a
    /// digit unrepaired, and the state code beside the number (the nationality after it; a TD1's
    /// issuing state before it) must read as a code unrepaired: a shift moves letters into both.
    static func numberMisreadAlone(_ failing: [(name: String, data: [UInt8], digit: UInt8)], _ lines: [[UInt8]],
                                   layout: ZoneLayout, _ candidate: [CandidateLine], repairs: [ZoneRepair]) -> Bool {
        guard let composite = layout.composite, failing.count == 2, failing[0].name == "document number",
              failing[1].name == composite.name, !candidate.contains(where: { $0.changed != 0 }),
              lines[layout.numberCheck.line][layout.numberCheck.index] == failing[0].digit,
              Repair.isDigit(failing[0].digit), Repair.isDigit(failing[1].digit) else { return false }
        let beside = layout.format == .td1 ? layout.state : layout.nationality
        let guarded = [(layout.numberCheck.line, layout.numberCheck.index ..< layout.numberCheck.index + 1), (beside.line, beside.range)]
        let repaired = repairs.contains { repair in
            guarded.contains { $0.0 == repair.zoneLine - 1 && $0.1.contains(repair.position - 1) }
        }
        let code = lines[beside.line][beside.range]
        guard !repaired, code.allSatisfy({ (65...90).contains($0) || $0 == CheckDigit.filler }),
              isStateCode(ZoneText.withoutFillers(code)) else { return false }
        func difference(_ check: (name: String, data: [UInt8], digit: UInt8)) -> UInt8 {
            (CheckDigit.compute(check.data) + 10 - check.digit) % 10
        }
        return difference(failing[0]) == difference(failing[1])
    }

    /// Why a zone with a line read too long or short is not read, or nil. A visa has no composite check digit
    /// (see `visaLineHolds`); and in any zone, the line of the dates cut or filled out must hold them, and
    /// their check digits, as digits as read: an O read in the expiry (3303O1, repaired to 330301) and a
    /// filler cut to make room agreed with two check digits by chance.
    static func lengthRefusal(_ candidate: [CandidateLine], layout: ZoneLayout) -> String? {
        guard candidate.contains(where: { $0.changed != 0 }) else { return nil }
        if layout.composite == nil, !visaLineHolds(candidate[1].bytes, changed: candidate[1].changed != 0) {
            return "a line was read too long or short and a visa has no composite check digit: its dates and check digits must read as digits, with no digit after them"
        }
        let dates = candidate[layout.birth.line]
        let positions = Array(layout.birth.range) + [layout.birthCheck.index] + Array(layout.expiry.range) + [layout.expiryCheck.index]
        if dates.changed != 0, !positions.allSatisfy({ Repair.isDigit(dates.bytes[$0]) }) {
            return "its line of dates was read too long or short, and its dates and check digits do not all read as digits"
        }
        return nil
    }

    /// The zone without what a line of the wrong length leaves in doubt: optional data whose fillers were
    /// fitted; and from a first line cut or filled out, whose missing or extra character may stand
    /// anywhere before its names (PB for P<, MAO<BRIEN for MAR<O<BRIEN), the code, the issuing state
    /// and the names, unless the holder's nationality (on the checked line) is that state.
    static func withDoubtsOfItsLength(_ read: MachineReadableZone, _ candidate: [CandidateLine]) -> MachineReadableZone {
        var zone = read
        if candidate.contains(where: \.optionalFitted), !zone.optionalData.isEmpty {
            zone.optionalData = []
            zone.notes.append("a filler too many was read in its optional data, which is therefore not given")
        }
        // Optional data the composite alone guards (TD1, TD2): a character read twice or lost in it passes 1 in 10.
        if zone.format != .td3, candidate.contains(where: { $0.changed != 0 }), !zone.optionalData.isEmpty {
            zone.optionalData = []
            zone.notes.append("a line was read too long or short and only the composite covers its optional data, which is therefore not given")
        }
        let changed = candidate[0].changed
        guard changed != 0, zone.issuingState.isEmpty || zone.issuingState != zone.nationality else { return zone }
        zone.issuingState = ""
        zone.documentCode = zone.format == .td1 ? zone.documentCode : ""
        zone.nameOnlyByStaff = zone.format != .td1
        let what = zone.format == .td1 ? "its issuing state is not used" : "its kind and issuing state are not used, and its names only if they are a staff member's"
        zone.notes.append("its first line was read \(abs(changed)) \(abs(changed) == 1 ? "character" : "characters") too \(changed > 0 ? "long" : "short"), so \(what) (the nationality does not confirm them)")
        return zone
    }

    /// Said of a zone whose names are not used for their misread fillers; a zone whose names were never read drops it.
    static let misreadNamesNote = "the name line is misread (fillers read as 'K'); no check digit covers names, so the name is not used"

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
        if !name.readable { notes.append(misreadNamesNote) }
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
        } else if number?.contains(" ") == true {
            // A number's fillers only pad it: one inside it is a filler read as a letter (K2S8RU<<K).
            notes.append("the document number \(number ?? "") holds a filler, which may be one misread after it")
            number = nil
        } else if let read = number, read.hasSuffix("K"), bytes(layout.number).last == CheckDigit.filler {
            // Padded, its last K may be the first filler misread (TO3259<<< read TO3259K<<; K counts 0 like it).
            notes.append("the document number \(read) ends in K before its fillers, which may be a filler read as K")
            number = nil
        } else if let read = number, holdsSBesideADigit(read) {
            notes.append("the document number \(read) holds an S beside a digit, which may be an 8 misread (no check digit tells them apart)")
            number = nil
        }
        let optionalData = checkedOptionalData(optional, format: layout.format, notes: &notes)
        let sex = lines[layout.sex.line][layout.sex.index]
        // No check digit covers a state: one that is no code is misread (IL<IDN read ILD, TDN for IDN).
        func stateCode(_ span: ZoneLayout.Span, _ what: String) -> String {
            let code = ZoneText.withoutFillers(bytes(span))
            guard code.isEmpty || isStateCode(code) else {
                notes.append("the \(what) \(code) is no code ICAO 9303 lists, so it is not used")
                return ""
            }
            return code
        }
        return MachineReadableZone(
            format: layout.format, lines: lines.map(ZoneText.string), textLines: textLines,
            documentCode: ZoneText.string(bytes(layout.code)), issuingState: stateCode(layout.state, "issuing state"),
            documentNumber: number ?? "", surname: name.name.surname, givenNames: name.name.given,
            nameReadable: name.readable, nameWithoutMisreadFillers: name.withoutMisreadFillers, nationality: stateCode(layout.nationality, "nationality"),
            // Not X: tesseract's usual reading of a filler there (and X, unspecified, is rare).
            birthDate: birth, sex: [UInt8(ascii: "F"), UInt8(ascii: "M")].contains(sex) ? ZoneText.string([sex]) : nil,
            expiryDate: expiry, optionalData: optionalData,
            repairs: repairs, notes: notes)
    }
}

extension ZoneReader {
    /// Whether an alphanumeric field holds an `S` beside a digit. `S` counts 28 and 8 counts 8, the same
    /// modulo 10 at any weight, so no check digit tells them apart, and tesseract reads a small scan's
    /// OCR-B 8 as S (a review found `L89S902C3` given for `L898902C3`): such a field is not given.
    static func holdsSBesideADigit(_ value: String) -> Bool {
        let characters = Array(value)
        return characters.indices.contains { index in
            characters[index] == "S" && [index - 1, index + 1].contains { characters.indices.contains($0) && characters[$0].isASCII && characters[$0].isNumber }
        }
    }

    /// The optional data a check digit vouches for. K, A, U and 0 count 20, 10, 30 and 0, 0 modulo 10 like
    /// a filler: no check digit tells them from one (an O read twice, UTO0, puts a 0 there). A visa's
    /// optional data no check digit covers at all.
    static func checkedOptionalData(_ fields: [[UInt8]], format: ZoneFormat, notes: inout [String]) -> [String] {
        let values = fields.map(ZoneText.withoutFillers).filter { !$0.isEmpty }
        if format == .mrvA || format == .mrvB {
            if !values.isEmpty { notes.append("a visa's optional data (\(values.joined(separator: " / "))) has no check digit, so it is not given") }
            return []
        }
        return values.filter { value in
            if value.hasSuffix("KK") {
                notes.append("the optional data \(value) ends in KK, which may be fillers read as K")
                return false
            }
            if holdsSBesideADigit(value) {
                notes.append("the optional data \(value) holds an S beside a digit, which may be an 8 misread (no check digit tells them apart)")
                return false
            }
            if value.split(separator: " ").contains(where: { $0.allSatisfy { "KAU0".contains($0) } }) {
                notes.append("the optional data \(value) holds K, A, U or 0 alone between fillers, which may be a misread filler")
                return false
            }
            // Fillers all read as letters: nothing there to give.
            return !value.allSatisfy { "KXECS ".contains($0) }
        }
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
            && !tailHoldsAName(text.dropFirst(names.count))
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

    /// Whether the fillers' tail holds a word of two or more of those letters, not K alone, between
    /// fillers (ANNA<EKE<<<): a name, maybe, not misread fillers, which are K and fill the line to its end.
    static func tailHoldsAName(_ tail: Substring) -> Bool {
        let words = tail.split(separator: "<", omittingEmptySubsequences: false)
        return words.dropLast().contains { $0.count >= 2 && $0.contains { $0 != "K" } }
    }

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
            let names = CandidateLine(textLine: run[1].textLine, bytes: Array(repeating: CheckDigit.filler, count: 30))
            if case .read(let zone) = read([run[0], run[1], names], format: .td1, today: today, numberAside: false) {
                found.append(.read(withoutNames(zone, note: "its third line (the names) could not be read")))
            }
        }
        // Their own budget: a page of lines like these must not use up the second lines' tries below.
        var codesTried = 0
        for run in runs {
            for index in run.indices.dropLast() where codesTried < limits.zones * 4 && found.count < limits.zones {
                let lines = Array(run[index...].prefix(2))
                guard lines[0].bytes.count == 30, lines[1].bytes.count == 30, (65...90).contains(lines[0].bytes[0]),
                      format(of: lines[0].bytes, length: 30) == nil else { continue }
                codesTried += 1
                if let zone = td1WithUnknownCode(lines, today: today) { found.append(zone) }
            }
        }
        work.zonesExamined += codesTried
        let lines = text.utf8.prefix(limits.textBytes).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var lineAbove: Int?
        for (index, raw) in lines.enumerated() where tried < limits.zones * 4 && found.count < limits.zones {
            defer { if !raw.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { lineAbove = index } }
            guard let compact = compacted(raw) else { continue }
            // A passport's second line is also a valid visa's (the same checks at the same places): a visa's
            // only where no composite agrees.
            if let zone = compositeSecondLine(compact, textLine: index + 1, today: today, tries: &tried, limit: limits.zones * 4) {
                found.append(zone)
            } else if let above = lineAbove,
                      let visa = visaSecondLine(compact, below: lines[above], textLines: (above + 1, index + 1), today: today) {
                found.append(visa)
            }
        }
        work.zonesExamined += tried
        return found
    }

    /// Two lines of 30 whose first begins with a letter no TD1's document code begins with (I, A and C:
    /// tesseract reads a card's I as L now and then), read as a TD1's first two lines with the code I,
    /// only where every check digit, the composite among them, agrees and the issuing state is a code:
    /// a letter read before the code moves the document number, which its check digit and the
    /// composite then agree with 1 time in 100 (LI<DEUL970556106… read as UL9705561); the state
    /// moves with it and is no code. No check digit covers the code, the issuing state or the names
    /// (the line after), so none of them is given.
    static func td1WithUnknownCode(_ run: [CandidateLine], today: CalendarDate) -> ZoneReading? {
        let read = run[0].bytes[0]
        guard isStateCode(ZoneText.withoutFillers(run[0].bytes[2..<5])) else { return nil }
        var first = run[0]
        first.bytes[0] = UInt8(ascii: "I")
        let names = CandidateLine(textLine: run[1].textLine, bytes: Array(repeating: CheckDigit.filler, count: 30))
        guard case .read(let zone) = Self.read([first, run[1], names], format: .td1, today: today, numberAside: false) else { return nil }
        var partial = withoutNames(zone, note: "its document code '\(ZoneText.string([read]))' is no TD1's, so the kind, the issuing state and the names are not given")
        partial.documentCode = ""
        partial.issuingState = ""
        // The zone's lines show the code taken as I; the repair says what was read.
        partial.repairs.insert(ZoneRepair(zoneLine: 1, position: 1, read: Character(Unicode.Scalar(read)), repaired: "I"), at: 0)
        return .read(partial)
    }

    /// A TD3's or TD2's second line read without its first: as it is, or a filler long or short in its
    /// optional data (`fitted`); its check digits, the composite among them, decide. Its optional data is
    /// not given: a visa's second line whose last character happens to agree as a composite (1 in 10) would pass.
    static func compositeSecondLine(_ compact: [UInt8], textLine: Int, today: CalendarDate, tries: inout Int, limit: Int) -> ZoneReading? {
        for (width, format) in [(44, ZoneFormat.td3), (36, ZoneFormat.td2)] where abs(compact.count - width) <= 3 {
            for variant in fitted(compact, to: width) where tries < limit {
                tries += 1
                // Fitted, it is a line read at the wrong length, as `lengthRefusal` sees it.
                let second = CandidateLine(textLine: textLine, bytes: variant, changed: compact.count - width)
                let first = CandidateLine(textLine: textLine, bytes: Array(repeating: CheckDigit.filler, count: width))
                guard case .read(var zone) = read([first, second], format: format, today: today, numberAside: false) else { continue }
                if !zone.optionalData.isEmpty {
                    zone.optionalData = []
                    zone.notes.append("without its first line it may be a visa's second line, so its optional data is not given")
                }
                return .read(withoutNames(zone, note: "its first line (the kind, the issuing state and the names) could not be read"))
            }
        }
        return nil
    }

    /// A visa's second line read without its first, under a line that begins with its code V, where
    /// `visaLineHolds` and all three check digits agree. Its optional data, which no check digit
    /// covers, is not given.
    static func visaSecondLine(_ line: [UInt8], below above: Substring.UTF8View.SubSequence, textLines: (Int, Int),
                               today: CalendarDate) -> ZoneReading? {
        // The line above a zone's first line by its look, beginning V and a filler or letter (not "Valid until").
        let code = Array(above.filter { $0 != 32 && $0 != 9 }.prefix(2))
        guard code.count == 2, code[0] == UInt8(ascii: "V"), code[1] == CheckDigit.filler || (65...90).contains(code[1]),
              ZoneBandText.looksLikeZoneLine(Substring(above)) else { return nil }
        let fits = [(44, ZoneFormat.mrvA), (36, ZoneFormat.mrvB)].compactMap { width, format in fitting(line, to: width).map { ($0, format) } }
        guard let (fitted, format) = fits.min(by: { abs($0.0.changed) < abs($1.0.changed) }),
              visaLineHolds(fitted.bytes, changed: fitted.changed != 0), Repair.isDigit(fitted.bytes[9]) else { return nil }
        let first = CandidateLine(textLine: textLines.0, bytes: Array("V".utf8) + Array(repeating: CheckDigit.filler, count: fitted.bytes.count - 1))
        let second = CandidateLine(textLine: textLines.1, bytes: fitted.bytes, changed: fitted.changed, optionalFitted: fitted.optionalFitted)
        guard case .read(var zone) = read([first, second], format: format, today: today, numberAside: false) else { return nil }
        zone = withoutNames(zone, note: "only its second line could be read, under a first line that begins with V")
        zone.documentCode = "V"
        zone.optionalData = []
        return .read(zone)
    }

    /// Whether a visa's second line may be read as it stands, alone or beside a first line of the wrong
    /// length. A visa has no composite check digit, so each date is guarded by one digit only (one
    /// misreading in ten passes it; a date of fillers with a filler for its check passes always): its
    /// dates and their check digits must be digits as read (nothing repaired there: F29I02Z049 repaired
    /// to 291022 agreed by chance), its sex M, F or `<`. Read too long or short itself, the number's check
    /// digit must be a digit as read too, and the character after the expiry's check digit must not be
    /// one: a digit read twice in the expiry would put its check digit there.
    static func visaLineHolds(_ line: [UInt8], changed: Bool) -> Bool {
        let digitsAsRead = (changed ? [9] : []) + Array(13...19) + Array(21...27)
        return digitsAsRead.allSatisfy { Repair.isDigit(line[$0]) }
            && [UInt8(ascii: "M"), UInt8(ascii: "F"), CheckDigit.filler].contains(line[20])
            && !(changed && Repair.isDigit(line[28]))
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
        partial.notes = [note + "; the lines its check digits cover agree"] + zone.notes.filter { $0 != misreadNamesNote }
        return partial
    }
}
