import Foundation
import HTTPTypes
import Hummingbird
import HomeCrewCore

/// What a request can do wrong, as the status and one sentence the page shows.
enum WebError: Error, CustomStringConvertible {
    /// Unknown, malformed or foreign ids, and paths that lead nowhere: one answer for all.
    case notFound
    case badRequest(String)
    /// A form without this session's CSRF token, or a request from another site.
    case forbidden(String)
    /// A Host header that is not this server's address (DNS rebinding).
    case foreignHost(String)
    case tooLarge(limit: Int64)
    /// An address (path and query) longer than `WebLimits.addressBytes`.
    case addressTooLong
    /// A body that arrives more slowly than any browser sends one: answered, then the connection
    /// is closed (`WebContext.hangUp`), as the rest of the body would take as long again.
    case tooSlow(String)

    var status: HTTPResponse.Status {
        switch self {
        case .notFound: return .notFound
        case .badRequest: return .badRequest
        case .forbidden: return .forbidden
        case .foreignHost: return .misdirectedRequest
        case .tooLarge: return .contentTooLarge
        case .addressTooLong: return .uriTooLong
        case .tooSlow: return .requestTimeout
        }
    }

    var description: String {
        switch self {
        case .notFound: return t("There is nothing here. The address may be mistyped, or what it named was removed.")
        case .badRequest(let why), .tooSlow(let why): return why
        case .forbidden(let why): return why
        case .foreignHost(let host): return t("This server answers only to its own address, not to \u{201C}{host}\u{201D}.", ["host": host])
        case .tooLarge(let limit): return t("What was sent is larger than the limit of {size}.", ["size": ByteCount.text(limit)])
        case .addressTooLong: return t("The address is longer than {size}; no page of this site needs one so long.", ["size": ByteCount.text(Int64(WebLimits.addressBytes))])
        }
    }

    /// The page status and sentence for any error a handler meets. Errors from the store and
    /// the domain keep their own sentence (the one the CLI prints).
    static func presentation(of error: any Error) -> (status: HTTPResponse.Status, message: String) {
        if let error = error as? WebError { return (error.status, error.description) }
        if let error = error as? any HomeCrewError {
            switch error.category {
            case .notFound: return (.notFound, WebError.notFound.description)
            case .usage, .invalidData: return (.unprocessableContent, DomainErrorText.message(error))
            case .busy, .unavailable: return (.serviceUnavailable, error.description)
            case .cannotCreate, .io, .denied, .internal: return (.internalServerError, error.description)
            }
        }
        return (.internalServerError, t("Something went wrong on the server: {reason}", ["reason": ErrorText.sentence(for: error)]))
    }
}

enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return String(format: "%.0f KB", Double(bytes) / Double(1 << 10)) }
        return tPlural("{count} byte", "{count} bytes", count: Int(clamping: bytes))
    }
}

/// Runs a form's change; when the store refuses it as invalid, shows the form's page again with
/// the store's own sentence (the one the CLI prints), status 422. Anything else is an error page.
func attempt(_ change: () throws -> Response, orShow page: (String) throws -> Response) throws -> Response {
    do {
        return try change()
    } catch {
        let (status, message) = WebError.presentation(of: error)
        guard status == .unprocessableContent else { throw error }
        var response = try page(message)
        response.status = status
        return response
    }
}
