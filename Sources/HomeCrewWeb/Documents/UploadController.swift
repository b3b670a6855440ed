import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault
import Hummingbird

/// Uploading documents from a computer or a phone, through the same ingest as `doc add`.
struct UploadController: Sendable {
    let app: WebApp

    @Sendable func show(_ request: Request, _ context: WebContext) async throws -> Response {
        try page(context, choices: request.query, outcomes: nil, problem: nil)
    }

    @Sendable func receive(_ request: Request, _ context: WebContext) async throws -> Response {
        let (receiver, boundary) = try UploadReceiver.opening(request, app)
        defer { receiver.removeFolder() }
        let filing = UploadFiling(ingestor: app.ingestor)
        // The page's form sends its fields before its files, so each file can be filed as soon as
        // it has arrived. A title names one file only, so with a title filing waits for the end.
        var early: IngestRequest?
        receiver.onFileComplete = { index in
            if early == nil, receiver.fields["title"] == nil { early = try? self.request(receiver.fields, fileCount: nil, context) }
            if let early { filing.file(index, path: receiver.files[index].path, early) }
        }
        // The household is checked as soon as its field arrives, before any file is read: a
        // household outside reach is answered as if absent, and nothing more of the body is read.
        receiver.gate = ("household", { try context.authorize([RecordID(rawValue: $0)]) })
        var problem: (any Error)?
        do {
            try await receiver.receive(request.body, boundary: boundary)
        } catch let error as WebError where error.status == .notFound || error.status == .forbidden {
            throw error
        } catch {
            if let refused = error as? WebError, case .tooSlow = refused { context.hangUp() }
            problem = error
        }
        if problem == nil, early == nil, !receiver.files.isEmpty {
            do {
                let late = try self.request(receiver.fields, fileCount: receiver.files.count, context)
                for (index, file) in receiver.files.enumerated() where file.complete { filing.file(index, path: file.path, late) }
            } catch { problem = error }
        }
        let filed = try await filing.finish()
        if problem == nil, receiver.files.isEmpty { problem = FormProblem(description: t("Choose at least one file to upload.")) }
        let outcomes = receiver.files.enumerated().map { index, file in
            file.complete ? Self.outcome(file.originalName, filed[index])
                : FileOutcome(name: file.originalName, verdict: "refused", detail: t("the upload was cut off before this file ended"), documentID: nil)
        }
        guard let problem else { return try page(context, choices: receiver.fields, outcomes: outcomes, problem: nil) }
        let (status, message) = WebError.presentation(of: problem)
        // A refused body still lists what became of the files that had arrived whole before it.
        return try page(context, choices: receiver.fields, outcomes: filed.isEmpty ? nil : outcomes, problem: message, status: status)
    }

    struct FileOutcome: Sendable {
        let name: String
        let verdict: String
        let detail: String?
        let documentID: String?
    }

    /// What to file the upload's files as, from its form fields (the same checks `doc add` makes).
    private func request(_ fields: Form, fileCount: Int?, _ context: WebContext) throws -> IngestRequest {
        try context.authorize([RecordID(rawValue: fields.required("household", t("The household")))])
        let household = try app.database.householdSummary(id: RecordID(rawValue: fields.required("household", t("The household")))).household
        let kind = try fields["kind"].map(DocumentListing.kind) ?? .other
        var request = IngestRequest(household: household, staff: fields.all("staff"), kind: kind,
                                    title: fileCount == 1 ? fields["title"] : nil, issuedOn: try fields.optionalDate("issued"),
                                    expiresOn: try fields.optionalDate("expires"), allowOther: false,
                                    ocrLanguages: fields["ocr"] == "yes" ? try OCRLanguages.validate(app.database.setting(.ocrLanguages)) : nil)
        if let issued = request.issuedOn, let expires = request.expiresOn, expires < issued {
            throw RuleViolation.expiresBeforeIssued(issued: issued, expires: expires)
        }
        // The received files are already in the vault's tmp/: they are moved into the store, not copied.
        request.adoptFile = true
        request.reach = context.reach
        return request
    }

    static func outcome(_ name: String, _ outcome: IngestOutcome?) -> FileOutcome {
        switch outcome {
        case .added(let details):
            let content = details.object.content
            return content.status == .complete
                ? FileOutcome(name: name, verdict: "added", detail: nil, documentID: details.document.id.rawValue)
                : FileOutcome(name: name, verdict: "stored with a warning", detail: content.note ?? DocumentWords.status(content.status),
                              documentID: details.document.id.rawValue)
        case .alreadyPresent(let document, _):
            return FileOutcome(name: name, verdict: "already present", detail: document.title, documentID: document.id.rawValue)
        case .refused(let path, let error):
            // The sentence names the file by the server's own path (the CLI's), which is not the person's business.
            return FileOutcome(name: name, verdict: "refused", detail: error.description.replacingOccurrences(of: path, with: name), documentID: nil)
        case nil:
            return FileOutcome(name: name, verdict: "refused", detail: t("it was not read"), documentID: nil)
        }
    }
}
