import Foundation
import GRDB
import HomeCrewCore

/// A stored file as the database knows it: its hash, size, type and what was read from it.
public struct StoredObject: Hashable, Sendable {
    public var hash: String
    public var size: Int64
    public var mediaType: MediaType
    public var storedAt: Date
    public var content: ExtractedContent
    public var thumbnailHash: String?

    public init(hash: String, size: Int64, mediaType: MediaType, storedAt: Date = Date(),
                content: ExtractedContent, thumbnailHash: String? = nil) {
        self.hash = hash
        self.size = size
        self.mediaType = mediaType
        self.storedAt = storedAt
        self.content = content
        self.thumbnailHash = thumbnailHash
    }
}

// MARK: - Database

extension StoredObject: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "object"

    public enum Columns {
        static let hash = Column("sha256")
        static let size = Column("size")
        static let mediaType = Column("media_type")
        static let storedAt = Column("stored_at")
        static let status = Column("extraction_status")
        static let note = Column("extraction_note")
        static let pageCount = Column("page_count")
        static let pixelWidth = Column("pixel_width")
        static let pixelHeight = Column("pixel_height")
        static let orientation = Column("orientation")
        static let metaTitle = Column("meta_title")
        static let metaAuthor = Column("meta_author")
        static let metaCreated = Column("meta_created")
        static let encrypted = Column("encrypted")
        static let thumbnailHash = Column("thumbnail_sha256")
    }

    public init(row: Row) throws {
        let content = ExtractedContent(
            status: ExtractionStatus(rawValue: row[Columns.status]) ?? .failed, note: row[Columns.note],
            pageCount: row[Columns.pageCount], pixelWidth: row[Columns.pixelWidth], pixelHeight: row[Columns.pixelHeight],
            orientation: row[Columns.orientation], metadataTitle: row[Columns.metaTitle],
            metadataAuthor: row[Columns.metaAuthor], metadataCreated: row[Columns.metaCreated],
            encrypted: row[Columns.encrypted])
        self.init(hash: row[Columns.hash], size: row[Columns.size],
                  mediaType: MediaType(rawValue: row[Columns.mediaType]) ?? .other, storedAt: row[Columns.storedAt],
                  content: content, thumbnailHash: row[Columns.thumbnailHash])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.hash] = hash
        container[Columns.size] = size
        container[Columns.mediaType] = mediaType.rawValue
        container[Columns.storedAt] = storedAt
        container[Columns.status] = content.status.rawValue
        container[Columns.note] = content.note
        container[Columns.pageCount] = content.pageCount
        container[Columns.pixelWidth] = content.pixelWidth
        container[Columns.pixelHeight] = content.pixelHeight
        container[Columns.orientation] = content.orientation
        container[Columns.metaTitle] = content.metadataTitle
        container[Columns.metaAuthor] = content.metadataAuthor
        container[Columns.metaCreated] = content.metadataCreated
        container[Columns.encrypted] = content.encrypted
        container[Columns.thumbnailHash] = thumbnailHash
    }
}

struct PageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "object_page"
    var objectSha256: String
    var pageNumber: Int
    var text: String
    var textSource: String

    enum CodingKeys: String, CodingKey {
        case objectSha256 = "object_sha256", pageNumber = "page_number", text, textSource = "text_source"
    }
}

extension Document: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "document"

    public enum Columns {
        static let id = Column("id")
        static let householdID = Column("household_id")
        static let objectHash = Column("object_sha256")
        static let kind = Column("kind")
        static let title = Column("title")
        static let originalName = Column("original_name")
        static let number = Column("number")
        static let issuedOn = Column("issued_on")
        static let expiresOn = Column("expires_on")
        static let addedAt = Column("added_at")
    }

    public init(row: Row) throws {
        self.init(id: row[Columns.id], householdID: row[Columns.householdID], objectHash: row[Columns.objectHash],
                  kind: DocumentKind(rawValue: row[Columns.kind]) ?? .other, title: row[Columns.title],
                  originalName: row[Columns.originalName], number: row[Columns.number], issuedOn: row[Columns.issuedOn],
                  expiresOn: row[Columns.expiresOn], addedAt: row[Columns.addedAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.householdID] = householdID
        container[Columns.objectHash] = objectHash
        container[Columns.kind] = kind.rawValue
        container[Columns.title] = title
        container[Columns.originalName] = originalName
        container[Columns.number] = number
        container[Columns.issuedOn] = issuedOn
        container[Columns.expiresOn] = expiresOn
        container[Columns.addedAt] = addedAt
    }
}

struct DocumentStaffLink: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "document_staff"
    var documentId: RecordID
    var staffId: RecordID

    enum CodingKeys: String, CodingKey { case documentId = "document_id", staffId = "staff_id" }
}

/// What one document's household read from its own copy (with a PDF's password, or by
/// reprocessing it), kept with the document and shown instead of its shared object's (format 14).
public struct OwnExtraction: Hashable, Sendable {
    public var status: ExtractionStatus
    public var note: String?
    public var pageCount: Int?
    public var pages: [PageText]
    /// A thumbnail drawn from what was read; nil keeps the object's.
    public var thumbnail: StoredObject?

    public init(_ content: ExtractedContent, thumbnail: StoredObject?) {
        (status, note, pageCount, pages, self.thumbnail) = (content.status, content.note, content.pageCount, content.pages, thumbnail)
    }
}

struct DocumentExtractionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "document_extraction"
    var documentId: String
    var extractionStatus: String
    var extractionNote: String?
    var pageCount: Int?
    var thumbnailSha256: String?

    enum CodingKeys: String, CodingKey {
        case documentId = "document_id", extractionStatus = "extraction_status", extractionNote = "extraction_note"
        case pageCount = "page_count", thumbnailSha256 = "thumbnail_sha256"
    }

    /// The object as this document shows it: its own status, note, page count and thumbnail.
    func applied(to object: StoredObject) -> StoredObject {
        var shown = object
        shown.content.status = ExtractionStatus(rawValue: extractionStatus) ?? .failed
        shown.content.note = extractionNote
        shown.content.pageCount = pageCount ?? object.content.pageCount
        shown.thumbnailHash = thumbnailSha256 ?? object.thumbnailHash
        return shown
    }
}

struct DocumentPageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "document_page"
    var documentId: String
    var pageNumber: Int
    var text: String
    var textSource: String

    enum CodingKeys: String, CodingKey {
        case documentId = "document_id", pageNumber = "page_number", text, textSource = "text_source"
    }
}
