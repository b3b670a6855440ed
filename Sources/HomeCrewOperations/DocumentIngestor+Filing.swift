import Foundation
import HomeCrewCore

extension DocumentIngestor {
    /// Files one file and returns its document's id: the existing document's when the same bytes
    /// are already filed. A refusal is thrown.
    func file(_ path: String, _ request: IngestRequest) throws -> String {
        switch ingest(path, request) {
        case .added(let details): return details.document.id.rawValue
        case .alreadyPresent(let document, _): return document.id.rawValue
        case .refused(_, let error): throw error
        }
    }

    /// Files a PDF HomeCrew drew itself (a receipt to sign, a settlement statement) under
    /// `fileName`, the name it keeps in the vault.
    func file(drawn bytes: [UInt8], named fileName: String, _ request: IngestRequest) throws -> String {
        try withDrawnFile(bytes, named: fileName) { try file($0, request) }
    }

    /// A drawn PDF made ready to record with what it belongs to (`prepare`).
    func prepare(drawn bytes: [UInt8], named fileName: String, _ request: IngestRequest) throws -> Prepared {
        try withDrawnFile(bytes, named: fileName) { try prepare($0, request) }
    }

    private func withDrawnFile<T>(_ bytes: [UInt8], named fileName: String, _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homecrew-drawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(fileName)
        try Data(bytes).write(to: path)
        return try body(path.path)
    }
}
