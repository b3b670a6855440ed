import Foundation

/// Where a restic repository is, as HomeCrew stores, prints and shows it: with every credential
/// the forms restic and rclone accept can carry removed. The one place that knows them, used for
/// the database (`BackupRun`), standard error, error messages and pages alike.
///
/// - a URL's user and password: `rest:https://user:pass@host/`, `s3:https://KEY:SECRET@host/b`
///   become `rest:https://***@host/`;
/// - `user:password@host` without `//` (`sftp:user:pass@host:/srv`); a user alone stays;
/// - a URL's query string (`?X-Amz-Signature=…`) becomes `?***`;
/// - an rclone connection string (`rclone::s3,provider=AWS,access_key_id=…:bucket`), read as rclone
///   reads it: the value of every parameter but `shownRcloneParameters` becomes `***` (a nested
///   remote too, whole);
/// - control and text-direction characters become `?`.
public enum RepositoryLocation {
    public static func redacted(_ location: String) -> String {
        // Control characters are "?" first, so that redacting again changes nothing.
        parts(of: harmless(location)).map { $0.secret == nil ? String($0.text) : "***" }.joined()
    }

    /// Any text that may hold a location (an error message, a line restic printed): a URL's user
    /// and password and rclone's connection strings' parameters removed, wherever they are in it.
    public static func redactedText(_ text: String) -> String {
        let withoutUsers = text.replacingOccurrences(of: #"([A-Za-z][A-Za-z0-9+.-]*://)[^/\s@"']+@"#, with: "$1***@", options: .regularExpression)
        return redactedWords(redactedConnectionStrings(in: withoutUsers))
    }

    /// The credentials a location holds, and what must never appear in a line shown. `whole`: each
    /// credential as given, as rclone reads it and as rclone writes it back; `pieces`: the parts of
    /// a URL's user, password and query between separators, which restic may echo cut up (it
    /// splits a URL its own way: at `#`, a quote, a blank…).
    public static func credentials(of location: String) -> (whole: [String], pieces: [String]) {
        var whole: Set<String> = [], pieces: Set<String> = []
        for part in parts(of: location) {
            switch part.secret {
            case nil: continue
            case .urlPart:
                let decoded = part.text.removingPercentEncoding ?? ""
                whole.formUnion([String(part.text), decoded])
                for text in [String(part.text), decoded] {
                    pieces.formUnion(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
                }
            case .rcloneValue(let value):
                // rclone writes a value back quoted, its quotes doubled; a nested remote's own secrets too.
                whole.formUnion([String(part.text), value, value.replacingOccurrences(of: "'", with: "''"),
                                 value.replacingOccurrences(of: "\"", with: "\"\"")])
                whole.formUnion(credentials(of: "rclone:" + value).whole)
            case .unparsed:
                whole.insert(String(part.text))
            }
        }
        func longestFirst(_ texts: Set<String>) -> [String] { texts.filter { $0.count >= 3 }.sorted { $0.count > $1.count } }
        return (longestFirst(whole), longestFirst(pieces.subtracting(whole)))
    }

    /// Every credential a location holds and its pieces, longest first (`credentials(of:)`).
    public static func secrets(of location: String) -> [String] {
        let found = credentials(of: location)
        return (found.whole + found.pieces).sorted { $0.count > $1.count }
    }

    /// Whether restic would start rclone with parameters on its command line, which every user of
    /// the machine can read (`ps`): `rclone:` with a connection string, not a remote of rclone.conf.
    public static func hasRcloneParameters(_ location: String) -> Bool {
        location.hasPrefix("rclone:") && rcloneConnection(location.dropFirst(7), inText: false) != nil
    }

    /// rclone parameters that name where, never who: their values are shown (an `endpoint` or
    /// `url` without its user, password or query). Every other parameter's value is a secret.
    public static let shownRcloneParameters: Set<String> = ["type", "provider", "region", "endpoint", "url", "host", "port", "user", "env_auth"]

    /// restic's backends: a location starting `NAME:` with one of them is not a local path.
    public static let backends = ["local", "sftp", "rest", "s3", "b2", "azure", "gs", "swift", "rclone"]

    /// Control characters (C0, C1) and format characters (text direction, zero width) as "?".
    public static func harmless(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return "?"
            default: return scalar
            }
        }))
    }

    // MARK: - Reading a location

    /// A run of a location's text: shown as it is, or a credential (shown as `***`).
    struct Part {
        enum Secret: Equatable {
            /// A URL's user and password, or its query: restic's URL parser may echo pieces of it.
            case urlPart
            /// An rclone parameter's value, given as `text`, read by rclone as `value`.
            case rcloneValue(String)
            /// Text that could not be read (a malformed connection string): all of it a secret.
            case unparsed
        }
        var text: Substring
        var secret: Secret?
        static func shown(_ text: Substring) -> Part { Part(text: text, secret: nil) }
    }

    /// A location cut into what is shown and what is a credential: `redacted` and `credentials`
    /// both read it so.
    static func parts(of location: String) -> [Part] {
        guard location.hasPrefix("rclone:") else { return plainParts(location[...]) }
        let remote = location.dropFirst(7)
        guard let connection = rcloneConnection(remote, inText: false) else { return [.shown(location[...])] }
        // What follows a connection string is a path; one holding "=" or a quote is a malformed
        // string's rest (`url=https://host,pass=…` ends at the first ":"), not shown.
        let path = remote[connection.end...]
        let suspicious = path.contains { "=\"'".contains($0) }
        return [.shown(location.prefix(7))] + connection.parts + (path.isEmpty ? [] : [Part(text: path, secret: suspicious ? .unparsed : nil)])
    }

    /// A location of any backend but rclone: a URL's user, password and query, and `user:pass@`.
    static func plainParts(_ location: Substring) -> [Part] {
        let own = location[backendPrefix(of: location)...]
        // `sftp://…` and `rest:https://…` are URLs; `sftp:u:p@host:/a://b` is not.
        let isURL = startsWithScheme(location) || startsWithScheme(own)
        var parts: [Part] = []
        var rest = location
        if isURL, let scheme = location.range(of: "://") {
            // A password may itself hold "/", "#" or "?": everything up to the last "@" goes.
            let authority = location[scheme.upperBound...]
            if let at = authority.lastIndex(of: "@") {
                parts = [.shown(location[..<scheme.upperBound]), Part(text: authority[..<at], secret: .urlPart)]
                rest = authority[at...]
            }
        } else if let at = own.lastIndex(of: "@"), own[..<at].contains(":") {
            parts = [.shown(location[..<own.startIndex]), Part(text: own[..<at], secret: .urlPart)]
            rest = own[at...]
        }
        // A query string is a URL's or a remote backend's (a "?" in a local folder's name is no secret).
        let local = own.startIndex == location.startIndex || location.hasPrefix("local:")
        if isURL || !local, let query = rest.firstIndex(of: "?") {
            return parts + [.shown(rest[...query]), Part(text: rest[rest.index(after: query)...], secret: .urlPart)]
        }
        return parts + [.shown(rest)]
    }

    static func startsWithScheme(_ text: Substring) -> Bool {
        text.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*://"#, options: .regularExpression) != nil
    }

    /// Where a location's own part starts: after `sftp:`, `s3:`, `rclone:`… (at the start for a path).
    static func backendPrefix(of location: Substring) -> String.Index {
        guard let colon = location.firstIndex(of: ":") else { return location.startIndex }
        return backends.contains(String(location[..<colon])) ? location.index(after: colon) : location.startIndex
    }

    /// An rclone remote with parameters (`:s3,provider=AWS,secret_access_key="…":` or
    /// `nas,pass=…:`), read as rclone's `fspath.Parse` reads it: its parts up to `end`, after the
    /// ":" (or the whole rest, a secret, when rclone would refuse it); nil for a remote without
    /// parameters and a local path. In a message (`inText`), a name with a blank is prose
    /// ("rclone: context canceled").
    static func rcloneConnection(_ remote: Substring, inText: Bool) -> (parts: [Part], end: String.Index)? {
        let onTheFly = remote.first == ":"
        let nameStart = onTheFly ? remote.index(after: remote.startIndex) : remote.startIndex
        guard let comma = remote[nameStart...].firstIndex(where: { ",:/\\".contains($0) }), remote[comma] != ":",
              !(inText && remote[..<comma].contains(where: \.isWhitespace)) else { return nil }
        guard remote[comma] == "," else {
            // rclone refuses ":name/…"; without the ":" it is a local path.
            return onTheFly && !inText ? ([Part(text: remote, secret: .unparsed)], remote.endIndex) : nil
        }
        let afterComma = remote.index(after: comma)
        guard let read = rcloneParameters(remote, from: afterComma) else {
            return ([.shown(remote[...comma]), Part(text: remote[afterComma...], secret: .unparsed)], remote.endIndex)
        }
        var parts: [Part] = [.shown(remote[..<comma])]
        for parameter in read.parameters {
            let separator = remote.index(before: parameter.name.startIndex)
            parts += [.shown(remote[separator...separator])] + parameterParts(parameter, in: remote)
        }
        return (parts + [.shown(remote[remote.index(before: read.end)..<read.end])], read.end)
    }

    /// One `name` (true) or `name=value` of an rclone connection string: `value` as given, quotes
    /// and all, `read` as rclone reads it.
    struct RcloneParameter {
        var name: Substring
        var value: Substring?
        var read: String?
    }

    /// rclone's parameter grammar: a parameter ends at "," or ":" (the last); a value may be quoted
    /// ("…" or '…', the quote doubled inside stands for itself) and holds "," and ":" then; a quote
    /// later in a value is a character. Nil where rclone refuses the text (an unterminated quote,
    /// an empty name, no ":" at the end).
    static func rcloneParameters(_ text: Substring, from start: String.Index) -> (parameters: [RcloneParameter], end: String.Index)? {
        enum State { case name, value, quoted(Character), afterQuote(Character) }
        var parameters: [RcloneParameter] = []
        var state = State.name, begin = start, name = text[start..<start], doubled = false
        var index = start
        while index < text.endIndex {
            let character = text[index], next = text.index(after: index)
            var ended: RcloneParameter?
            switch state {
            case .name where ":,=".contains(character):
                name = text[begin..<index]
                guard !name.isEmpty else { return nil }
                if character == "=" { (state, begin) = (.value, next) } else { ended = RcloneParameter(name: name) }
            case .value where "\"'".contains(character) && index == begin:
                state = .quoted(character)
                doubled = false
            case .value where ":,".contains(character):
                ended = RcloneParameter(name: name, value: text[begin..<index], read: String(text[begin..<index]))
            case .quoted(let quote) where character == quote:
                state = .afterQuote(quote)
            case .afterQuote(let quote) where ":,".contains(character):
                let inside = text[begin..<index].dropFirst().dropLast()
                let read = doubled ? inside.replacingOccurrences(of: "\(quote)\(quote)", with: "\(quote)") : String(inside)
                ended = RcloneParameter(name: name, value: text[begin..<index], read: read)
            case .afterQuote(let quote):
                guard character == quote else { return nil }
                state = .quoted(quote)
                doubled = true
            default:
                break
            }
            if let ended {
                parameters.append(ended)
                if character == ":" { return (parameters, next) }
                (state, begin) = (.name, next)
            }
            index = next
        }
        return nil
    }

    /// A parameter's parts: its name (unless it is no plain name), and its value `***` unless the
    /// parameter is one of `shownRcloneParameters` (then without a URL's credentials).
    static func parameterParts(_ parameter: RcloneParameter, in text: Substring) -> [Part] {
        let plainName = parameter.name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        let shown = plainName && shownRcloneParameters.contains(parameter.name.lowercased().replacingOccurrences(of: "-", with: "_"))
        guard let value = parameter.value, let read = parameter.read else {
            return [Part(text: parameter.name, secret: shown ? nil : .rcloneValue(String(parameter.name)))]
        }
        let name = Part(text: parameter.name, secret: plainName ? nil : .unparsed)
        let equals = Part.shown(text[text.index(before: value.startIndex)..<value.startIndex])
        let secret = [name, equals, Part(text: value, secret: .rcloneValue(read))]
        guard shown else { return secret }
        guard let quote = value.first, "\"'".contains(quote) else { return [name, equals] + plainParts(value) }
        // Quoted: the inside is the value when no quote in it is doubled.
        let inside = value.dropFirst().dropLast()
        guard inside == read[...] else { return secret }
        return [name, equals, .shown(value.prefix(1))] + plainParts(inside) + [.shown(value.suffix(1))]
    }

    /// Every rclone connection string in a text, its parameters redacted as in `redacted`.
    static func redactedConnectionStrings(in text: String) -> String {
        var result = "", rest = text[...]
        while let found = rest.range(of: "rclone:") {
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            guard let connection = rcloneConnection(rest, inText: true) else { continue }
            result += connection.parts.map { $0.secret == nil ? String($0.text) : "***" }.joined()
            rest = rest[connection.end...]
        }
        return result + rest
    }

    /// `name=value` where the name holds a word that makes its value a secret, outside rclone's
    /// connection strings (a URL's query restic echoed); the value quoted or up to the next
    /// `,`, `:`, `&`, blank or quote.
    static let secretWord = #"(?i)(?<![A-Za-z0-9_-])([A-Za-z0-9_-]*(?:pass|secret|token|key|sas|credential|auth|cookie|session|private|bearer|signature|account|salt)[A-Za-z0-9_-]*)=("(?:[^"]|"")*"?|'(?:[^']|'')*'?|[^,:&\s"']*)"#

    static func redactedWords(_ text: String) -> String {
        text.replacingOccurrences(of: secretWord, with: "$1=***", options: .regularExpression)
    }
}
