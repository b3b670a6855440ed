import Foundation
import GRDB
import GRDBSQLite
import HomeCrewCore

/// The people a name search looks through, each with the key of their names (`NameKey` of the
/// legal and known-as names), in the order of a staff listing: by legal name ignoring case, then id.
///
/// A search page asks for every person in reach, and computing the key (Unicode normalisation
/// and case folding) for each of them was 53% of a search page in a household of 10,000 staff,
/// decoding each as a whole record another 22% (167 ms a page; BENCHMARKS.md, rows 8). So only
/// the id and the two names are read, by a statement of the connection's cache, stepped by
/// hand, and each key is computed once per person and kept while the names it was made from
/// are the ones read: a renamed person's key is made again at the next search.
enum StaffNames {
    struct Named {
        let id: String
        let key: String
        /// The key's canonical decomposition (NFD) in UTF-8, for `mayHold`; nil when the key is not kept.
        let decomposed: [UInt8]?

        /// False when the key cannot hold `word`, a search word of ASCII letters, digits and marks
        /// (`asciiWord`): Foundation's `contains`, which the search asks, finds such a word only
        /// where its bytes stand in the key's canonical decomposition. (Not so for every word:
        /// it finds U+1E69, an s with a dot below and one above, in "si" and a dot above.) Most people
        /// hold no word of a search, and this byte search is a fraction of Foundation's, which was a
        /// third of a search page in a household of 10,000 staff. By hand, with `firstIndex(of:)` and
        /// `memcmp`: the standard library's `firstRange(of:)` took 100 times as long (8.6 ms for 10,000 keys).
        func mayHold(_ word: [UInt8]) -> Bool {
            guard let first = word.first, let decomposed else { return true }
            return decomposed.withUnsafeBufferPointer { text in
                word.withUnsafeBufferPointer { word in
                    var start = 0
                    while start + word.count <= text.count {
                        guard let found = text[start...(text.count - word.count)].firstIndex(of: first) else { return false }
                        if memcmp(text.baseAddress! + found, word.baseAddress!, word.count) == 0 { return true }
                        start = found + 1
                    }
                    return false
                }
            }
        }
    }

    /// A search word's bytes when `Named.mayHold` may judge it: printable ASCII only, else nil.
    static func asciiWord(_ word: String) -> [UInt8]? {
        let bytes = Array(word.utf8)
        return bytes.allSatisfy { (0x21...0x7E).contains($0) } ? bytes : nil
    }

    /// A key's canonical decomposition in UTF-8.
    static func decomposed(_ key: String) -> [UInt8] {
        Array(key.decomposedStringWithCanonicalMapping.utf8)
    }

    static func inOrder(householdID: RecordID?, within reach: Reach, _ db: Database) throws -> [Named] {
        let households = reach.households()
        let conditions: [String] = (householdID == nil ? [] : ["household_id = :household"])
            + (households == nil ? [] : ["household_id IN (SELECT value FROM json_each(:reach))"])
        let statement = try db.cachedStatement(sql: """
            SELECT id, legal_name, known_as FROM staff
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY legal_name COLLATE NOCASE, id
            """)
        var arguments: [String: (any DatabaseValueConvertible)?] = [:]
        if let householdID { arguments["household"] = householdID.rawValue }
        if let households { arguments["reach"] = try CachedReads.list(households) }
        try statement.setArguments(StatementArguments(arguments))
        let step = statement.sqliteStatement
        defer { sqlite3_reset(step) }
        var read: [(id: String, legalName: String, knownAs: String?)] = []
        var code = sqlite3_step(step)
        while code == SQLITE_ROW {
            read.append((text(step, 0) ?? "", text(step, 1) ?? "", text(step, 2)))
            code = sqlite3_step(step)
        }
        guard code == SQLITE_DONE else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage) }
        return keys.of(read)
    }

    private static func text(_ step: OpaquePointer, _ column: Int32) -> String? {
        guard let characters = sqlite3_column_text(step, column) else { return nil }
        return String(cString: characters)
    }

    /// Keys by person, with the names each was made from, in at most 16 MB.
    private static let keys = KeptKeys(budget: 16 << 20)

    /// Each person's key and its decomposition, with the names they were made from, while they fit
    /// in the budget: a few hundred bytes a person, up to some thousands for names of 200 characters.
    /// Once it is spent, the people not kept have their key made at each search, as before there was
    /// any keeping (no decomposition then: Foundation alone decides); nobody kept is put out, so two
    /// large households searched in turn never push each other out at every search.
    final class KeptKeys: @unchecked Sendable {
        private struct Kept {
            let legalName: String
            let knownAs: String?
            let key: String
            let decomposed: [UInt8]

            /// What it holds, with room for the dictionary's entry and the strings' headers.
            var bytes: Int { legalName.utf8.count + (knownAs?.utf8.count ?? 0) + key.utf8.count + decomposed.count + 160 }
        }

        private let lock = NSLock()
        private var kept: [String: Kept] = [:]
        private let budget: Int
        private var usedBytes = 0
        var used: Int { lock.withLock { usedBytes } }
        var count: Int { lock.withLock { kept.count } }

        init(budget: Int) { self.budget = budget }

        func of(_ people: [(id: String, legalName: String, knownAs: String?)]) -> [Named] {
            var found: [Named?] = lock.withLock {
                people.map { person in
                    guard let known = kept[person.id], known.legalName == person.legalName, known.knownAs == person.knownAs else { return nil }
                    return Named(id: person.id, key: known.key, decomposed: known.decomposed)
                }
            }
            // Made outside the lock: a first search of ten thousand people does not hold up another.
            var made: [(id: String, Kept)] = []
            var room = lock.withLock { budget - usedBytes }
            for index in people.indices where found[index] == nil {
                let person = people[index]
                let key = NameKey.of(person.legalName + " " + (person.knownAs ?? ""))
                guard room > 0 else { found[index] = Named(id: person.id, key: key, decomposed: nil); continue }
                let kept = Kept(legalName: person.legalName, knownAs: person.knownAs, key: key, decomposed: StaffNames.decomposed(key))
                room -= kept.bytes
                found[index] = Named(id: person.id, key: key, decomposed: kept.decomposed)
                made.append((person.id, kept))
            }
            if !made.isEmpty {
                lock.withLock {
                    for (id, person) in made {
                        let replaced = kept[id]?.bytes ?? 0
                        guard usedBytes - replaced + person.bytes <= budget else { continue }
                        kept[id] = person
                        usedBytes += person.bytes - replaced
                    }
                }
            }
            return found.map { $0! }
        }
    }
}
