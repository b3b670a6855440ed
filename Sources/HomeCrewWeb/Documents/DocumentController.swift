import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault
import Hummingbird

/// A document: preview, original, text of each page, linked staff, edit, reprocess, remove.
struct DocumentController: Sendable {
    let app: WebApp

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        try DocumentPage(app: app, details: details(context), session: context.session, problem: nil).render()
    }

    /// The original, with the type HomeCrew detected: PDFs and images inline, anything else as a download.
    @Sendable func original(_ request: Request, _ context: WebContext) async throws -> Response {
        try await serveOriginal(try details(context), context, inline: true)
    }

    @Sendable func download(_ request: Request, _ context: WebContext) async throws -> Response {
        try await serveOriginal(try details(context), context, inline: false)
    }

    /// Thumbnails never change (the name is the hash): cached for good, 304 on revalidation.
    @Sendable func thumbnail(_ request: Request, _ context: WebContext) async throws -> Response {
        let hash = try context.objectHash("hash")
        let tag = "\"\(hash)\""
        if request.headers[.ifNoneMatch] == tag {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: "private, max-age=31536000, immutable"])
        }
        // Thumbnails are PNG objects; any other hash (or none) is not found.
        guard try app.database.mediaType(ofObject: hash) == .png else { throw WebError.notFound }
        // A thumbnail is a few kilobytes, read at once: no trip through the file-I/O thread pool.
        let bytes = try app.objects.read(hash)
        return Response(status: .ok, headers: [.contentType: "image/png", .eTag: tag,
                                               .cacheControl: "private, max-age=31536000, immutable"],
                        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    @Sendable func edit(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            var changes = DocumentChanges()
            changes.title = form["title"]
            changes.kind = try form["kind"].map(DocumentListing.kind)
            changes.number = form["number"]
            changes.clearNumber = form["number"] == nil
            changes.issuedOn = try form.optionalDate("issued")
            changes.expiresOn = try form.optionalDate("expires")
            changes.clearIssuedOn = form["issued"] == nil
            changes.clearExpiresOn = form["expires"] == nil
            _ = try app.database.editDocument(id, changes)
        }
    }

    @Sendable func link(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in
            // Looked for among the person's households only: a name elsewhere is "not found", not "works for …".
            let staff = try app.database.findStaff(form.required("staff", t("The staff member")), within: context.reach)
            _ = try app.database.linkStaff(id, to: [staff.member.id.rawValue], within: context.reach)
        }
    }

    @Sendable func unlink(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        try change(context) { id in _ = try app.database.unlinkStaff(id, from: form.required("staff", t("The staff member")), within: context.reach) }
    }

    /// Applies one fact the document's text gives (the `field` of the form); `overwrite=yes`
    /// replaces a value a person gave.
    @Sendable func applyFact(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        guard let field = form["field"].flatMap(FactField.init(rawValue:)) else {
            throw WebError.badRequest(t("Say which fact to apply: one of {fields}.", ["fields": FactField.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        let suggestions = DocumentSuggestions.web(database: app.database, today: app.today, people: WebLimits.staffChoices)
        return try change(context) { id in
            _ = try suggestions.apply(document: id, only: [field], overwrite: form["overwrite"] == "yes", within: context.reach)
        }
    }

    @Sendable func reprocess(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let current = try details(context)
        let app = self.app
        let languages = form["ocr"] == "yes" ? try OCRLanguages.validate(app.database.setting(.ocrLanguages)) : nil
        let password = form.fields["password"]?.first.flatMap { $0.isEmpty ? nil : $0 }
        let owner = current.document.householdID.rawValue  // the workers are shared fairly between households
        _ = try await offload { try ExtractionOwner.$current.withValue(owner) { try app.ingestor.reprocess(current, password: password, ocrLanguages: languages) } }
        return Redirect.to("/documents/\(current.document.id.rawValue)")
    }

    @Sendable func remove(_ request: Request, _ context: WebContext, _ form: Form) async throws -> Response {
        let current = try details(context)
        _ = try app.database.removeDocument(current.document.id.rawValue)
        return Redirect.to("/households/\(current.household.id.rawValue)")
    }

    private func details(_ context: WebContext) throws -> DocumentDetails {
        try app.database.findDocument(context.recordID("id"))
    }

    private func change(_ context: WebContext, _ work: (String) throws -> Void) throws -> Response {
        let current = try details(context)
        return try attempt({
            try work(current.document.id.rawValue)
            return Redirect.to("/documents/\(current.document.id.rawValue)")
        }, orShow: { try DocumentPage(app: app, details: details(context), session: context.session, problem: $0).render() })
    }

    private func serveOriginal(_ details: DocumentDetails, _ context: WebContext, inline: Bool) async throws -> Response {
        let type = details.object.mediaType
        let shownInline = inline && (type == .pdf || type.isImage)
        let body = try await FileIO().loadFile(path: app.objects.path(for: details.object.hash), context: context,
                                               chunkLength: WebLimits.downloadPieceBytes).paced(on: context.eventLoop)
        var headers: HTTPFields = [.contentType: type.rawValue,
                                   .contentDisposition: ContentDisposition.value(inline: shownInline, fileName: type.fileName(from: details.document.originalName))]
        // The original is someone's file: it may show itself, never run anything against this site.
        headers[.contentSecurityPolicy] = type == .pdf ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
            : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox"
        headers[.cacheControl] = "private, no-cache"
        return Response(status: .ok, headers: headers, body: body)
    }
}

/// `Content-Disposition` with the original file name kept (RFC 6266: an ASCII fall-back and a UTF-8 `filename*`).
enum ContentDisposition {
    static func value(inline: Bool, fileName: String) -> String {
        // A saved file's name must not read backwards either: "[U+202E]fdp.exe", not "exe.pdf".
        let cleaned = String(String.UnicodeScalarView(Visible.text(fileName).unicodeScalars.filter {
            $0.value >= 0x20 && $0.value != 0x7F && $0 != "/" && $0 != "\\"
        }))
        let name = cleaned.isEmpty ? "document" : cleaned
        let ascii = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "%" && $0 != ";" ? Character($0) : "_" })
        return "\(inline ? "inline" : "attachment"); filename=\"\(ascii)\"; filename*=UTF-8''\(URLComponent.encode(name))"
    }
}
