import ArgumentParser
import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewVault

struct ServeVault: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the vault to a browser on this machine (households, staff, documents, search, reports, uploads).",
        discussion: """
            It prints a sign-in URL that works once, on this machine; the current sign-in token is also kept \
            in the vault's serve-token file, readable by you only. Accounts (homecrew user) sign in with a name \
            and password. Listening beyond this machine needs an account, and TLS: --tls-cert and --tls-key, or a \
            TLS reverse proxy in front of 127.0.0.1 (named with --public-name and --trusted-proxy); plain HTTP only \
            with --insecure-http. With --backup-to (or --backup-to-file, a file holding the location) it backs the vault \
            up into a restic repository (every 24 hours unless --backup-every says otherwise, the first soon after \
            starting when the last is older) and, once a backup has passed, restores the latest backup into a temporary \
            folder to check it (every 7 days, --drill-every); owners see how both went on a \
            household's page. Ctrl-C stops it after the requests in flight (a backup in progress is abandoned).
            """)

    @OptionGroup var vault: VaultOptions
    @Option(help: ArgumentHelp("Where to listen: 127.0.0.1:PORT, [::1]:PORT or localhost:PORT (port 0: any free port); another address needs an account and --insecure-http.",
                               valueName: "address:port"))
    var listen = "127.0.0.1:8080"
    @Flag(help: "Allow plain HTTP beyond this machine: passwords and session cookies travel unencrypted.") var insecureHTTP = false
    @Option(help: ArgumentHelp("A name browsers use to reach the server (host:port), such as a reverse proxy's; repeatable.",
                               valueName: "host:port"))
    var publicName: [String] = []
    @Option(help: "The largest upload accepted, in megabytes.") var uploadLimit = 512
    @Option(help: ArgumentHelp("The server's certificate (PEM, the chain after it) for HTTPS.", valueName: "file")) var tlsCert: String?
    @Option(help: ArgumentHelp("The certificate's private key (PEM, unencrypted).", valueName: "file")) var tlsKey: String?
    @Option(help: ArgumentHelp("A reverse proxy's address whose X-Forwarded-For and X-Forwarded-Proto are believed; repeatable.",
                               valueName: "address"))
    var trustedProxy: [String] = []
    @Option(help: ArgumentHelp("Back the vault up into this restic repository while serving (a path, sftp:, s3:, rest:, b2:…).",
                               valueName: "repository"))
    var backupTo: String?
    @Option(help: ArgumentHelp("The restic repository is the first line of this file (a URL with credentials is then on no command line; an rclone connection string is still on rclone's).",
                               valueName: "file"))
    var backupToFile: String?
    @Option(help: ArgumentHelp("The restic repository's password, in this file (else restic's own RESTIC_PASSWORD_FILE, RESTIC_PASSWORD…).",
                               valueName: "file"))
    var backupPasswordFile: String?
    @Option(help: ArgumentHelp("How often to back up: 30m, 6h, 24h, 7d (default: 24h).", valueName: "interval")) var backupEvery: String?
    @Option(help: ArgumentHelp("How often to restore the latest backup into a temporary folder and check it (default: 7d).", valueName: "interval"))
    var drillEvery: String?
    @Option(help: ArgumentHelp("After each backup, forget and prune older snapshots of this vault: daily=7,weekly=4,monthly=12 (default: keep them all).",
                               valueName: "rules"))
    var backupKeep: String?

    func validate() throws {
        // The file is read by run(): one that cannot be read is 66, not a usage error.
        _ = try backups(repository: backupTo ?? backupToFile)
        do { _ = try ListenAddress(parsing: listen) } catch { throw ValidationError(error.description) }
        if uploadLimit < 1 || uploadLimit > 65536 { throw ValidationError("--upload-limit takes 1 to 65536 megabytes") }
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("give --tls-cert and --tls-key together") }
        for address in trustedProxy where !ListenAddress.isIPAddress(address) {
            throw ValidationError("--trusted-proxy takes the proxy's IP address as it connects (for example 127.0.0.1), not '\(address)'")
        }
    }

    /// `--backup-to` (or what `--backup-to-file` names) and its options, each checked (a usage
    /// error, 64); nil without either.
    private func backups(repository: String?) throws -> ServeBackups? {
        if backupTo != nil, backupToFile != nil { throw ValidationError("give either --backup-to REPOSITORY or --backup-to-file FILE") }
        guard let backupTo = repository else {
            let given = [("--backup-password-file", backupPasswordFile), ("--backup-every", backupEvery),
                         ("--drill-every", drillEvery), ("--backup-keep", backupKeep)].filter { $0.1 != nil }.map(\.0)
            if let first = given.first { throw ValidationError("\(first) needs --backup-to REPOSITORY (or --backup-to-file FILE)") }
            return nil
        }
        guard !backupTo.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--backup-to needs a restic repository") }
        func interval(_ option: String, _ text: String) throws -> BackupInterval {
            do { return try BackupInterval(parsing: text) } catch { throw ValidationError("\(option): \(error)") }
        }
        let keep: RetentionPolicy?
        do { keep = try backupKeep.map(RetentionPolicy.init(parsing:)) } catch { throw ValidationError("--backup-keep: \(error)") }
        return ServeBackups(repository: backupTo, passwordFile: backupPasswordFile, every: try interval("--backup-every", backupEvery ?? "24h"),
                            drillEvery: try interval("--drill-every", drillEvery ?? "7d"), keep: keep)
    }

    /// Every backup failing (no restic, no password) is said before serving, in serve's own words for the password.
    private static func checkBackups(_ backups: ServeBackups) throws {
        do {
            try ServerBackups.check(backups)
        } catch let error as BackupError where error == .noPassword {
            throw ValidationError("no password for the restic repository: give --backup-password-file FILE, "
                                  + "or set RESTIC_PASSWORD_FILE, RESTIC_PASSWORD or RESTIC_PASSWORD_COMMAND")
        }
    }

    func run() throws {
        let repository = try backupTo ?? backupToFile.map { try RepositoryName.fromFile($0, namedBy: "--backup-to-file") }
        let settings = ServeSettings(vault: vault.location, listen: try ListenAddress(parsing: listen),
                                     today: vault.fixedToday, uploadLimit: Int64(uploadLimit) << 20,
                                     insecureHTTP: insecureHTTP, publicNames: publicName,
                                     tls: tlsCert.flatMap { cert in tlsKey.map { (cert, $0) } }, trustedProxies: trustedProxy,
                                     backups: try backups(repository: repository))
        let accounts = settings.listen.isLoopback ? 0 : try vault.openForReading().accounts().count
        do {
            try settings.check(accounts: accounts)
        } catch {
            throw ValidationError(error.description)
        }
        if let backups = settings.backups { try Self.checkBackups(backups) }
        // Uploads and writes cut off by a crash or a kill are removed before the server takes new ones.
        vault.objectStore.removeStaleTemporaryFiles(startingUp: true)
        try WebServerHook.run(settings)
    }
}

/// The web server, given by the `homecrew` program: the command line does not link the web
/// target (nothing below the program depends on it).
public enum WebServerHook {
    public typealias Start = @Sendable (ServeSettings) async throws -> Void
    nonisolated(unsafe) static var start: Start?

    static func run(_ settings: ServeSettings) throws {
        guard let start else { throw ServeError.cannotListen(settings.listen.description, reason: "this build has no web server") }
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        Task {
            do { try await start(settings) } catch { outcome.error = error }
            finished.signal()
        }
        finished.wait()
        if let error = outcome.error { throw error }
    }

    private final class Outcome: @unchecked Sendable { var error: (any Error)? }
}
