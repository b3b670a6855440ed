/// The text side of reading a zone's band a second time (the extraction worker cuts the band out
/// and reads it with only `A–Z 0–9 <` allowed): when is it worth it, and how its reading joins
/// the page's text.
public enum ZoneBandText {
    /// A line looks like a line of a zone: three fillers or more (OCR's « counts two), shaped like
    /// one (only `A–Z 0–9 <` at a zone's width), or as OCR misreads one: 26 to 52 characters (spaces
    /// aside), nine in ten of them `A–Z 0–9 <` or what OCR reads for `<` (K, e, c, s, ¢…), with a run of
    /// four of one of those or five of them mixed. Only a second reading follows, and its check digits decide.
    public static func looksLikeZoneLine(_ line: Substring) -> Bool {
        var fillers = 0
        for character in line where character == "<" || character == "«" {
            fillers += character == "<" ? 1 : 2
            if fillers >= 3 { return true }
        }
        return !ZoneReader.zoneLineReadings(line.utf8).isEmpty || looksLikeAMisreadZoneLine(line)
    }

    static let misreadFillers: Set<Character> = ["<", "K", "e", "c", "s", "¢", "«", "E", "C", "S", "X", "k"]

    static func looksLikeAMisreadZoneLine(_ line: Substring) -> Bool {
        let characters = line.filter { $0 != " " && $0 != "\t" && $0 != "\r" }
        guard (26...52).contains(characters.count) else { return false }
        let zoneCharacters = characters.filter { misreadFillers.contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }.count
        guard zoneCharacters * 10 >= characters.count * 9 else { return false }
        var run = 0, mixedRun = 0
        var previous: Character?
        for character in characters {
            run = character == previous ? run + 1 : 1
            previous = character
            mixedRun = mixedFillers.contains(character) ? mixedRun + 1 : 0
            if (run >= 4 && misreadFillers.contains(character)) || mixedRun >= 5 { return true }
        }
        return false
    }

    /// What small or blurred fillers read as, mixed in one run (`<<ccece¢`); not C, S or X, which
    /// capitals (SUCCESS) hold in runs.
    static let mixedFillers: Set<Character> = ["<", "K", "e", "E", "c", "s", "¢", "«"]

    /// Whether a page's text holds a line that looks like a zone's: only then is the band read again.
    public static func isLikely(_ text: String) -> Bool {
        text.split(separator: "\n").contains(where: looksLikeZoneLine)
    }

    /// Whether a page's text reads like a page turned a quarter: OCR reads a sideways zone as a column
    /// of short lines, each a character or two of every zone line (`AN`, `ON`: a turned `<` reads as A,
    /// N or V). Three lines of at most three characters, or three such words of A and N alone.
    public static func looksSideways(_ text: String) -> Bool {
        var shortLines = 0, fillerWords = 0
        for line in text.split(separator: "\n") {
            let characters = line.filter { !$0.isWhitespace }
            if !characters.isEmpty, characters.count <= 3 { shortLines += 1 }
            for word in line.split(whereSeparator: { !$0.isLetter }) where (2...4).contains(word.count) && word.allSatisfy({ $0 == "A" || $0 == "N" }) {
                fillerWords += 1
            }
            if shortLines >= 3 || fillerWords >= 3 { return true }
        }
        return false
    }

    /// Whether a zone in the text reads (whole, or from its checked lines).
    public static func readsAZone(_ text: String) -> Bool { quality(text).best > 0 }

    /// The page's text with its zone-like lines replaced by the band's reading (at the first one's
    /// place, or after the page's words when it has none), when that reading holds a zone whose check digits agree; nil when it does not, and
    /// the first reading stands. A line the first OCR misread can disagree with a second
    /// reading whose check digits agree; only one of them is kept, so that there is one zone.
    public static func replacingZone(in text: String, with band: String) -> String? {
        let bandLines = band.split(separator: "\n", omittingEmptySubsequences: true).filter(looksLikeZoneLine)
        let (second, secondCount) = quality(bandLines.joined(separator: "\n"))
        let (first, firstCount) = quality(text)
        // A whole zone is better than one read without its names line, which is better than none; and
        // a page with more zones than the band reads keeps its first reading (all its zones stay).
        guard second > 0, second >= first, secondCount >= firstCount else { return nil }
        var lines: [Substring] = []
        var placed = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard looksLikeZoneLine(line) else { lines.append(line); continue }
            if !placed { lines += bandLines; placed = true }
        }
        // A zone the first reading did not see at all (found by its shape) follows the page's words.
        if !placed { lines += bandLines }
        return lines.joined(separator: "\n")
    }

    /// The best reading (4: a zone reads whole; 3: only its checked lines read; 2 and 1: the same with
    /// its number misread and set aside; 0: none) and how many zones the text holds, read or refused.
    static func quality(_ text: String) -> (best: Int, zones: Int) {
        // Whether a zone reads depends on its check digits only; the day only places two-digit years.
        let anyDay = try! CalendarDate(year: 2000, month: 1, day: 1)
        let zones = ZoneReader.zones(in: text, today: anyDay)
        var best = 0
        for case .read(let zone) in zones {
            best = max(best, (zone.nameReadable || !zone.documentCode.isEmpty ? 2 : 1) + (zone.numberSetAside ? 0 : 2))
        }
        return (best, zones.count)
    }

    /// Whether the zone a text holds reads with every check digit agreeing (no band need be read again).
    public static func readsWhole(_ text: String) -> Bool { quality(text).best >= 3 }
}
