import Foundation

/// Where a restic repository is, as HomeCrew stores, prints and shows it: with every credential
/// the forms restic and rclone accept can carry removed. The one place that knows them, used for
/// the database (`BackupRun`), standard error, error messages and pages alike.
///
/// - a URL's user and password: `rest:https://user:pass@host/`, `s3:https://KEY:SECRET@host/b`
///   become `rest:https://***@host/`;
/// - `user:password@host` without `//` (`sftp:user:pass@host:/srv`); a user alone stays;
/// - a URL's query string (`?X-Amz-Signature=…`) becomes `?***`;
/// - rclone's connection strings: the value of every parameter whose name says it is a secret
///   (`rclone::s3,access_key_id=…,secret_access_key=…:bucket`, `pass`, `password`, `token`, `key`,
///   `client_secret`, `sas_url`, `account_key`, `bearer_token`, …), quoted or not, becomes `***`;
/// - control and text-direction characters become `?`.
public enum RepositoryLocation {
    public static func redacted(_ location: String) -> String {
        var text = location
        if let scheme = text.range(of: "://") {
            // A password may itself hold "/", "#" or "?": everything up to the last "@" goes.
            let rest = text[scheme.upperBound...]
            if let at = rest.lastIndex(of: "@") { text = String(text[..<scheme.upperBound]) + "***" + String(rest[at...]) }
        } else if let at = text.lastIndex(of: "@") {
            let backend = backendPrefix(of: text)
            let user = text[backend..<at]
            if user.contains(":") { text = String(text[..<backend]) + "***" + String(text[at...]) }
        }
        text = harmless(redactedParameters(text))
        // A query string is a URL's (a "?" in a local folder's name is no secret); shown as
        // control characters become "?", so that redacting again changes nothing.
        let local = backendPrefix(of: text) == text.startIndex || text.hasPrefix("local:")
        if !local || text.contains("://"), let query = text.firstIndex(of: "?") { text = String(text[..<query]) + "?***" }
        return text
    }

    /// Any text that may hold a location (an error message, a line restic printed): a URL's user
    /// and password and rclone's secret parameters removed, wherever they are in it.
    public static func redactedText(_ text: String) -> String {
        let withoutUsers = text.replacingOccurrences(of: #"([A-Za-z][A-Za-z0-9+.-]*://)[^/\s@"']+@"#, with: "$1***@", options: .regularExpression)
        return redactedParameters(withoutUsers)
    }

    /// The credentials a location holds, and their pieces: what must never appear in a line shown.
    public static func secrets(of location: String) -> [String] {
        var parts: [Substring] = []
        let start = location.range(of: "://")?.upperBound ?? backendPrefix(of: location)
        let rest = location[start...]
        if let at = rest.lastIndex(of: "@"), location.contains("://") || rest[..<at].contains(":") {
            parts += rest[..<at].split(separator: ":", maxSplits: 1)
        }
        if let query = rest.firstIndex(of: "?") { parts.append(rest[rest.index(after: query)...]) }
        parts += secretValues(location)
        let pieces = parts.flatMap { part in [part] + part.split(whereSeparator: { "/#?&=,".contains($0) }) }
        // Longest first, so that a piece inside another does not leave the rest of it behind.
        return Set(pieces.map(String.init).filter { $0.count >= 3 }).sorted { $0.count > $1.count }
    }

    /// `name=value` where the name holds a word that makes its value a secret (rclone's and the
    /// clouds' own names); the value quoted ("…" or '…', a quote doubled inside) or up to the next
    /// `,`, `:`, `&`, blank or quote.
    static let secretParameter = #"(?i)(?<![A-Za-z0-9_-])([A-Za-z0-9_-]*(?:pass|secret|token|key|sas|credential|auth|cookie|session|private|bearer|signature|account|salt)[A-Za-z0-9_-]*)=("(?:[^"]|"")*"?|'(?:[^']|'')*'?|[^,:&\s"']*)"#

    static func redactedParameters(_ text: String) -> String {
        text.replacingOccurrences(of: secretParameter, with: "$1=***", options: .regularExpression)
    }

    /// The values of `secretParameter`s in `text`, without their quotes.
    static func secretValues(_ text: String) -> [Substring] {
        guard let expression = try? NSRegularExpression(pattern: secretParameter) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 2), in: text).map { text[$0] }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))[...] }
        }
    }

    /// restic's backends: a location starting `NAME:` with one of them is not a local path.
    public static let backends = ["local", "sftp", "rest", "s3", "b2", "azure", "gs", "swift", "rclone"]

    /// Where a location's own part starts: after `sftp:`, `s3:`, `rclone:`… (at the start for a path).
    static func backendPrefix(of location: String) -> String.Index {
        guard let colon = location.firstIndex(of: ":") else { return location.startIndex }
        return backends.contains(String(location[..<colon])) ? location.index(after: colon) : location.startIndex
    }

    /// Control characters (C0, C1) and format characters (text direction, zero width) as "?".
    public static func harmless(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return "?"
            default: return scalar
            }
        }))
    }
}
