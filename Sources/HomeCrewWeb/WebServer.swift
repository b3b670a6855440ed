import Foundation
import HomeCrewCore
import HomeCrewOperations
import HomeCrewStore
import HomeCrewVault
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle

/// What every handler works with: the same store, vault and ingestor the CLI uses.
struct WebApp: Sendable {
    let database: AppDatabase
    let objects: ObjectStore
    let ingestor: DocumentIngestor
    let sessions: SessionStore
    let identity: ServerIdentity
    let uploadLimit: Int64
    let fixedToday: CalendarDate?
    /// `serve --backup-to`: where and how often this server backs up (the household page and due list say so).
    var backups: ServeBackups? = nil
    /// The database work one request may do (`WebLimits.requestSeconds`; tests lower it).
    var requestSeconds = WebLimits.requestSeconds
    /// Tries at what costs a password hash besides signing in (password changes, joins), kept in memory.
    let hashTries = AttemptThrottle(burst: WebLimits.hashTries, refillSeconds: WebLimits.hashTryRefillSeconds)
    /// Signs the cookies of browsers accounts have signed in with (`KnownDevices`).
    let devices: KnownDevices

    var today: CalendarDate { fixedToday ?? .localToday() }

    /// The handlers' world for one vault; `tokenFile` nil keeps the sign-in token in memory only.
    static func open(_ settings: ServeSettings, tokenFile: String?) throws -> WebApp {
        try Assets.checkPresent()
        try WebText.checkCatalogs()
        let database = try AppDatabase.openForServing(settings.vault)
        let objects = ObjectStore(vaultDirectory: settings.vault.directory)
        return WebApp(database: database, objects: objects,
                      ingestor: DocumentIngestor(database: database, objects: objects, extractor: IsolatedExtractor()),
                      sessions: try SessionStore(tokenFile: tokenFile, database: database), identity: ServerIdentity(listenHost: settings.listen.host, publicNames: settings.publicNames,
                                                               servesTLS: settings.tls != nil, trustedProxies: settings.trustedProxies),
                      uploadLimit: settings.uploadLimit, fixedToday: settings.today, backups: settings.backups,
                      devices: KnownDevices(key: try database.webDeviceKey()))
    }
}

/// `homecrew serve`.
public enum WebServer {
    public static func run(_ settings: ServeSettings) async throws {
        let tokenFile = settings.vault.directory + "/serve-token"
        let app = try WebApp.open(settings, tokenFile: tokenFile)
        if let upgrade = app.database.upgrade {
            print("note: upgraded the vault from format \(upgrade.fromFormat); the old database is kept at \(upgrade.copyPath)")
        }
        var logger = Logger(label: "homecrew-serve")
        logger.logLevel = .warning
        let scheme = settings.tls == nil ? "http" : "https"
        // Every connection is admitted under the caps, closed when idle, and closed when its client
        // takes an answer too slowly (`WebLimits`).
        let connections = ConnectionCount(proxies: Set(settings.trustedProxies))
        let http1 = HTTPServerBuilder.http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(connections), SlowReaderGuard()],
                                                                 idleTimeout: .seconds(WebLimits.idleSeconds)))
        let server = Application(
            router: WebRoutes.build(app).router,
            server: try settings.tls.map { try .tls(http1, tlsConfiguration: TLSFiles.configuration($0.certificate, $0.key)) } ?? http1,
            configuration: .init(address: .hostname(settings.listen.host, port: settings.listen.port), serverName: "HomeCrew"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.listen.port
                app.identity.bound(port: port)
                let published: String
                do {
                    try await app.sessions.publish()
                    published = "The current sign-in token is kept in \(tokenFile) (readable by you only)."
                } catch {
                    published = "warning: \(error)"
                }
                let token = await app.sessions.signInToken
                let base = "\(scheme)://\(settings.listen.authority(port: port))"
                // The token signs in from this machine only; a wildcard address is reached here as 127.0.0.1.
                let local = ["0.0.0.0", "::"].contains(settings.listen.host) ? "\(scheme)://127.0.0.1:\(port)" : base
                let tokenLine = settings.listen.isLoopback || local != base
                    ? "Sign in on this machine by opening this address (it works once):\n  \(local)/signin?token=\(token)"
                    : "Sign in with an account at \(base)/signin (the sign-in token works from this machine's loopback address only)."
                let backups = settings.backups.map {
                    "Backing up to \(RepositoryName.display($0.repository)) every \($0.every), and checking a restore of it every \($0.drillEvery).\n"
                        + (RepositoryName.commandLineWarning($0.repository).map { $0 + "\n" } ?? "")
                } ?? ""
                let exposure = settings.listen.isLoopback || settings.tls != nil ? ""
                    : "warning: other machines can reach this server over plain HTTP (--insecure-http): passwords and cookies are not encrypted.\n"
                let message = """
                    HomeCrew is serving \(settings.vault.directory) at \(base)/
                    \(exposure)\(backups)\(tokenLine)
                    \(published)
                    Press Ctrl-C to stop.

                    """
                // Written straight to the descriptor: a script reading the URL sees it at once.
                FileHandle.standardOutput.write(Data(message.utf8))
            },
            logger: logger)
        // Backups and drills on threads of their own while it serves; stopping abandons a run in progress.
        let backingUp = settings.backups.map { backups in Task { await ServerBackups(backups, vault: settings.vault, database: app.database).run() } }
        defer { backingUp?.cancel() }
        // Expired sessions, faded failure counts and forgotten places answer nothing: deleted at start
        // and hourly, on a thread of their own (not one of those that serve pages).
        let purging = Task.detached(priority: .background) {
            repeat { _ = try? await offload { try app.database.purgeExpiredSignIns() } } while (try? await Task.sleep(for: .seconds(3600))) != nil
        }
        defer { purging.cancel() }
        do {
            try await ServiceGroup(configuration: stopping(server, logger: logger)).run()
        } catch let error as IOError {
            throw ServeError.cannotListen(settings.listen.description, reason: ErrorText.posix(error.errnoCode))
        }
        await app.sessions.withdraw()
    }

    /// Hummingbird's `runService()` with a bound: SIGTERM or SIGINT stops taking connections and
    /// waits for the answers in flight, `WebLimits.stopGraceSeconds` at most, then cancels the
    /// rest (a download still being read is cut off). (ServiceLifecycle refuses a signal that would
    /// both begin the wait and end it, so a second Ctrl-C does not shorten it.)
    static func stopping(_ server: some Service, logger: Logger) -> ServiceGroupConfiguration {
        var configuration = ServiceGroupConfiguration(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(WebLimits.stopGraceSeconds)
        return configuration
    }
}

/// The certificate and key given to `serve`: read once at start, each problem one line.
enum TLSFiles {
    static func configuration(_ certificate: String, _ key: String) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let privateKey: NIOSSLPrivateKey
        do { chain = try NIOSSLCertificate.fromPEMFile(certificate) } catch { throw problem(certificate, "a PEM certificate") }
        guard !chain.isEmpty else { throw ServeError.tlsFile(certificate, reason: "it holds no PEM certificate", missing: false) }
        do { privateKey = try NIOSSLPrivateKey(file: key, format: .pem) } catch { throw problem(key, "an unencrypted PEM private key") }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }

    private static func problem(_ path: String, _ expected: String) -> ServeError {
        if FileManager.default.isReadableFile(atPath: path) { return .tlsFile(path, reason: "it is not \(expected)", missing: false) }
        return .tlsFile(path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file", missing: true)
    }
}
