import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore

enum DocumentPresenter {
    /// "PDF, 3 pages", "JPEG, 1800×1200" (as displayed, after EXIF orientation), "other, 6 bytes".
    static func summary(_ object: StoredObject) -> String {
        let content = object.content
        switch object.mediaType {
        case .pdf:
            guard let pages = content.pageCount else { return "PDF" }
            return "PDF, \(pages) page\(pages == 1 ? "" : "s")"
        case .jpeg, .png, .heic:
            guard let width = content.pixelWidth, let height = content.pixelHeight else { return object.mediaType.shortName }
            let turned = (content.orientation ?? 1) >= 5
            return "\(object.mediaType.shortName), \(turned ? height : width)×\(turned ? width : height)"
        case .other:
            return "other, \(object.size) bytes"
        }
    }

    static func json(_ details: DocumentDetails, pages: [PageText]? = nil) -> JSON {
        let document = details.document, object = details.object, content = object.content
        var members: [String: JSON] = [
            "id": .string(document.id.rawValue),
            "household": .object(["id": .string(details.household.id.rawValue), "name": .string(details.household.name)]),
            "title": .string(document.title),
            "kind": .string(document.kind.rawValue),
            "original_name": .string(document.originalName),
            "number": .optional(document.number),
            "issued_on": .optional(document.issuedOn?.description),
            "expires_on": .optional(document.expiresOn?.description),
            "added_at": .string(ISO8601DateFormatter().string(from: document.addedAt)),
            "sha256": .string(object.hash),
            "size": .int(Int(object.size)),
            "media_type": .string(object.mediaType.rawValue),
            "page_count": content.pageCount.map(JSON.int) ?? .null,
            "pixel_width": content.pixelWidth.map(JSON.int) ?? .null,
            "pixel_height": content.pixelHeight.map(JSON.int) ?? .null,
            "orientation": content.orientation.map(JSON.int) ?? .null,
            "encrypted": .bool(content.encrypted),
            "extraction": .object(["status": .string(content.status.rawValue), "note": .optional(content.note)]),
            "metadata": .object(["title": .optional(content.metadataTitle), "author": .optional(content.metadataAuthor),
                                 "created": .optional(content.metadataCreated)]),
            "thumbnail_sha256": .optional(object.thumbnailHash),
            "staff": .array(details.staff.map { .object(["id": .string($0.id.rawValue), "legal_name": .string($0.legalName)]) }),
        ]
        if let pages {
            members["pages"] = .array(pages.map {
                .object(["number": .int($0.number), "source": .string($0.source.rawValue), "characters": .int($0.text.count)])
            })
        }
        return .object(members)
    }

    static func table(_ documents: [DocumentDetails], asOf: CalendarDate, showHousehold: Bool) -> RecordTable {
        var headers = ["ID", "KIND", "TITLE", "STAFF", "TYPE", "EXPIRES", "STATUS"]
        if showHousehold { headers.insert("HOUSEHOLD", at: 1) }
        var table = RecordTable(headers: headers)
        for details in documents {
            let document = details.document
            var expires = document.expiresOn?.description ?? ""
            if let days = document.daysUntilExpiry(asOf: asOf) {
                expires += days < 0 ? " (expired)" : " (\(days) d)"
            }
            var row = [document.id.short, document.kind.rawValue, document.title,
                       details.staff.map(\.displayName).joined(separator: ", "), summary(details.object), expires,
                       details.object.content.status.rawValue]
            if showHousehold { row.insert(details.household.name, at: 1) }
            table.append(row)
        }
        return table
    }

    /// Why listed documents were not read completely: one line per distinct reason, naming the
    /// documents, for standard error under a table (whose STATUS column says only "failed").
    static func unreadReasons(_ documents: [DocumentDetails]) -> [String] {
        var reasons: [String: [String]] = [:], order: [String] = []
        for details in documents {
            let content = details.object.content
            guard content.status == .failed || content.status == .partial, let note = content.note else { continue }
            let reason = "\(content.status.rawValue): \(note)"
            if reasons[reason] == nil { order.append(reason) }
            reasons[reason, default: []].append(details.document.id.short)
        }
        return order.map { "\(reasons[$0, default: []].joined(separator: ", ")) \($0)" }
    }

    static func csv(_ documents: [DocumentDetails]) -> RecordTable {
        var table = RecordTable(headers: ["id", "household", "kind", "title", "staff", "media_type", "pages", "issued_on",
                                          "expires_on", "extraction_status", "sha256", "original_name"])
        for details in documents {
            let document = details.document
            table.append([document.id.rawValue, details.household.name, document.kind.rawValue, document.title,
                          details.staff.map(\.legalName).joined(separator: "; "), details.object.mediaType.rawValue,
                          details.object.content.pageCount.map(String.init) ?? "", document.issuedOn?.description ?? "",
                          document.expiresOn?.description ?? "", details.object.content.status.rawValue,
                          details.object.hash, document.originalName])
        }
        return table
    }

    static func outcomeJSON(_ outcome: IngestOutcome) -> JSON {
        switch outcome {
        case .added(let details):
            return .object(["outcome": .string("added"), "document": json(details)])
        case .alreadyPresent(let document, let linked):
            return .object(["outcome": .string("already-present"), "id": .string(document.id.rawValue),
                            "newly_linked": .array(linked.map { .string($0.id.rawValue) })])
        case .refused(let path, let error):
            return .object(["outcome": .string("refused"), "path": .string(path), "reason": .string(error.description)])
        }
    }

    static func outcomeTable(_ outcomes: [IngestOutcome]) -> RecordTable {
        var table = RecordTable(headers: ["outcome", "id", "file", "note"])
        for outcome in outcomes {
            switch outcome {
            case .added(let details):
                table.append(["added", details.document.id.rawValue, details.document.originalName, details.object.content.note ?? ""])
            case .alreadyPresent(let document, _):
                table.append(["already-present", document.id.rawValue, document.originalName, ""])
            case .refused(let path, let error):
                table.append(["refused", "", path, error.description])
            }
        }
        return table
    }
}
