import HomeCrewCore
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
        guard let value = parameters.get(name), value.count == 64,
              value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { throw WebError.notFound }
        return value
    }
}

extension Request {
    var query: Form { Form(encoded: uri.query ?? "") }
}
