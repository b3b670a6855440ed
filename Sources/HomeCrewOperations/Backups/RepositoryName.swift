import Foundation
import HomeCrewVault

/// A repository as HomeCrew shows and stores it: never the credentials a URL may carry
/// (`s3:https://KEY:SECRET@host/bucket` is shown as `s3:https://***@host/bucket`), nor a
/// query string (which may hold a token).
public enum RepositoryName {
    public static func display(_ repository: String) -> String {
        var text = repository
        // Credentials sit between "//" and an "@"; a password may itself hold "/", "#" or "?",
        // so everything up to the last "@" is taken for them.
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            if let at = rest.lastIndex(of: "@") {
                text = String(text[..<scheme.upperBound]) + "***" + String(rest[at...])
            }
        }
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) + "?***" }
        return String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }

    /// The repository restic's own variables name, for a command given no `--restic`:
    /// `RESTIC_REPOSITORY`, else the first line of the file `RESTIC_REPOSITORY_FILE` names. So a
    /// URL with credentials need not be on a command line, which every user of the machine can read.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let named = environment["RESTIC_REPOSITORY"], !named.isEmpty { return named }
        guard let path = environment["RESTIC_REPOSITORY_FILE"], !path.isEmpty else { return nil }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first.map({ $0.trimmingCharacters(in: .whitespaces) }), !line.isEmpty
        else { throw BackupError.repositoryFileUnreadable(path) }
        return line
    }

    /// Whether restic's own variables name a repository (without reading the file one names).
    public static func isNamedByEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["RESTIC_REPOSITORY"] ?? "").isEmpty || !(environment["RESTIC_REPOSITORY_FILE"] ?? "").isEmpty
    }

    static let backends = ["local", "sftp", "rest", "s3", "b2", "azure", "gs", "swift", "rclone"]

    /// restic runs in the vault's directory: a relative local path is made the caller's.
    static func absolute(_ repository: String) -> String {
        let scheme = repository.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        if repository.contains(":"), backends.contains(scheme) {
            guard scheme == "local" else { return repository }
            return "local:" + absolute(String(repository.dropFirst(6)))
        }
        return repository.isEmpty ? repository : URL(fileURLWithPath: repository).standardizedFileURL.path
    }

    /// Removes whatever might be a credential from a line restic printed (it may echo the URL).
    static func scrub(_ line: String, repository: String) -> String {
        let secrets = secrets(of: repository)
        var text = line.replacingOccurrences(of: repository, with: display(repository))
            .replacingOccurrences(of: #"://[^/\s@]+@"#, with: "://***@", options: .regularExpression)
        guard !secrets.isEmpty else { return text }
        // restic may echo a URL it parsed its own way ("http://alice:pa" of "alice:pa#ss@…"):
        // any address in the line is shown as the repository's display form, and a line that
        // still holds a piece of the credentials or the query is not shown at all.
        text = text.replacingOccurrences(of: #"[A-Za-z][A-Za-z0-9+.-]*://[^\s"']*"#, with: display(repository), options: .regularExpression)
        guard !secrets.contains(where: { text.contains($0) }) else {
            return "restic's message held the repository's credentials, so it is not shown"
        }
        return text
    }

    /// The user, password and query of a repository URL, and their pieces cut at "/", "#", "?".
    static func secrets(of repository: String) -> [String] {
        guard let scheme = repository.range(of: "://") else { return [] }
        let rest = repository[scheme.upperBound...]
        var parts: [Substring] = []
        if let at = rest.lastIndex(of: "@") { parts += rest[..<at].split(separator: ":", maxSplits: 1) }
        if let query = rest.firstIndex(of: "?") { parts.append(rest[rest.index(after: query)...]) }
        let pieces = parts.flatMap { part in [part] + part.split(whereSeparator: { "/#?&=".contains($0) }) }
        // Longest first, so that a piece inside another does not leave the rest of it behind.
        return Set(pieces.map(String.init).filter { $0.count >= 3 }).sorted { $0.count > $1.count }
    }
}
