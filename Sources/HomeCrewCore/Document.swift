import Foundation

/// What a stored file is, decided from its bytes, never its name.
public enum MediaType: String, CaseIterable, Sendable, Codable {
    case pdf = "application/pdf"
    case jpeg = "image/jpeg"
    case png = "image/png"
    case heic = "image/heic"
    /// Any other file, kept only when the user asks (`--allow-other`): no text, no thumbnail.
    case other = "application/octet-stream"

    public var shortName: String {
        switch self {
        case .pdf: return "PDF"
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .heic: return "HEIC"
        case .other: return "other"
        }
    }

    public var isImage: Bool { self == .jpeg || self == .png || self == .heic }

    /// The file name extensions of the type, the usual one first; none for `other`.
    public var fileExtensions: [String] {
        switch self {
        case .pdf: return ["pdf"]
        case .jpeg: return ["jpg", "jpeg"]
        case .png: return ["png"]
        case .heic: return ["heic", "heif"]
        case .other: return []
        }
    }

    /// A file name that says what the file is: the extension of the detected type replaces one
    /// that claims another (`invoice.exe` stored as a PDF is `invoice.pdf`). An `other` file keeps its name.
    public func fileName(from name: String) -> String {
        guard let usual = fileExtensions.first else { return name }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let given = dot.map { name[name.index(after: $0)...].lowercased() }
        if let given, fileExtensions.contains(given) { return name }
        return (stem.isEmpty ? "document" : stem) + "." + usual
    }
}

/// What a document is to the household.
public enum DocumentKind: String, CaseIterable, Sendable, Codable {
    case contract, id, passport, visa, permit, payslip, certificate, medical, other
}

/// A document: one stored file, filed under a household and linked to some of its staff.
public struct Document: Identifiable, Hashable, Sendable {
    public var id: RecordID
    public var householdID: RecordID
    /// The SHA-256 of the file's bytes: the name of its object in the vault.
    public var objectHash: String
    public var kind: DocumentKind
    public var title: String
    /// The file's name when it was added (shown, never used to decide anything).
    public var originalName: String
    /// The number the paper carries (a passport's, a visa's), as a person typed or applied it.
    public var number: String?
    public var issuedOn: CalendarDate?
    public var expiresOn: CalendarDate?
    public var addedAt: Date

    public init(
        id: RecordID = .random(), householdID: RecordID, objectHash: String, kind: DocumentKind, title: String,
        originalName: String, number: String? = nil, issuedOn: CalendarDate? = nil, expiresOn: CalendarDate? = nil,
        addedAt: Date = Date()
    ) {
        self.id = id
        self.householdID = householdID
        self.objectHash = objectHash
        self.kind = kind
        self.title = title
        self.originalName = originalName
        self.number = number
        self.issuedOn = issuedOn
        self.expiresOn = expiresOn
        self.addedAt = addedAt
    }

    public func validated() throws(RuleViolation) -> Document {
        var copy = self
        copy.title = try TextField.required(title, field: "document title", kind: .title)
        copy.number = try TextField.optional(number, field: "document number", kind: .number)
        if let issuedOn, let expiresOn, expiresOn < issuedOn {
            throw .expiresBeforeIssued(issued: issuedOn, expires: expiresOn)
        }
        return copy
    }

    /// The title a file is given when none is: its name without the extension, with any
    /// control or text-direction character written out (`[U+202E]`) and cut to a title's length.
    public static func title(fromFileName name: String) -> String {
        let visible = Visible.text((name as NSString).deletingPathExtension)
        let cut = String(String.UnicodeScalarView(visible.unicodeScalars.prefix(TextField.Kind.title.limit)))
        return cut.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Untitled" : cut
    }

    /// Days from `asOf` until the document expires (negative once expired), or nil.
    public func daysUntilExpiry(asOf: CalendarDate) -> Int? {
        expiresOn.map { asOf.days(until: $0) }
    }
}

/// How far extracting a file's content got.
public enum ExtractionStatus: String, Sendable, Codable {
    /// Everything that applies was extracted.
    case complete
    /// Some of it: an encrypted PDF without its password, a damaged file read in part.
    case partial
    /// Nothing could be read; the file is stored all the same.
    case failed
    /// Not attempted: a type HomeCrew does not read, or a thumbnail object.
    case skipped
}

/// Where a page's text came from.
public enum TextSource: String, Sendable, Codable {
    case pdfText = "pdf-text"
    case ocr
    case none
}

/// What was read from a file: kept per object, so the same bytes are never processed twice.
public struct ExtractedContent: Hashable, Sendable, Codable {
    public var status: ExtractionStatus
    /// Why the status is not `complete`, in words a person understands.
    public var note: String?
    public var pageCount: Int?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// EXIF orientation 1–8 as found in the file (already applied to the thumbnail).
    public var orientation: Int?
    public var metadataTitle: String?
    public var metadataAuthor: String?
    /// The creation date the file claims, as ISO 8601 text.
    public var metadataCreated: String?
    public var encrypted: Bool
    /// Text per page, page 1 first (PDFs; images have one page once OCR runs).
    public var pages: [PageText]

    public init(status: ExtractionStatus, note: String? = nil, pageCount: Int? = nil, pixelWidth: Int? = nil,
                pixelHeight: Int? = nil, orientation: Int? = nil, metadataTitle: String? = nil,
                metadataAuthor: String? = nil, metadataCreated: String? = nil, encrypted: Bool = false,
                pages: [PageText] = []) {
        self.status = status
        self.note = note
        self.pageCount = pageCount
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.metadataTitle = metadataTitle
        self.metadataAuthor = metadataAuthor
        self.metadataCreated = metadataCreated
        self.encrypted = encrypted
        self.pages = pages
    }

    public static func failed(_ reason: String) -> ExtractedContent {
        ExtractedContent(status: .failed, note: reason)
    }
}

public struct PageText: Hashable, Sendable, Codable {
    public var number: Int
    public var text: String
    public var source: TextSource

    public init(number: Int, text: String, source: TextSource) {
        self.number = number
        self.text = text
        self.source = source
    }
}

extension PageText {
    /// Every page from 1 to `pageCount`, with the pages that have no stored text shown as `.none`
    /// (an image added with `--no-ocr`, a PDF page without a text layer).
    public static func everyPage(_ stored: [PageText], pageCount: Int?) -> [PageText] {
        let byNumber = Dictionary(stored.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let count = max(pageCount ?? 0, stored.map(\.number).max() ?? 0)
        guard count > 0 else { return [] }
        return (1...count).map { byNumber[$0] ?? PageText(number: $0, text: "", source: .none) }
    }
}
