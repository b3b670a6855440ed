import Hummingbird

/// Sets each request's `WebText.current` from the browser's `Accept-Language` (else English);
/// `SiteGuard` narrows it to the signed-in account's own choice once the session is known.
/// Outside `ErrorPages`, so that error pages speak the browser's language too.
struct PageLanguage: RouterMiddleware {
    typealias Context = WebContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let tag = Self.preferred(request.headers[.acceptLanguage])
        return try await WebText.$current.withValue(WebText(language: tag)) { try await next(request, context) }
    }

    /// Bytes of the header read, and ranges weighed: a browser sends a few dozen bytes; a longer
    /// header is read no further (no work grows with what a stranger sends).
    static let headerBytes = 512
    static let ranges = 16

    /// The first language of ours the browser asks for, by its q-values (equal ones in the order
    /// given); English when it names none of ours.
    static func preferred(_ header: String?) -> String {
        guard let header else { return "en" }
        let read = header.utf8.prefix(headerBytes)
        let weighed = Substring(decoding: read, as: UTF8.self).split(separator: ",", maxSplits: ranges, omittingEmptySubsequences: true)
            .prefix(ranges).enumerated().compactMap { index, range -> (tag: String, q: Double, index: Int)? in
                let parts = range.split(separator: ";")
                guard let first = parts.first, let tag = ours(String(first)) else { return nil }
                var q = 1.0
                for parameter in parts.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
                    guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                    guard pair[1].count <= 5, let value = Double(pair[1]), (0...1).contains(value) else { return nil }
                    q = value
                }
                return q > 0 ? (tag, q, index) : nil
            }
        return weighed.min { ($0.q, -$0.index) > ($1.q, -$1.index) }?.tag ?? "en"
    }

    /// A language range as one of our tags: zh-TW, zh-HK and zh-Hant… read Traditional Chinese,
    /// tl is Filipino's older code and in Indonesian's; other Chinese, and anything else, none.
    static func ours(_ range: String) -> String? {
        let subtags = range.trimmingSpaces.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, primary.count <= 8 else { return nil }
        switch primary {
        case "zh":
            let rest = Set(subtags.dropFirst().map(String.init))
            return rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) ? nil : "zh-Hant"
        case "fil", "tl": return "fil"
        case "in", "id": return "id"
        default:
            return WebText.languages.first { $0.tag == primary }?.tag
        }
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
