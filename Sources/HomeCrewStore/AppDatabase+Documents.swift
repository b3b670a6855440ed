import Foundation
import GRDB
import HomeCrewCore

/// A document with everything shown about it.
public struct DocumentDetails: Hashable, Sendable {
    public let document: Document
    public let household: Household
    public let object: StoredObject
    public let staff: [StaffMember]
}

public struct DocumentFilter: Sendable {
    /// Nil means every household.
    public var householdID: RecordID?
    public var staffID: RecordID?
    /// Kind, expiry window, added and issued dates, order.
    public var listing: DocumentListing
    /// The day an expiry window is measured from.
    public var asOf: CalendarDate?
    /// The households the person may see.
    public var reach: Reach
    /// At most this many, the first in the listing's order; nil: all.
    public var limit: Int?
    public var offset: Int

    public init(householdID: RecordID? = nil, staffID: RecordID? = nil, listing: DocumentListing = DocumentListing(),
                asOf: CalendarDate? = nil, within reach: Reach = .everything, limit: Int? = nil, offset: Int = 0) {
        self.householdID = householdID
        self.staffID = staffID
        self.listing = listing
        self.asOf = asOf
        self.reach = reach
        self.limit = limit
        self.offset = offset
    }
}

/// What `doc edit` changes; nil leaves a field alone, `clear…` removes a date.
public struct DocumentChanges: Sendable {
    public var title: String?
    public var kind: DocumentKind?
    public var number: String?
    public var issuedOn: CalendarDate?
    public var expiresOn: CalendarDate?
    public var clearNumber = false
    public var clearIssuedOn = false
    public var clearExpiresOn = false
    public init() {}
}

/// A document ready to be recorded: its object already durable in the object store, what was
/// read from it, and the staff to link. Recorded alone (`addDocument`) or with what it proves (a payment).
public struct DocumentFiling: Sendable {
    public let document: Document
    public let object: StoredObject
    public let pages: [PageText]
    public let thumbnail: StoredObject?
    public let staff: [String]
    /// What the filing household read with a secret (a PDF's password): kept with its document,
    /// never with the object that other households' documents share.
    public var own: OwnExtraction?

    public init(document: Document, object: StoredObject, pages: [PageText], thumbnail: StoredObject?, staff: [String]) {
        (self.document, self.object, self.pages, self.thumbnail, self.staff) = (document, object, pages, thumbnail, staff)
    }
}

extension AppDatabase {
    // MARK: Reads

    /// The household's document holding these bytes, if it has one. Only ever asked of one household:
    /// whether another household holds the same file is nobody's business but its own.
    public func document(holding hash: String, in household: RecordID) throws -> Document? {
        try read { db in
            try Document.filter(Document.Columns.objectHash == hash && Document.Columns.householdID == household).fetchOne(db)
        }
    }

    /// Whether a household within `reach` holds a document of these bytes.
    public func isHeld(_ hash: String, within reach: Reach) throws -> Bool {
        try read { db in
            try Document.filter(Document.Columns.objectHash == hash).select(Document.Columns.householdID, as: String.self).fetchAll(db)
                .contains { reach.includes(RecordID(rawValue: $0)) }
        }
    }

    /// The detected type of a stored object, nil when there is none (one indexed lookup, for
    /// serving thumbnails).
    public func mediaType(ofObject hash: String) throws -> MediaType? {
        try read { db in
            let statement = try db.cachedStatement(sql: "SELECT media_type FROM object WHERE sha256 = ?")
            return try String.fetchOne(statement, arguments: [hash]).flatMap(MediaType.init(rawValue:))
        }
    }

    public func storedObject(_ hash: String) throws -> StoredObject? {
        try read { db in try StoredObject.fetchOne(db, key: hash) }
    }

    public func findDocument(_ reference: String) throws -> DocumentDetails {
        try read { db in try Self.details(of: Self.resolveDocument(reference, db), db) }
    }

    /// The documents a filter keeps, in its order: `doc list` and the Documents page.
    public func documentListing(_ filter: DocumentFilter) throws -> [DocumentDetails] {
        try read { db in
            var request = Self.documents(filter)
            if let limit = filter.limit { request = request.limit(limit, offset: filter.offset) }
            return try Self.details(of: request.fetchAll(db), db)
        }
    }

    /// How many documents a filter keeps (for a paged list's "1–50 of 230").
    public func documentCount(_ filter: DocumentFilter) throws -> Int {
        try read { db in try Self.documents(filter).fetchCount(db) }
    }

    static func documents(_ filter: DocumentFilter) -> QueryInterfaceRequest<Document> {
        typealias Columns = Document.Columns
        let listing = filter.listing
        var request = Document.all()
        if let household = filter.householdID { request = request.filter(Columns.householdID == household) }
        if let visible = filter.reach.households() { request = request.filter(visible.map(\.rawValue).contains(Columns.householdID)) }
        if let kind = listing.kind { request = request.filter(Columns.kind == kind.rawValue) }
        if let staff = filter.staffID {
            request = request.filter(sql: "id IN (SELECT document_id FROM document_staff WHERE staff_id = ?)", arguments: [staff])
        }
        if let window = listing.expiry, let asOf = filter.asOf {
            request = request.filter(Columns.expiresOn != nil && Columns.expiresOn <= window.latest(asOf: asOf))
        }
        if let from = listing.issued.from { request = request.filter(Columns.issuedOn >= from) }
        if let to = listing.issued.to { request = request.filter(Columns.issuedOn <= to) }
        // added_at is an ISO 8601 UTC timestamp; its first ten characters are its day.
        if let from = listing.added.from { request = request.filter(sql: "substr(added_at, 1, 10) >= ?", arguments: [from]) }
        if let to = listing.added.to { request = request.filter(sql: "substr(added_at, 1, 10) <= ?", arguments: [to]) }
        switch listing.order {
        case .added: return request.order(Columns.addedAt.desc, Columns.id)
        case .issued: return request.order(Columns.issuedOn == nil, Columns.issuedOn.desc, Columns.addedAt.desc, Columns.id)
        case .expires: return request.order(Columns.expiresOn == nil, Columns.expiresOn, Columns.addedAt.desc, Columns.id)
        case .title: return request.order(Columns.title.collating(.localizedCaseInsensitiveCompare), Columns.id)
        }
    }

    /// The documents filed last, newest first: in the order they were recorded (rowid), which
    /// the table and the household index keep, so no sort of every document is needed.
    public func latestDocuments(householdID: RecordID? = nil, within reach: Reach = .everything, limit: Int) throws -> [DocumentDetails] {
        try read { db in
            var request = Document.all()
            if let householdID { request = request.filter(Document.Columns.householdID == householdID) }
            if let visible = reach.households() { request = request.filter(visible.map(\.rawValue).contains(Document.Columns.householdID)) }
            return try Self.details(of: request.order(sql: "rowid DESC").limit(limit).fetchAll(db), db)
        }
    }

    /// The text of every page of a document, page 1 first: its own when its household read it
    /// itself (format 14), else its object's.
    public func pages(of document: Document) throws -> [PageText] {
        try read { db in
            guard try DocumentExtractionRecord.exists(db, key: document.id.rawValue) else { return try Self.pages(of: document.objectHash, db) }
            return try DocumentPageRecord.filter(Column("document_id") == document.id.rawValue).order(Column("page_number")).fetchAll(db).map {
                PageText(number: $0.pageNumber, text: $0.text, source: TextSource(rawValue: $0.textSource) ?? .none)
            }
        }
    }

    /// The text of every page of an object, page 1 first: what its bytes give without a secret.
    public func pages(of hash: String) throws -> [PageText] {
        try read { db in try Self.pages(of: hash, db) }
    }

    static func pages(of hash: String, _ db: Database) throws -> [PageText] {
        try PageRecord.filter(Column("object_sha256") == hash).order(Column("page_number")).fetchAll(db).map {
            PageText(number: $0.pageNumber, text: $0.text, source: TextSource(rawValue: $0.textSource) ?? .none)
        }
    }

    /// Every object hash a row still needs: documents' objects and their thumbnails.
    public func referencedObjectHashes() throws -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: """
                SELECT object_sha256 FROM document
                UNION SELECT o.thumbnail_sha256 FROM object o JOIN document d ON d.object_sha256 = o.sha256
                WHERE o.thumbnail_sha256 IS NOT NULL
                UNION SELECT thumbnail_sha256 FROM document_extraction WHERE thumbnail_sha256 IS NOT NULL
                """))
        }
    }

    public func allStoredObjects() throws -> [StoredObject] {
        try read { db in try StoredObject.fetchAll(db) }
    }

    public func documentCount(linkedTo staffID: RecordID) throws -> Int {
        try read { db in try DocumentStaffLink.filter(Column("staff_id") == staffID).fetchCount(db) }
    }

    static func details(of document: Document, _ db: Database) throws -> DocumentDetails {
        let household = try Household.fetchOne(db, key: document.householdID.rawValue)!
        guard var object = try StoredObject.fetchOne(db, key: document.objectHash) else {
            throw StoreError.constraint("document \(document.id) has no object row")
        }
        if let own = try DocumentExtractionRecord.fetchOne(db, key: document.id.rawValue) { object = own.applied(to: object) }
        let staff = try StaffMember.filter(sql: "id IN (SELECT staff_id FROM document_staff WHERE document_id = ?)",
                                           arguments: [document.id]).orderedByName().fetchAll(db)
        return DocumentDetails(document: document, household: household, object: object, staff: staff)
    }

    /// The details of many documents in four queries, whatever their number (a listing, a page
    /// of thumbnails), instead of three queries per document.
    static func details(of documents: [Document], _ db: Database) throws -> [DocumentDetails] {
        guard documents.count > 1 else { return try documents.map { try details(of: $0, db) } }
        let households = Dictionary(uniqueKeysWithValues: try Household.fetchAll(db).map { ($0.id, $0) })
        let objects = Dictionary(try StoredObject.fetchAll(db, keys: Set(documents.map(\.objectHash))).map { ($0.hash, $0) },
                                 uniquingKeysWith: { first, _ in first })
        let links = try DocumentStaffLink.filter(documents.map(\.id.rawValue).contains(Column("document_id"))).fetchAll(db)
        // In name order, as the one-document query gives them.
        let ordered = try StaffMember.filter(keys: Set(links.map(\.staffId.rawValue))).orderedByName().fetchAll(db)
        let people = Dictionary(uniqueKeysWithValues: ordered.map { ($0.id, $0) })
        let rank = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element.id, $0.offset) })
        let staffByDocument = Dictionary(grouping: links, by: \.documentId)
        let own = Dictionary(uniqueKeysWithValues: try DocumentExtractionRecord.fetchAll(db, keys: documents.map(\.id.rawValue)).map { ($0.documentId, $0) })
        return try documents.map { document in
            guard let household = households[document.householdID], var object = objects[document.objectHash] else {
                throw StoreError.constraint("document \(document.id) has no object row")
            }
            if let extraction = own[document.id.rawValue] { object = extraction.applied(to: object) }
            let staff = (staffByDocument[document.id] ?? []).compactMap { people[$0.staffId] }
                .sorted { (rank[$0.id] ?? 0) < (rank[$1.id] ?? 0) }
            return DocumentDetails(document: document, household: household, object: object, staff: staff)
        }
    }

    static func resolveDocument(_ reference: String, _ db: Database) throws -> Document {
        let trimmed = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = try Document.fetchOne(db, key: trimmed) { return exact }
        guard RecordID.couldBePrefix(trimmed) else { throw StoreError.noSuchDocument(reference) }
        let matches = try Document.filter(Document.Columns.id.like("\(trimmed)%")).limit(10).fetchAll(db)
        switch matches.count {
        case 0: throw StoreError.noSuchDocument(reference)
        case 1: return matches[0]
        default: throw StoreError.ambiguousDocument(reference, candidates: matches.map(\.id))
        }
    }

    // MARK: Writes

    /// Records a new document in one transaction: its object and thumbnail rows (unless
    /// already known), the page texts, the document and its staff links. The object files
    /// must already be durable in the object store.
    public func addDocument(
        _ draft: Document, object: StoredObject, pages: [PageText], thumbnail: StoredObject?, staff: [String],
        within reach: Reach = .everything
    ) throws -> DocumentDetails {
        try addDocument(DocumentFiling(document: draft, object: object, pages: pages, thumbnail: thumbnail, staff: staff), within: reach)
    }

    public func addDocument(_ filing: DocumentFiling, within reach: Reach = .everything) throws -> DocumentDetails {
        let document = try filing.document.validated()
        return try write { db in try Self.details(of: Self.insert(filing, validated: document, within: reach, db), db) }
    }

    /// Records a filing's rows (object, pages, thumbnail, document, links) in the caller's transaction.
    static func insert(_ filing: DocumentFiling, validated document: Document, within reach: Reach, _ db: Database) throws -> Document {
        if let thumbnail = filing.thumbnail, try !thumbnail.exists(db) { try thumbnail.insert(db) }
        if try !filing.object.exists(db) {
            try filing.object.insert(db)
            try Self.insertPages(filing.pages, of: filing.object.hash, db)
        }
        try document.insert(db)
        if let own = filing.own { try Self.write(own, of: document.id, db) }
        try Self.link(document, to: filing.staff, within: reach, db)
        return document
    }

    /// Adds links to staff (of the document's household); returns the staff newly linked.
    @discardableResult
    public func linkStaff(_ documentReference: String, to staff: [String], within reach: Reach = .everything) throws -> [StaffMember] {
        try write { db in try Self.link(Self.resolveDocument(documentReference, db), to: staff, within: reach, db) }
    }

    /// `reach`: the households the person linking may see; a name outside them is not found.
    @discardableResult
    static func link(_ document: Document, to references: [String], within reach: Reach, _ db: Database) throws -> [StaffMember] {
        var linked: [StaffMember] = []
        for reference in references {
            let member = try resolveStaff(reference, within: reach, db)
            guard member.householdID == document.householdID else {
                let household = try Household.fetchOne(db, key: member.householdID.rawValue)?.name ?? "another household"
                throw StoreError.staffInOtherHousehold(staff: member.legalName, household: household)
            }
            let link = DocumentStaffLink(documentId: document.id, staffId: member.id)
            if try !link.exists(db) {
                try link.insert(db)
                linked.append(member)
            }
        }
        return linked
    }

    public func unlinkStaff(_ documentReference: String, from staffReference: String, within reach: Reach = .everything) throws -> (Document, StaffMember) {
        try write { db in
            let document = try Self.resolveDocument(documentReference, db)
            let member = try Self.resolveStaff(staffReference, within: reach, db)
            let link = DocumentStaffLink(documentId: document.id, staffId: member.id)
            guard try link.delete(db) else { throw StoreError.notLinked(document: document.id.rawValue, staff: member.legalName) }
            return (document, member)
        }
    }

    public func editDocument(_ reference: String, _ changes: DocumentChanges) throws -> Document {
        try write { db in try Self.apply(changes, to: Self.resolveDocument(reference, db), db) }
    }

    /// Changes several documents of one household together, all of them or none: the same
    /// changes and links to the same people (the Documents page's bulk actions). A document of
    /// another household, or outside `reach`, is not found.
    @discardableResult
    public func changeDocuments(_ ids: [RecordID], ofHousehold household: RecordID, _ changes: DocumentChanges,
                                linking staff: [String] = [], within reach: Reach) throws -> [Document] {
        try write { db in
            try ids.map { id in
                guard reach.includes(household), let document = try Document.fetchOne(db, key: id.rawValue),
                      document.householdID == household else { throw StoreError.noSuchDocument(id.rawValue) }
                try Self.link(document, to: staff, within: reach, db)
                return try Self.apply(changes, to: document, db)
            }
        }
    }

    static func apply(_ changes: DocumentChanges, to document: Document, _ db: Database) throws -> Document {
        var document = document
        if let title = changes.title { document.title = title }
        if let kind = changes.kind { document.kind = kind }
        if let number = changes.number { document.number = number }
        if changes.clearNumber { document.number = nil }
        if let issued = changes.issuedOn { document.issuedOn = issued }
        if let expires = changes.expiresOn { document.expiresOn = expires }
        if changes.clearIssuedOn { document.issuedOn = nil }
        if changes.clearExpiresOn { document.expiresOn = nil }
        document = try document.validated()
        try document.update(db)
        return document
    }

    /// Removes the document row and its links at once. The object stays until `vault gc`.
    public func removeDocument(_ reference: String) throws -> Document {
        try write { db in
            let document = try Self.resolveDocument(reference, db)
            if let proof = try PaymentProof.filter(Column("document_id") == document.id).fetchOne(db) {
                throw StoreError.isProofOfPayment(document: document.id.short, payment: proof.paymentId.short)
            }
            try document.delete(db)
            return document
        }
    }

    /// Replaces what a document's household read from it (reprocessing), in one transaction. It is
    /// the document's own: other households' documents of the same object keep theirs.
    public func replaceExtraction(of document: RecordID, with own: OwnExtraction) throws {
        try write { db in
            guard try Document.exists(db, key: document.rawValue) else { throw StoreError.noSuchDocument(document.rawValue) }
            try DocumentPageRecord.filter(Column("document_id") == document.rawValue).deleteAll(db)
            _ = try DocumentExtractionRecord.deleteOne(db, key: document.rawValue)
            try Self.write(own, of: document, db)
        }
    }

    private static func write(_ own: OwnExtraction, of document: RecordID, _ db: Database) throws {
        if let thumbnail = own.thumbnail, try !thumbnail.exists(db) { try thumbnail.insert(db) }
        try DocumentExtractionRecord(documentId: document.rawValue, extractionStatus: own.status.rawValue, extractionNote: own.note,
                                     pageCount: own.pageCount, thumbnailSha256: own.thumbnail?.hash).insert(db)
        for page in own.pages {
            try DocumentPageRecord(documentId: document.rawValue, pageNumber: page.number, text: page.text, textSource: page.source.rawValue).insert(db)
        }
    }

    /// Deletes object rows no document needs (garbage collection, after the files).
    public func deleteObjectRows(_ hashes: [String]) throws {
        try write { db in
            for hash in hashes where try Document.filter(Document.Columns.objectHash == hash).fetchCount(db) == 0 {
                _ = try StoredObject.deleteOne(db, key: hash)
            }
        }
    }

    private static func insertPages(_ pages: [PageText], of hash: String, _ db: Database) throws {
        for page in pages {
            try PageRecord(objectSha256: hash, pageNumber: page.number, text: page.text, textSource: page.source.rawValue).insert(db)
        }
    }
}
