import Foundation
import HomeCrewCore
import HomeCrewVault

/// A repository as HomeCrew shows and stores it: `RepositoryLocation.redacted`, never the
/// credentials a location may carry (`s3:https://KEY:SECRET@host/bucket` is shown as
/// `s3:https://***@host/bucket`), nor a query string, nor rclone's secret parameters.
public enum RepositoryName {
    public static func display(_ repository: String) -> String { RepositoryLocation.redacted(repository) }

    /// A warning when restic will start rclone with this location's connection string as an
    /// argument: `ps` shows it to every user of the machine, however HomeCrew was given it.
    public static func commandLineWarning(_ repository: String) -> String? {
        guard RepositoryLocation.hasRcloneParameters(repository) else { return nil }
        return "warning: the rclone connection string's parameters are passed on rclone's command line, "
            + "which other users of this machine can see; name a remote in rclone.conf instead"
    }

    /// The repository restic's own variables name, for a command given no `--restic`:
    /// `RESTIC_REPOSITORY`, else the first line of the file `RESTIC_REPOSITORY_FILE` names. So a
    /// URL with credentials need not be on a command line, which every user of the machine can read.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let named = environment["RESTIC_REPOSITORY"], !named.isEmpty { return named }
        guard let path = environment["RESTIC_REPOSITORY_FILE"], !path.isEmpty else { return nil }
        return try fromFile(path, namedBy: "RESTIC_REPOSITORY_FILE")
    }

    /// The repository a file names on its first line (`serve --backup-to-file`, `RESTIC_REPOSITORY_FILE`).
    public static func fromFile(_ path: String, namedBy option: String) throws -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first.map({ $0.trimmingCharacters(in: .whitespaces) }), !line.isEmpty
        else { throw BackupError.repositoryFileUnreadable(path, namedBy: option) }
        return line
    }

    /// Whether restic's own variables name a repository (without reading the file one names).
    public static func isNamedByEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["RESTIC_REPOSITORY"] ?? "").isEmpty || !(environment["RESTIC_REPOSITORY_FILE"] ?? "").isEmpty
    }

    /// restic runs in the vault's directory: a relative local path is made the caller's.
    static func absolute(_ repository: String) -> String {
        guard let local = localPath(repository), !local.isEmpty else { return repository }
        let path = URL(fileURLWithPath: local).standardizedFileURL.path
        return local == repository ? path : "local:" + path
    }

    /// The folder of a local repository (a path, or `local:PATH`); nil for any other backend.
    static func localPath(_ repository: String) -> String? {
        let scheme = repository.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        guard repository.contains(":"), RepositoryLocation.backends.contains(scheme) else { return repository }
        return scheme == "local" ? String(repository.dropFirst(6)) : nil
    }

    /// Removes whatever might be a credential from a line restic printed (it may echo the URL, and
    /// rclone its connection string): each credential the location holds becomes `***`; a line
    /// still holding a piece of a URL's user, password or query (restic cuts a URL its own way) is
    /// not shown at all.
    static func scrub(_ line: String, repository: String) -> String {
        let credentials = RepositoryLocation.credentials(of: repository)
        var text = line.replacingOccurrences(of: repository, with: display(repository))
        for secret in credentials.whole { text = text.replacingOccurrences(of: secret, with: "***") }
        text = RepositoryLocation.redactedText(text)
        guard !credentials.pieces.contains(where: { text.contains($0) }) else {
            return "restic's message held the repository's credentials, so it is not shown"
        }
        return text
    }
}
