import Foundation
import GRDB
import HomeCrewCore

/// What applying a document's facts changes: its fields, and the staff it is linked to (added, never removed).
public struct DocumentUpdate: Sendable {
    public var changes = DocumentChanges()
    public var link: [RecordID] = []
    public init() {}
}

extension AppDatabase {
    /// Changes one document (within `reach`) by what `decide` makes of it as it is inside the
    /// same transaction, so the decision is never taken on a value that has since changed.
    /// Every change lands in the audit trail with the transaction.
    public func updateDocument(_ reference: String, within reach: Reach,
                               _ decide: (DocumentDetails) throws -> DocumentUpdate) throws -> DocumentDetails {
        try write { db in
            let document = try Self.resolveDocument(reference, db)
            guard reach.includes(document.householdID) else { throw StoreError.noSuchDocument(reference) }
            let update = try decide(try Self.details(of: document, db))
            try Self.link(document, to: update.link.map(\.rawValue), within: reach, db)
            return try Self.details(of: Self.apply(update.changes, to: document, db), db)
        }
    }
}

/// A document's facts, read once and kept (format 20, `document_facts`): what a document page, its
/// Apply and `doc suggestions` show, read again only when what they were read from has changed.
extension AppDatabase {
    /// The household's facts stamp (0 before anything it reads has changed since format 20). A
    /// reading made from what is read after this is current for as long as the stamp stays.
    public func factsStamp(householdID: RecordID) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT stamp FROM facts_stamp WHERE household_id = ?", arguments: [householdID]) ?? 0
        }
    }

    /// The reading of `document` that `reader` kept from `inputs`, while its household's stamp is
    /// the one it was read at; nil when there is none, it is out of date, or it cannot be decoded
    /// (kept by another HomeCrew): it is then read again.
    public func keptFacts(of document: RecordID, reader: String, inputs: String) throws -> DocumentFacts.Reading? {
        let json = try read { db in
            try String.fetchOne(db, sql: """
                SELECT f.reading FROM document_facts f JOIN document d ON d.id = f.document_id
                WHERE f.document_id = ? AND f.reader = ? AND f.inputs = ?
                AND f.stamp = COALESCE((SELECT s.stamp FROM facts_stamp s WHERE s.household_id = d.household_id), 0)
                """, arguments: [document, reader, inputs])
        }
        return json.flatMap { try? JSONDecoder().decode(DocumentFacts.Reading.self, from: Data($0.utf8)) }
    }

    /// Keeps a reading made at `stamp` (read before what the reading read): a change since then
    /// has drawn a newer stamp, so a reading of what changed is never taken for current.
    public func keepFacts(_ reading: DocumentFacts.Reading, of document: RecordID, reader: String, inputs: String,
                          stamp: Int) throws {
        try keepFacts([KeptReading(reading: reading, document: document, reader: reader, inputs: inputs, stamp: stamp)])
    }

    /// A reading to keep, as `keepFacts` takes it.
    public struct KeptReading: Sendable {
        public let reading: DocumentFacts.Reading
        public let document: RecordID
        public let reader: String
        public let inputs: String
        public let stamp: Int

        public init(reading: DocumentFacts.Reading, document: RecordID, reader: String, inputs: String, stamp: Int) {
            (self.reading, self.document, self.reader, self.inputs, self.stamp) = (reading, document, reader, inputs, stamp)
        }
    }

    /// Keeps several readings in one transaction (a batch of `doc add`: one commit, not one a document).
    public func keepFacts(_ kept: [KeptReading]) throws {
        let encoder = JSONEncoder()
        let rows = try kept.map { ($0, String(decoding: try encoder.encode($0.reading), as: UTF8.self)) }
        try write { db in
            for (one, json) in rows {
                try db.execute(sql: """
                    INSERT INTO document_facts (document_id, reader, inputs, stamp, reading)
                    SELECT id, ?, ?, ?, ? FROM document WHERE id = ?
                    ON CONFLICT (document_id, reader) DO UPDATE SET inputs = excluded.inputs, stamp = excluded.stamp, reading = excluded.reading
                    """, arguments: [one.reader, one.inputs, one.stamp, json, one.document])
            }
        }
    }
}
