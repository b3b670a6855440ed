import HomeCrewCore
import HomeCrewStore

/// Where `homecrew serve` listens: a host and a port. Until HomeCrew has accounts, only this
/// machine's own addresses are allowed, because the sign-in token is the only lock.
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
        guard !host.isEmpty, let port = Int(portText), (0...65535).contains(port) else { throw .badListen(text) }
        guard Self.loopbackHosts.contains(host.lowercased()) else { throw .notLoopback(host) }
        self.host = host.lowercased() == "localhost" ? "127.0.0.1" : host
        self.port = port
    }

    static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]

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

    public init(vault: VaultLocation, listen: ListenAddress, today: CalendarDate?, uploadLimit: Int64) {
        self.vault = vault
        self.listen = listen
        self.today = today
        self.uploadLimit = uploadLimit
    }
}

public enum ServeError: HomeCrewError, Equatable {
    case badListen(String)
    case notLoopback(String)
    case cannotListen(String, reason: String)

    public var category: ErrorCategory {
        switch self {
        case .badListen, .notLoopback: return .usage
        case .cannotListen: return .cannotCreate
        }
    }

    public var description: String {
        switch self {
        case .badListen(let text):
            return "cannot read --listen '\(text)': give ADDRESS:PORT, for example 127.0.0.1:8080 or [::1]:8080"
        case .notLoopback(let host):
            return "homecrew serve listens on this machine only (127.0.0.1, ::1 or localhost), not on '\(host)': "
                + "serving other machines needs accounts, which HomeCrew does not have yet"
        case .cannotListen(let address, let reason):
            return "cannot listen on \(address): \(reason)"
        }
    }
}
