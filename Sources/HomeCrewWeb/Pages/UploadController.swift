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
        if let length = request.headers[.contentLength].flatMap(Int64.init), length > app.uploadLimit {
            throw WebError.tooLarge(limit: app.uploadLimit)
        }
        guard let boundary = UploadReceiver.boundary(of: request.headers[.contentType]) else {
            throw WebError.badRequest("An upload must be sent as a multipart form (the page's own form does that).")
        }
        let receiver = try UploadReceiver(objects: app.objects, limit: app.uploadLimit)
        defer { receiver.removeFolder() }
        try await receiver.receive(request.body, boundary: boundary)
        let fields = receiver.fields
        let outcomes: [FileOutcome]
        do {
            outcomes = try await ingest(receiver.files, fields)
        } catch {
            return try page(context, choices: fields, outcomes: nil, problem: WebError.presentation(of: error).message, status: .unprocessableContent)
        }
        return try page(context, choices: fields, outcomes: outcomes, problem: nil)
    }

    struct FileOutcome: Sendable {
        let name: String
        let verdict: String
        let detail: String?
        let documentID: String?
    }

    private func ingest(_ files: [UploadReceiver.ReceivedFile], _ fields: Form) async throws -> [FileOutcome] {
        guard !files.isEmpty else { throw FormProblem(description: "Choose at least one file to upload.") }
        let household = try app.database.householdSummary(id: RecordID(rawValue: fields.required("household", "The household"))).household
        let kind = try fields["kind"].map { guard let kind = DocumentKind(rawValue: $0) else { throw FormProblem(description: "unknown kind") }; return kind } ?? .other
        let request = IngestRequest(household: household, staff: fields.all("staff"), kind: kind,
                                    title: files.count == 1 ? fields["title"] : nil, issuedOn: nil,
                                    expiresOn: try fields.optionalDate("expires"), allowOther: false,
                                    ocrLanguages: fields["ocr"] == "yes" ? try OCRLanguages.validate(app.database.setting(.ocrLanguages)) : nil)
        let complete = files.filter(\.complete)
        let ingestor = app.ingestor
        let results = try await offload { () -> [IngestOutcome?] in
            let collected = Collected(count: complete.count)
            ingestor.ingest(complete.map(\.path), request) { index, outcome in collected.set(index, outcome) }
            return collected.values
        }
        var outcomes: [FileOutcome] = []
        var index = 0
        for file in files {
            guard file.complete else {
                outcomes.append(FileOutcome(name: file.originalName, verdict: "refused", detail: "the upload was cut off before this file ended", documentID: nil))
                continue
            }
            outcomes.append(Self.outcome(file.originalName, results[index]))
            index += 1
        }
        return outcomes
    }

    static func outcome(_ name: String, _ outcome: IngestOutcome?) -> FileOutcome {
        switch outcome {
        case .added(let details):
            let content = details.object.content
            return content.status == .complete
                ? FileOutcome(name: name, verdict: "added", detail: nil, documentID: details.document.id.rawValue)
                : FileOutcome(name: name, verdict: "stored with a warning", detail: content.note ?? content.status.rawValue,
                              documentID: details.document.id.rawValue)
        case .alreadyPresent(let document, _):
            return FileOutcome(name: name, verdict: "already present", detail: document.title, documentID: document.id.rawValue)
        case .refused(_, let error):
            return FileOutcome(name: name, verdict: "refused", detail: error.description, documentID: nil)
        case nil:
            return FileOutcome(name: name, verdict: "refused", detail: "it was not read", documentID: nil)
        }
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [IngestOutcome?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ outcome: IngestOutcome) { lock.withLock { slots[index] = outcome } }
        var values: [IngestOutcome?] { lock.withLock { slots } }
    }
}
