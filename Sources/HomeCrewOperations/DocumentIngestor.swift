import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// What to file a batch of documents as.
public struct IngestRequest: Sendable {
    public var household: Household
    public var staff: [String]
    public var kind: DocumentKind
    public var title: String?
    public var issuedOn: CalendarDate?
    public var expiresOn: CalendarDate?
    public var password: String?
    public var allowOther: Bool
    /// tesseract languages for pages and images without text, or nil for no OCR.
    public var ocrLanguages: String?
    /// The files are the vault's own temporary copies (an upload): move each into the object
    /// store instead of copying it (`ObjectStore.adopt`).
    public var adoptFile = false
    /// The households the person filing may see: staff named in `staff` are looked for there only.
    public var reach: Reach = .everything

    public init(household: Household, staff: [String], kind: DocumentKind, title: String? = nil,
                issuedOn: CalendarDate? = nil, expiresOn: CalendarDate? = nil, password: String? = nil,
                allowOther: Bool = false, ocrLanguages: String? = nil) {
        self.household = household
        self.staff = staff
        self.kind = kind
        self.title = title
        self.issuedOn = issuedOn
        self.expiresOn = expiresOn
        self.password = password
        self.allowOther = allowOther
        self.ocrLanguages = ocrLanguages
    }
}

public enum IngestOutcome: Sendable {
    case added(DocumentDetails)
    case alreadyPresent(Document, newlyLinked: [StaffMember])
    case refused(path: String, error: any HomeCrewError)
}

/// Files documents into the vault. The order of steps is what keeps the vault consistent:
/// the object (and its thumbnail) are durable in the object store before the one
/// transaction that records them, so a crash at any point leaves at most an unused object
/// for `vault gc`, never a row without its file.
public struct DocumentIngestor: Sendable {
    public let database: AppDatabase
    public let objects: ObjectStore
    public let extractor: IsolatedExtractor

    public init(database: AppDatabase, objects: ObjectStore, extractor: IsolatedExtractor) {
        self.database = database
        self.objects = objects
        self.extractor = extractor
    }

    /// Files every path, several at a time (`ParallelWork.ingestWidth` threads), calling
    /// `started` and `finished` (with the path's index) from those threads as each goes.
    public func ingest(_ paths: [String], _ request: IngestRequest, started: @escaping @Sendable (String) -> Void = { _ in },
                       finished: @escaping @Sendable (Int, IngestOutcome) -> Void) {
        _ = objects.removeStaleTemporaryFiles()
        ParallelWork.forEach(paths.count, width: ParallelWork.ingestWidth) { index in
            started(paths[index])
            finished(index, ingest(paths[index], request))
        }
    }

    public func ingest(_ path: String, _ request: IngestRequest) -> IngestOutcome {
        do {
            return try ingestOrThrow(path, request)
        } catch let error as any HomeCrewError {
            return .refused(path: path, error: error)
        } catch {
            return .refused(path: path, error: VaultError.cannotRead(path: path, reason: ErrorText.sentence(for: error)))
        }
    }

    private func ingestOrThrow(_ path: String, _ request: IngestRequest) throws -> IngestOutcome {
        let prepared = try prepare(path, request)
        defer { withExtendedLifetime(prepared.lock) {} }
        switch prepared.row {
        case .existing(let existing):
            return .alreadyPresent(existing, newlyLinked: try database.linkStaff(existing.id.rawValue, to: request.staff, within: request.reach))
        case .new(let filing):
            do {
                return .added(try database.addDocument(filing, within: request.reach))
            } catch {
                // Two files of one batch with the same bytes race to this point; the second finds the
                // first one's row (the unique index on household and object decided which) and links to it.
                guard let existing = try database.document(holding: filing.object.hash, in: request.household.id) else { throw error }
                return .alreadyPresent(existing, newlyLinked: try database.linkStaff(existing.id.rawValue, to: request.staff, within: request.reach))
            }
        }
    }

    /// A file made ready to record: its object durable in the store and read. `lock` keeps
    /// `vault gc` from the object until the row that needs it is written.
    struct Prepared {
        enum Row { case existing(Document), new(DocumentFiling) }
        let row: Row
        let lock: VaultLock
    }

    /// Everything short of the database write: checks, the object stored, its content read.
    func prepare(_ path: String, _ request: IngestRequest) throws -> Prepared {
        // A title that breaks the text rules is refused before any byte is stored.
        _ = try TextField.optional(request.title, field: "document title", kind: .title)
        let type = try MediaSniffer.detect(fileAt: path)
        if type == .other && !request.allowOther {
            let head = [UInt8]((FileManager.default.contents(atPath: path) ?? Data()).prefix(512))
            throw VaultError.unsupportedType(path: path, detected: MediaSniffer.describe(head))
        }
        let lock = try VaultLock(vaultDirectory: objects.root, mode: .shared)
        let stored = try request.adoptFile ? objects.adopt(fileAt: path) : objects.store(fileAt: path)
        // An adopted file now lives in the store under its hash.
        let source = request.adoptFile ? objects.path(for: stored.hash) : path
        // The same bytes filed in another household are filed anew here, sharing the object: only
        // this household's own document is "already present".
        if let existing = try database.document(holding: stored.hash, in: request.household.id) {
            return Prepared(row: .existing(existing), lock: lock)
        }
        let (object, pages, thumbnail, own) = try objectRecord(for: stored, type: type, path: source, request: request)
        let name = (path as NSString).lastPathComponent
        let document = Document(
            householdID: request.household.id, objectHash: stored.hash, kind: request.kind,
            title: request.title ?? Document.title(fromFileName: name), originalName: name,
            issuedOn: request.issuedOn, expiresOn: request.expiresOn)
        var filing = DocumentFiling(document: document, object: object, pages: pages, thumbnail: thumbnail, staff: request.staff)
        filing.own = own
        return Prepared(row: .new(filing), lock: lock)
    }

    /// The object's row: reused when the bytes were read before (by another household, or a
    /// removed document not yet collected), otherwise extracted now in the isolated worker. What
    /// an encrypted PDF gives only with its password is the filing household's own (`OwnExtraction`):
    /// the object keeps what its bytes give without it, and another household filing the same bytes
    /// reads them with its own password or not at all.
    func objectRecord(for stored: ObjectStore.Stored, type: MediaType, path: String, request: IngestRequest) throws
        -> (StoredObject, [PageText], StoredObject?, OwnExtraction?) {
        if let known = try database.storedObject(stored.hash) {
            let pages = try database.pages(of: stored.hash)
            if !request.reach.isEverything, type != .other, !(known.content.encrypted && request.password != nil),
               try !database.isHeld(stored.hash, within: request.reach) {
                // Read anyway, and the reading thrown away: a filing that skipped it would answer
                // sooner, and tell the uploader that a household out of their reach holds these bytes.
                _ = extractor.extract(path: path, type: type, password: request.password, ocrLanguages: request.ocrLanguages)
            }
            guard known.content.encrypted, request.password != nil else { return (known, pages, nil, nil) }
            let extraction = extractor.extract(path: path, type: type, password: request.password, ocrLanguages: request.ocrLanguages)
            return (known, pages, nil, OwnExtraction(extraction.content, thumbnail: try extraction.thumbnailPNG.map(storeThumbnail)))
        }
        let extraction = type == .other
            ? Extraction(content: ExtractedContent(status: .skipped, note: "not a type HomeCrew reads"))
            : extractor.extract(path: path, type: type, password: request.password, ocrLanguages: request.ocrLanguages)
        let thumbnail = try extraction.thumbnailPNG.map(storeThumbnail)
        if extraction.content.encrypted && request.password != nil {
            let object = StoredObject(hash: stored.hash, size: stored.size, mediaType: type, content: Self.withoutSecret(extraction.content))
            return (object, [], nil, OwnExtraction(extraction.content, thumbnail: thumbnail))
        }
        let object = StoredObject(hash: stored.hash, size: stored.size, mediaType: type,
                                  content: extraction.content, thumbnailHash: thumbnail?.hash)
        return (object, extraction.content.pages, thumbnail, nil)
    }

    /// An encrypted PDF's content as anyone without its password sees it.
    static func withoutSecret(_ content: ExtractedContent) -> ExtractedContent {
        var shared = ExtractedContent(status: .partial, note: "encrypted: add it again or reprocess it with --password to read its text",
                                      encrypted: true)
        (shared.pixelWidth, shared.pixelHeight, shared.orientation) = (content.pixelWidth, content.pixelHeight, content.orientation)
        return shared
    }

    func storeThumbnail(_ png: [UInt8]) throws -> StoredObject {
        let stored = try objects.store(bytes: png)
        return StoredObject(hash: stored.hash, size: stored.size, mediaType: .png,
                            content: ExtractedContent(status: .skipped, note: "thumbnail"))
    }

    /// Reads the object of a document again (after a crash, with a password, with OCR, with a
    /// newer HomeCrew) and replaces what was extracted, as the document's own: other households'
    /// documents of the same object keep what they had. Without OCR, text that OCR found before is kept.
    public func reprocess(_ details: DocumentDetails, password: String?, ocrLanguages: String?) throws -> ExtractedContent {
        let object = details.object
        let lock = try VaultLock(vaultDirectory: objects.root, mode: .shared)
        defer { withExtendedLifetime(lock) {} }
        guard objects.contains(object.hash) else { throw VaultError.missingObject(object.hash) }
        var extraction = extractor.extract(path: objects.path(for: object.hash), type: object.mediaType, password: password,
                                           ocrLanguages: ocrLanguages)
        if ocrLanguages == nil {
            let earlier = try database.pages(of: details.document).filter { $0.source == .ocr }
            for page in earlier where !extraction.content.pages.contains(where: { $0.number == page.number && !$0.text.isEmpty }) {
                extraction.content.pages.removeAll { $0.number == page.number }
                extraction.content.pages.append(page)
            }
            extraction.content.pages.sort { $0.number < $1.number }
        }
        let thumbnail = try extraction.thumbnailPNG.map(storeThumbnail)
        try database.replaceExtraction(of: details.document.id, with: OwnExtraction(extraction.content, thumbnail: thumbnail))
        return extraction.content
    }
}
