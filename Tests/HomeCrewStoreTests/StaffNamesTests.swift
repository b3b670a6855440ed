import Foundation
import XCTest
@testable import HomeCrewCore
@testable import HomeCrewStore
import HomeCrewTestSupport

/// The byte test a name search makes first never turns away a person Foundation's `contains` finds.
final class StaffNamesTests: XCTestCase {
    func testTheDecomposedBytesHoldEveryASCIIWordFoundationFindsInAName() {
        // Names of precomposed and decomposed letters, marks alone, singletons NFC replaces (the Kelvin
        // sign), dotted and dotless i, ligatures, Devanagari with vowel signs and virama, Hangul
        // syllables and jamo, Arabic, CJK, emoji; words of ASCII, the ones the byte test judges.
        let pieces = ["a", "A", "e", "k", "K", "s", "i", "I", "n", "f", "l", "o", "-", "'", ".", "0", "1", "\u{212A}", "\u{E1}", "a\u{301}",
                      "\u{301}", "\u{323}", "\u{307}", "\u{1E69}", "s\u{323}\u{307}", "\u{EA}", "\u{1EC7}", "\u{F1}", "n\u{303}", "\u{130}",
                      "\u{131}", "\u{FB01}", "\u{FB00}", "\u{1E9E}", "ß", "\u{2160}", "\u{FF21}", "\u{2126}", "\u{212B}", "क", "ि", "्",
                      "ष", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}", "ف", "ة", "田", "Ω", "Σ", "ς", "👩", "\u{200D}", "\u{FE0F}", " "]
        let ascii = ["a", "e", "k", "s", "i", "n", "f", "l", "o", "ss", "fi", "ff", "-", "'", ".", "0", "1", "ae", "ia", "sk"]
        var generator = Seeded(state: 53)
        var found = 0
        for _ in 0..<50_000 {
            let name = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let word = NameKey.of((0..<Int.random(in: 1...3, using: &generator)).map { _ in ascii.randomElement(using: &generator)! }.joined())
            guard let bytes = StaffNames.asciiWord(word) else { continue }
            let key = NameKey.of(name)
            let named = StaffNames.Named(id: "", key: key, decomposed: StaffNames.decomposed(key))
            if key.contains(word) {
                found += 1
                XCTAssertTrue(named.mayHold(bytes), "\(word) in \(key.unicodeScalars.map(\.value))")
            }
        }
        XCTAssertGreaterThan(found, 1_000, "the pieces make names that hold the word often enough to test")
        // Words of other scripts are not judged by bytes (Foundation finds U+1E69 in "si" and a dot above).
        XCTAssertNil(StaffNames.asciiWord("\u{1E69}"))
        XCTAssertNil(StaffNames.asciiWord("a b"))
    }

    func testAByteSearchFindsWordsAtTheStartTheEndAndNowhereElse() {
        let named = StaffNames.Named(id: "", key: "asha devi", decomposed: StaffNames.decomposed("asha devi"))
        XCTAssertTrue(named.mayHold(StaffNames.decomposed("asha")))
        XCTAssertTrue(named.mayHold(StaffNames.decomposed("devi")))
        XCTAssertTrue(named.mayHold(StaffNames.decomposed("a d")))
        XCTAssertFalse(named.mayHold(StaffNames.decomposed("devil")))
        XCTAssertFalse(named.mayHold(StaffNames.decomposed("ashaa")))
        XCTAssertFalse(named.mayHold(StaffNames.decomposed("kumar")))
    }

    func testKeysAreKeptWithinTheBudgetAndNobodyKeptIsPutOutByOthers() {
        let keys = StaffNames.KeptKeys(budget: 1_000)
        let first = (0..<3).map { (id: "a\($0)", legalName: "Asha \($0)", knownAs: Optional("Ash")) }
        let others = (0..<40).map { (id: "b\($0)", legalName: "WORKER \($0) ΩΩ", knownAs: String?.none) }
        for _ in 0..<3 {
            for people in [first, others] {
                let named = keys.of(people)
                XCTAssertEqual(named.map(\.id), people.map(\.id))
                XCTAssertEqual(named.map(\.key), people.map { NameKey.of($0.legalName + " " + ($0.knownAs ?? "")) })
                XCTAssertLessThanOrEqual(keys.used, 1_000)
            }
        }
        XCTAssertEqual(keys.of(first).compactMap(\.decomposed).count, 3, "the first kept stay kept")
        XCTAssertLessThan(keys.count, 43, "the rest are made at each search")
        // A renamed person's key is made again from the names read.
        let renamed = keys.of([(id: "a0", legalName: "Asha Kumari", knownAs: nil)])
        XCTAssertEqual(renamed.map(\.key), ["asha kumari"])
        XCTAssertLessThanOrEqual(keys.used, 1_000)
    }

    /// The search for people gives what reading every record and making every key gave, in its order.
    func testPeopleMatchAsWhenEveryRecordWasReadAndEveryKeyMade() throws {
        let database = try AppDatabase.empty()
        let households = try ["Sea View", "Hill House", "Lake Flat"].map { try database.addHousehold(Household(name: $0)).household }
        let start = try CalendarDate(parsing: "2024-03-01"), salary = try Money(parsing: "900", currency: Currency(code: "INR"))
        let names = ["asha devi", "Asha Devi", "ASHA", "Ravi Asha", "Sunita Bai", "sunita", "田中花子", "Fatima", "Élodie", "e\u{301}lodie",
                     "Kiran Ásha", "Asha-Marie", "Devi"]
        var generator = Seeded(state: 7)
        for index in 0..<60 {
            let known = Bool.random(using: &generator) ? names.randomElement(using: &generator) : nil
            _ = try database.addStaff(StaffMember(householdID: households[index % 3].id, legalName: names.randomElement(using: &generator)!,
                                                  knownAs: known, startDate: start, annualLeave: LeaveDays(parsing: "21")), salary: salary)
        }
        let reaches = [Reach.everything, Reach(roles: [households[0].id: .viewer]),
                       Reach(roles: [households[0].id: .owner, households[2].id: .manager]), Reach(roles: [:])]
        for words in [["asha"], ["ASHA", "devi"], ["élodie"], ["lodie"], ["田中"], ["a"], ["devi", "asha"], ["zz"], ["-marie"]] {
            for reach in reaches {
                for household in [nil, households[0].id, households[1].id] {
                    let expected = try reference(words, householdID: household, within: reach, limit: 7, database)
                    let found = try database.staffMatching(words, householdID: household, within: reach, limit: 7).map(\.member.id)
                    XCTAssertEqual(found, expected, "\(words) in \(household?.rawValue ?? "all")")
                }
            }
        }
    }

    /// The search as it was: every person in reach read whole, every key made, Foundation asked.
    private func reference(_ words: [String], householdID: RecordID?, within reach: Reach, limit: Int,
                           _ database: AppDatabase) throws -> [RecordID] {
        let keys = words.map(NameKey.of).filter { !$0.isEmpty }
        return try database.read { db in
            var request = StaffMember.all().orderedByName()
            if let householdID { request = request.inHousehold(householdID) }
            let found = try request.within(reach).fetchAll(db).compactMap { member -> (StaffMember, wholeWords: Int)? in
                let names = NameKey.of(member.legalName + " " + (member.knownAs ?? ""))
                guard keys.allSatisfy({ names.contains($0) }) else { return nil }
                let nameWords = Set(names.split(whereSeparator: \.isWhitespace).map(String.init))
                return (member, keys.filter(nameWords.contains).count)
            }
            let ranked = found.enumerated().sorted { ($1.element.wholeWords, $0.offset) < ($0.element.wholeWords, $1.offset) }
            return ranked.prefix(limit).map(\.element.0.id)
        }
    }
}
