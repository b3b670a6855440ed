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
