import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault
import Hummingbird

extension WebContext {
    /// A record id from the path: exactly an id's shape (12 lowercase hex digits), else the
    /// page does not exist. Names and prefixes, which the CLI accepts, are not ids here.
    func recordID(_ name: String) throws -> String {
        guard let value = parameters.get(name), value.count == RecordID.length,
              value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { throw WebError.notFound }
        return value
    }

    /// A SHA-256 from the path (64 lowercase hex digits), else not found.
    func objectHash(_ name: String) throws -> String {
        guard let value = parameters.get(name), ObjectStore.isObjectName(value) else { throw WebError.notFound }
        return value
    }
}

extension Request {
    var query: Form { Form(encoded: uri.query ?? "") }
}

extension Form {
    /// The household a page is narrowed to (`household=ID`): a household within the person's reach,
    /// else not found, as if it did not exist; nil when none is chosen.
    func household(within reach: Reach, _ database: AppDatabase) throws -> RecordID? {
        guard let id = self["household"].map(RecordID.init(rawValue:)) else { return nil }
        guard reach.includes(id) else { throw WebError.notFound }
        return try database.householdSummary(id: id).household.id
    }
}

/// A report as a CSV file: the command line's `--format csv` columns (`ReportTables`).
enum CSVDownload {
    static func response(_ table: RecordTable, fileName: String) -> Response {
        Response(status: .ok, headers: [
            .contentType: "text/csv; charset=utf-8",
            .contentDisposition: ContentDisposition.value(inline: false, fileName: fileName),
        ], body: .init(byteBuffer: ByteBuffer(string: table.csv())))
    }

    /// The link to a page's CSV: the same query, the path with `.csv`.
    static func link(_ path: String, _ query: [(String, String?)]) -> HTML {
        let encoded = query.compactMap { name, value in value.map { "\(name)=\(URLComponent.encode($0))" } }.joined(separator: "&")
        return "<p><a href=\"\(path).csv\(encoded.isEmpty ? "" : "?" + encoded)\" download>\(t("Download as CSV"))</a></p>"
    }
}
