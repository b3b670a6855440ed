import Foundation

/// A person a document may belong to: a staff member of the document's household, by every
/// name they go by.
public struct PersonCandidate: Hashable, Sendable {
    public var id: RecordID
    /// The legal name first, then the known-as name.
    public var names: [String]

    public init(id: RecordID, names: [String]) {
        self.id = id
        self.names = names
    }

    public init(_ staff: StaffMember) {
        self.init(id: staff.id, names: [staff.legalName] + (staff.knownAs.map { [$0] } ?? []))
    }
}

/// Matches a name read from a document against people's names: in any script, in any order of
/// the names, case and diacritics ignored, and a person's ü, ö, ä, ß, å, æ, ø also as the zone
/// transliterates them (UE, OE, AE, SS, AA, AE, OE; ICAO 9303 part 3, 6), Arabic with or without
/// hamza and vowel marks, Chinese and Japanese names with or without the space between their
/// parts. A person matches when
/// every part of one of their names is among the document's name parts and the name has two
/// parts or more (a known-as name of one word matches only a document name of that one word).
/// A match counts only when it is the one person who matches.
public enum PersonMatch {
    public enum Result: Hashable, Sendable {
        case one(RecordID, matched: String)
        case none
        /// Names of more than one person match: which one is for a person to say.
        case several(Int)
    }

    public static func match(_ documentName: String, among candidates: [PersonCandidate],
                             limits: DocumentFacts.Limits = .standard) -> Result {
        var work = DocumentFacts.Work()
        return match(documentName, among: candidates, limits: limits, work: &work)
    }

    static func match(_ documentName: String, among candidates: [PersonCandidate], limits: DocumentFacts.Limits,
                      work: inout DocumentFacts.Work) -> Result {
        match(documentName, among: People(candidates, limits: limits, work: &work), limits: limits, work: &work)
    }

    /// The candidates with the folded spellings of each of their names, made once for a whole
    /// reading: a document of many name labels compares each against the same spellings.
    struct People {
        let spelt: [(id: RecordID, names: [(name: String, spellings: [[String]])])]

        init(_ candidates: [PersonCandidate], limits: DocumentFacts.Limits, work: inout DocumentFacts.Work) {
            var spelt: [(id: RecordID, names: [(name: String, spellings: [[String]])])] = []
            for candidate in candidates {
                if work.budgetSpent() { break }
                spelt.append((candidate.id, candidate.names.prefix(limits.namesPerPerson).map { name in
                    (name, PersonMatch.spellings(name, limits: limits))
                }))
                work.namesSpelt += spelt[spelt.count - 1].names.count
            }
            self.spelt = spelt
        }
    }

    /// Stops (nobody matches, `work.stopped`) once the current request's budget is spent: a
    /// reading that stopped suggests nothing, so a partial search never names the wrong person.
    static func match(_ documentName: String, among people: People, limits: DocumentFacts.Limits,
                      work: inout DocumentFacts.Work) -> Result {
        guard !work.stopped, let document = parts(documentName, limits: limits) else { return .none }
        let documentParts = Set(document)
        var found: [(RecordID, String)] = []
        for person in people.spelt {
            if work.budgetSpent() { return .none }
            for (name, spellings) in person.names {
                work.nameComparisons += 1
                if spellings.contains(where: { matches($0, documentParts, joined: document.joined()) }) {
                    found.append((person.id, name))
                    break
                }
            }
        }
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0].0, matched: found[0].1)
        default: return .several(found.count)
        }
    }

    static func matches(_ parts: [String], _ documentParts: Set<String>, joined: String) -> Bool {
        if Set(parts).isSubset(of: documentParts) && (parts.count >= 2 || documentParts.count == 1) { return true }
        // Chinese and Japanese write a name without a space between its parts: 山田花子 is 山田 花子.
        return parts.count >= 2 && documentParts.count == 1 && joined.unicodeScalars.contains(where: SearchText.isCJK)
            && (joined == parts.joined() || joined == parts.reversed().joined())
    }

    /// Whether two names have the same parts, folded, in any order (the zone's spelling of a person's name counts).
    static func sameParts(_ documentName: String, _ personName: String, limits: DocumentFacts.Limits) -> Bool {
        guard let document = parts(documentName, limits: limits) else { return false }
        return spellings(personName, limits: limits).contains { Set($0) == Set(document) }
    }

    /// A name's parts, folded; nil for a name longer than any real one.
    static func parts(_ name: String, limits: DocumentFacts.Limits) -> [String]? {
        guard name.unicodeScalars.count <= limits.nameLength else { return nil }
        let parts = words(name)
        guard !parts.isEmpty, parts.count <= limits.nameParts else { return nil }
        return parts
    }

    /// The words of a text, folded as names are (case, diacritics and width ignored).
    static func words<S: StringProtocol>(_ text: S) -> [String] {
        let folded = LabelledDates.fold(String(text)).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split { !$0.isLetter && !$0.isNumber && $0 != "'" }.map(String.init)
    }

    /// The folded parts of a person's name, and of its zone transliteration where that differs.
    static func spellings(_ name: String, limits: DocumentFacts.Limits) -> [[String]] {
        var result: [[String]] = []
        if let plain = parts(name, limits: limits) { result.append(plain) }
        let transliterated = transliterations.reduce(name.lowercased()) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        if let zone = parts(transliterated, limits: limits), !result.contains(zone) { result.append(zone) }
        return result
    }

    private static let transliterations: [(String, String)] = [
        ("ü", "ue"), ("ö", "oe"), ("ä", "ae"), ("ß", "ss"), ("å", "aa"), ("æ", "ae"), ("ø", "oe"), ("þ", "th"),
    ]
}
