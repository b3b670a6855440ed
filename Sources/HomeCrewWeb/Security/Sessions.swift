import Foundation
import HomeCrewCore
import HomeCrewStore
import HomeCrewVault

/// A signed-in browser: its id (the cookie) and the CSRF token its forms carry; the account,
/// or nil for the machine's own user signed in with the loopback token.
struct WebSession: Sendable {
    let id: String
    let csrfToken: String
    let createdAt: Date
    var lastSeen: Date
    var account: Account? = nil
    /// The households this browser may see, read afresh for every request: a member removed a
    /// moment ago is refused on their next click.
    var reach: Reach = .everything

    /// Who the audit trail records this session's changes as.
    var actor: String { account?.name ?? "web:" + AuditActor.unixUser }
}

/// Who is signed in. On loopback the machine's own user signs in with a one-time token
/// (as Jupyter does); those sessions live in memory and end when the server stops. Accounts'
/// sessions live in the database (`account_session`): they survive a restart and can be
/// ended from the command line.
actor SessionStore {
    static let idleLimit: TimeInterval = 12 * 3600
    static let absoluteLimit: TimeInterval = 7 * 24 * 3600

    private var sessions: [String: WebSession] = [:]
    private(set) var signInToken: String
    private let tokenFile: String?

    private var published = false
    private let database: AppDatabase

    /// `tokenFile`: where the current sign-in token is kept for the owner to read (nil in tests).
    init(tokenFile: String?, database: AppDatabase) throws {
        self.tokenFile = tokenFile
        self.database = database
        signInToken = Secret.make()
    }

    /// Writes the token file; called once the server listens, so that a second server that
    /// fails to start does not replace the running one's token.
    func publish() throws {
        guard let tokenFile else { return }
        try Self.write(signInToken, to: tokenFile)
        published = true
    }

    /// Removes the token file at shutdown, if it still holds this server's token.
    func withdraw() {
        guard published, let tokenFile,
              (try? String(contentsOfFile: tokenFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == signInToken
        else { return }
        unlink(tokenFile)
    }

    /// Trades a valid sign-in token for a new session. The token works once: a new one
    /// replaces it (in the token file too), so a URL seen in a terminal's scroll-back or a
    /// browser's history signs nobody in again.
    func signIn(with token: String?, now: Date = Date()) throws -> WebSession? {
        guard Secret.matches(token, signInToken) else { return nil }
        signInToken = Secret.make()
        if published, let tokenFile { try Self.write(signInToken, to: tokenFile) }
        let session = WebSession(id: Secret.make(), csrfToken: Secret.make(), createdAt: now, lastSeen: now)
        // An expired entry is otherwise dropped only when it is asked for again.
        sessions = sessions.filter { now.timeIntervalSince($0.value.lastSeen) < Self.idleLimit
                                     && now.timeIntervalSince($0.value.createdAt) < Self.absoluteLimit }
        sessions[session.id] = session
        return session
    }

    /// The live session with this id, touched; nil when unknown or expired.
    func session(_ id: String?, now: Date = Date()) throws -> WebSession? {
        guard let id else { return nil }
        guard var session = sessions[id] else {
            guard id.count == 64, let stored = try database.openSession(token: id) else { return nil }
            return WebSession(id: id, csrfToken: stored.csrfToken, createdAt: now, lastSeen: now, account: stored.account,
                              reach: try database.reach(of: stored.account))
        }
        guard now.timeIntervalSince(session.lastSeen) < Self.idleLimit,
              now.timeIntervalSince(session.createdAt) < Self.absoluteLimit else {
            sessions[id] = nil
            return nil
        }
        session.lastSeen = now
        sessions[id] = session
        return session
    }

    func end(_ id: String) throws {
        if sessions.removeValue(forKey: id) == nil { try database.endSession(token: id) }
    }

    /// The token file: mode 0600 from the start, replaced atomically, never through a link.
    private static func write(_ token: String, to path: String) throws {
        try SafeFile.write(Array((token + "\n").utf8), to: path, overwrite: true)
    }
}
