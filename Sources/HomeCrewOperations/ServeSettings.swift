import Foundation
import HomeCrewCore
import HomeCrewStore

/// Where `homecrew serve` listens: a host and a port. Beyond this machine's own addresses
/// only with accounts, and only over plain HTTP when asked for (`ServeSettings.check`).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    /// 0 asks the system for a free port.
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:8080`, `localhost:8080`, `[::1]:8080`, or a bare port (`8080`).
    public init(parsing text: String) throws(ServeError) {
        var host = "127.0.0.1", portText = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw .badListen(text)
            }
            host = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains("/"), let port = Int(portText), (0...65535).contains(port) else { throw .badListen(text) }
        self.host = host.lowercased() == "localhost" ? "127.0.0.1" : host
        self.port = port
    }

    static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]

    /// True for this machine's own addresses, which no other machine can reach.
    public var isLoopback: Bool { Self.loopbackHosts.contains(host.lowercased()) }

    /// True for an address of the loopback network (a peer on this machine).
    public static func isLoopback(peer address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }

    /// An IPv4 or IPv6 address written as numbers (what a peer's address looks like).
    public static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    /// The authority part of a URL for this address (IPv6 in brackets).
    public func authority(port actualPort: Int? = nil) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(shown):\(actualPort ?? port)"
    }

    public var description: String { authority() }
}

/// What `homecrew serve` is given.
public struct ServeSettings: Sendable {
    public let vault: VaultLocation
    public let listen: ListenAddress
    /// Taken as today's date (reports and the due list), so that pages can be reproduced.
    public let today: CalendarDate?
    /// The largest upload body accepted, in bytes.
    public let uploadLimit: Int64

    /// Off loopback: plain HTTP accepted (passwords and cookies travel unencrypted).
    public let insecureHTTP: Bool
    /// The names browsers use to reach the server (`homecrew.home.arpa:8080`), besides its address.
    public let publicNames: [String]
    /// PEM files of the certificate (chain) and its private key: HomeCrew speaks TLS itself.
    public let tls: (certificate: String, key: String)?
    /// Reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (peer addresses).
    public let trustedProxies: [String]
    /// `--backup-to`: the server backs the vault up and drills its restore by itself.
    public let backups: ServeBackups?

    public init(vault: VaultLocation, listen: ListenAddress, today: CalendarDate?, uploadLimit: Int64,
                insecureHTTP: Bool = false, publicNames: [String] = [], tls: (certificate: String, key: String)? = nil,
                trustedProxies: [String] = [], backups: ServeBackups? = nil) {
        self.vault = vault
        self.listen = listen
        self.today = today
        self.uploadLimit = uploadLimit
        self.insecureHTTP = insecureHTTP
        self.publicNames = publicNames
        self.tls = tls
        self.trustedProxies = trustedProxies
        self.backups = backups
    }

    /// Serving other machines needs an account to sign in with, and encryption: TLS given here,
    /// or a TLS reverse proxy in front of a loopback address, or plain HTTP asked for by name.
    public func check(accounts: Int) throws(ServeError) {
        guard !listen.isLoopback else { return }
        guard accounts > 0 else { throw .noAccounts(listen.host) }
        guard insecureHTTP || tls != nil else { throw .plainHTTP(listen.host) }
    }
}

/// Where and how often `serve --backup-to` backs up, and drills a restore.
public struct ServeBackups: Sendable, Equatable {
    public let repository: String
    public let passwordFile: String?
    public let every: BackupInterval
    public let drillEvery: BackupInterval
    /// Forgotten and pruned after each backup; nil keeps every snapshot.
    public let keep: RetentionPolicy?

    public init(repository: String, passwordFile: String?, every: BackupInterval, drillEvery: BackupInterval, keep: RetentionPolicy? = nil) {
        self.repository = repository
        self.passwordFile = passwordFile
        self.every = every
        self.drillEvery = drillEvery
        self.keep = keep
    }

    public var timetable: BackupTimetable { BackupTimetable(backupEvery: every.seconds, drillEvery: drillEvery.seconds) }
}

public enum ServeError: HomeCrewError, Equatable {
    case badListen(String)
    case noAccounts(String)
    case plainHTTP(String)
    case cannotListen(String, reason: String)
    case tlsFile(String, reason: String, missing: Bool)

    public var category: ErrorCategory {
        switch self {
        case .badListen, .noAccounts, .plainHTTP: return .usage
        case .cannotListen: return .cannotCreate
        case .tlsFile(_, _, let missing): return missing ? .notFound : .invalidData
        }
    }

    public var description: String {
        switch self {
        case .badListen(let text):
            return "cannot read --listen '\(text)': give ADDRESS:PORT, for example 127.0.0.1:8080 or [::1]:8080"
        case .noAccounts(let host):
            return "serving other machines ('\(host)') needs an account to sign in with: add one with homecrew user add NAME "
                + "(the sign-in token works on this machine only)"
        case .plainHTTP(let host):
            return "on '\(host)' passwords and session cookies would travel in the clear: give --tls-cert and --tls-key, "
                + "or put a TLS reverse proxy in front (let it reach 127.0.0.1, name it with --public-name and --trusted-proxy), "
                + "or give --insecure-http on a network you trust"
        case .cannotListen(let address, let reason):
            return "cannot listen on \(address): \(reason)"
        case .tlsFile(let path, let reason, _):
            return "cannot use \(path) for TLS: \(reason)"
        }
    }
}
