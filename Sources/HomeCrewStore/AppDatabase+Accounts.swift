import Foundation
import GRDB
import HomeCrewCore

/// Accounts and their sessions. Hashing a password happens above the store
/// (`PasswordHasher`); the store keeps the encoded hash and never sees anything else.
extension AppDatabase {
    /// A session ends after this long without a request, and this long after sign-in whatever happens.
    public static let sessionIdleLimit = "-12 hours"
    public static let sessionAbsoluteLimit = "-7 days"

    static let now = "strftime('%Y-%m-%d %H:%M:%f', 'now')"
    static let sessionIsOpen = """
        s.last_seen_at >= strftime('%Y-%m-%d %H:%M:%f', 'now', '\(sessionIdleLimit)')
        AND s.created_at >= strftime('%Y-%m-%d %H:%M:%f', 'now', '\(sessionAbsoluteLimit)')
        """

    public func addAccount(name: String, passwordHash: String) throws -> Account {
        try write { db in try Self.addAccount(name: name, passwordHash: passwordHash, db) }
    }

    /// `addAccount` within a caller's transaction (a join by invitation makes the account and accepts in one).
    static func addAccount(name: String, passwordHash: String, _ db: Database) throws -> Account {
        let key = NameKey.of(name)
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE name_key = ?)", arguments: [key]) ?? false {
            throw StoreError.accountExists(name)
        }
        let id = RecordID.random()
        try db.execute(sql: """
            INSERT INTO account (id, name, name_key, password_hash, created_at, password_changed_at)
            VALUES (?, ?, ?, ?, \(now), \(now))
            """, arguments: [id, name, key, passwordHash])
        return try account(named: name, db)
    }

    public func accounts() throws -> [Account] {
        try read { db in
            try Row.fetchAll(db, sql: "\(Self.accountSelect) ORDER BY a.name_key").map(Self.account)
        }
    }

    public func account(named name: String) throws -> Account {
        try read { db in try Self.account(named: name, db) }
    }

    /// The account and its password hash, for checking a password; nil when there is no such account.
    public func credentials(of name: String) throws -> (account: Account, passwordHash: String)? {
        try read { db in
            guard let hash = try String.fetchOne(db, sql: "SELECT password_hash FROM account WHERE name_key = ?",
                                                 arguments: [NameKey.of(name)]) else { return nil }
            return (try Self.account(named: name, db), hash)
        }
    }

    /// Replaces the password's hash and ends the account's sessions in the same transaction,
    /// all of them, or all but `keeping` (a change made in a browser keeps that browser signed
    /// in); the number of sessions ended.
    @discardableResult
    public func changePassword(of name: String, passwordHash: String, keeping token: String? = nil) throws -> Int {
        try write { db in
            let account = try Self.account(named: name, db)
            try db.execute(sql: "UPDATE account SET password_hash = ?, password_changed_at = \(Self.now) WHERE id = ?",
                           arguments: [passwordHash, account.id])
            try db.execute(sql: "DELETE FROM account_session WHERE account_id = ? AND token_sha256 IS NOT ?",
                           arguments: [account.id, token.map(Secret.sha256)])
            return db.changesCount
        }
    }

    /// The same password's hash made again with a higher cost (at sign-in): sessions stay and
    /// the password counts as unchanged.
    public func replacePasswordHash(of name: String, with passwordHash: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE name_key = ?", arguments: [passwordHash, NameKey.of(name)])
        }
    }

    /// The language the account reads the web pages in; nil gives the choice back to the browser.
    /// The caller checks the tag against the languages it has pages in.
    @discardableResult
    public func setLanguage(ofAccount name: String, to language: StaffLanguage?) throws -> Account {
        try write { db in
            let account = try Self.account(named: name, db)
            try db.execute(sql: "UPDATE account SET language = ? WHERE id = ?", arguments: [language?.tag, account.id])
            return try Self.account(named: name, db)
        }
    }

    public func removeAccount(named name: String) throws -> Account {
        try write { db in
            let account = try Self.account(named: name, db)
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [account.id])
            return account
        }
    }

    /// A new session for a signed-in account: its cookie token and CSRF token. Only the
    /// token's SHA-256 is stored, so the database cannot be used to take over a session.
    /// The place it came from is remembered in the same transaction (`known_place`).
    public func openSession(for account: Account, address: String?) throws -> (token: String, csrfToken: String) {
        try write { db in try Self.openSession(for: account, address: address, db) }
    }

    /// `openSession` within a caller's transaction (a join by invitation signs in as it accepts).
    static func openSession(for account: Account, address: String?, _ db: Database) throws -> (token: String, csrfToken: String) {
        let token = Secret.make(), csrf = Secret.make()
        try db.execute(sql: """
            INSERT INTO account_session (token_sha256, account_id, csrf_token, created_at, last_seen_at, address)
            VALUES (?, ?, ?, \(now), \(now), ?)
            """, arguments: [Secret.sha256(token), account.id, csrf, address])
        if let place = address.flatMap(ClientKey.place(of:)) { try remember(place, of: account, db) }
        try keepNewestSessions(of: account, keeping: Secret.sha256(token), db)
        return (token, csrf)
    }

    /// Sessions an account may hold at once: signing in again and again (a script, a thief who
    /// knows the password) must not grow the table without end. The 21st ends the least recently used.
    public static let sessionsPerAccount = 20

    /// Ends the account's expired sessions and its least recently used beyond the cap. The session
    /// just opened is kept whatever ties in time there are (sessions opened in one loop tie).
    private static func keepNewestSessions(of account: Account, keeping newest: String, _ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM account_session WHERE token_sha256 IN (
                SELECT s.token_sha256 FROM account_session s WHERE s.account_id = ? AND NOT (\(sessionIsOpen)))
            """, arguments: [account.id])
        try db.execute(sql: """
            DELETE FROM account_session WHERE account_id = ?1 AND token_sha256 <> ?2 AND token_sha256 NOT IN (
                SELECT token_sha256 FROM account_session WHERE account_id = ?1 AND token_sha256 <> ?2
                ORDER BY last_seen_at DESC, created_at DESC LIMIT \(sessionsPerAccount - 1))
            """, arguments: [account.id, newest])
    }

    /// Deletes every expired session, every failure count that has faded and every place not signed
    /// in from for `placesForgottenAfterDays` (`serve` at start and hourly): none answers anything
    /// any more (a place that old is a stranger's again), and each would otherwise grow for ever.
    /// In batches, each its own short transaction: a day of sprayed failures is millions of rows,
    /// and sign-ins must not wait for one long delete.
    @discardableResult
    public func purgeExpiredSignIns() throws -> (sessions: Int, failures: Int, places: Int) {
        let sessions = try deleteInBatches("""
            DELETE FROM account_session WHERE token_sha256 IN (
                SELECT s.token_sha256 FROM account_session s WHERE NOT (\(Self.sessionIsOpen)) LIMIT \(Self.purgeBatch))
            """)
        let failures = try deleteFadedFailures()
        let places = try deleteInBatches("""
            DELETE FROM known_place WHERE (account_id, place) IN (
                SELECT account_id, place FROM known_place
                WHERE last_signed_in_at < strftime('%Y-%m-%d %H:%M:%f', 'now', '-\(Self.placesForgottenAfterDays) days') LIMIT \(Self.purgeBatch))
            """)
        return (sessions, failures, places)
    }

    /// A place not signed in from for this long is forgotten: as long as a known-device cookie
    /// lasts. A thief's place, or a carrier's address used once, does not stay known for ever.
    public static let placesForgottenAfterDays = 365
    static let purgeBatch = 10_000

    /// Walks the failure counts by their key, a batch at a time: no index finds the faded ones,
    /// and a batch that scanned from the start each time would hold the write lock ever longer.
    private func deleteFadedFailures() throws -> Int {
        var deleted = 0, after = ""
        while true {
            let (last, count) = try write { db -> (String?, Int) in
                guard let last = try String.fetchOne(db, sql: """
                    SELECT max(subject) FROM (SELECT subject FROM sign_in_failure WHERE subject > ? ORDER BY subject LIMIT \(Self.purgeBatch))
                    """, arguments: [after]) else { return (nil, 0) }
                try db.execute(sql: """
                    DELETE FROM sign_in_failure WHERE subject > ? AND subject <= ?
                    AND (julianday('now') - julianday(last_failure_at)) * 86400 >= \(Self.failureMemory)
                    """, arguments: [after, last])
                return (last, db.changesCount)
            }
            deleted += count
            guard let last else { return deleted }
            after = last
        }
    }

    private func deleteInBatches(_ sql: String) throws -> Int {
        var deleted = 0
        while true {
            let count = try write { db in
                try db.execute(sql: sql)
                return db.changesCount
            }
            deleted += count
            if count < Self.purgeBatch { return deleted }
        }
    }

    /// Places kept per account: the newest, so that a roaming phone's thousand addresses cost a
    /// bounded table, and the places she really uses stay.
    public static let knownPlacesKept = 200

    private static func remember(_ place: String, of account: Account, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO known_place (account_id, place, first_signed_in_at, last_signed_in_at) VALUES (?, ?, \(now), \(now))
            ON CONFLICT (account_id, place) DO UPDATE SET last_signed_in_at = max(last_signed_in_at, excluded.last_signed_in_at)
            """, arguments: [account.id, place])   // max: a clock set back must not break the row's CHECK, and with it every sign-in there
        // The place just written is kept whatever ties in time there are among the others.
        try db.execute(sql: """
            DELETE FROM known_place WHERE account_id = ?1 AND place <> ?2 AND place NOT IN (
                SELECT place FROM known_place WHERE account_id = ?1 AND place <> ?2
                ORDER BY last_signed_in_at DESC, place LIMIT \(knownPlacesKept - 1))
            """, arguments: [account.id, place])
    }

    /// The account's open sessions, most recently used first.
    public func sessions(of name: String) throws -> [AccountSession] {
        try read { db in
            let account = try Self.account(named: name, db)
            return try Row.fetchAll(db, sql: """
                SELECT substr(s.token_sha256, 1, 8) AS id, s.created_at, s.last_seen_at, s.address FROM account_session s
                WHERE s.account_id = ? AND \(Self.sessionIsOpen) ORDER BY s.last_seen_at DESC
                """, arguments: [account.id]).map {
                AccountSession(id: $0["id"], createdAt: $0["created_at"], lastSeenAt: $0["last_seen_at"], address: $0["address"])
            }
        }
    }

    /// Ends every session of the account (`user sessions NAME --end-all`); how many were open.
    public func endSessions(of name: String) throws -> Int {
        try write { db in
            let account = try Self.account(named: name, db)
            let open = try Int.fetchOne(db, sql: "SELECT count(*) FROM account_session s WHERE s.account_id = ? AND \(Self.sessionIsOpen)",
                                        arguments: [account.id]) ?? 0
            try db.execute(sql: "DELETE FROM account_session WHERE account_id = ?", arguments: [account.id])
            return open
        }
    }

    /// The open session with this cookie token: its account and CSRF token. Its last-seen
    /// time is brought up to date at most once a minute (a write per page is waste).
    public func openSession(token: String) throws -> (account: Account, csrfToken: String)? {
        let key = Secret.sha256(token)
        let found = try read { db -> (Account, String, Bool)? in
            // One cached statement: this runs for every request of a signed-in account.
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT s.csrf_token, s.last_seen_at < strftime('%Y-%m-%d %H:%M:%f', 'now', '-1 minute') AS stale,
                       a.id, a.name, a.created_at, a.password_changed_at, a.language, 0 AS open_sessions
                FROM account_session s JOIN account a ON a.id = s.account_id
                WHERE s.token_sha256 = ? AND \(Self.sessionIsOpen)
                """), arguments: [key]) else { return nil }
            return (Self.account(row), row["csrf_token"], row["stale"])
        }
        guard let (account, csrf, stale) = found else { return nil }
        if stale {
            try write { db in
                try db.execute(sql: "UPDATE account_session SET last_seen_at = \(Self.now) WHERE token_sha256 = ?", arguments: [key])
            }
        }
        return (account, csrf)
    }

    /// Signs a browser out.
    public func endSession(token: String) throws {
        try write { db in try db.execute(sql: "DELETE FROM account_session WHERE token_sha256 = ?", arguments: [Secret.sha256(token)]) }
    }

    // MARK: - Throttling sign-in

    /// Seconds until another sign-in may be tried for any of these subjects: none for the first
    /// `freeFailures` failures, then 1, 2, 4 … seconds after the last failure, at most 15 minutes.
    /// A subject with no failure for `failureMemory` seconds starts again from none (an address
    /// is never cleared by a success, so its count must fade).
    public func signInWait(for subjects: [String]) throws -> Int {
        let waits = try read { db in
            try subjects.map { subject -> (wait: Int, future: Bool) in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT failures, CAST(round((julianday('now') - julianday(last_failure_at)) * 86400) AS INTEGER) AS elapsed
                    FROM sign_in_failure WHERE subject = ?
                    """, arguments: [subject]) else { return (0, false) }
                let failures: Int = row["failures"], elapsed: Int = row["elapsed"]
                guard failures >= Self.freeFailures, elapsed < Self.failureMemory else { return (0, false) }
                let wait = min(1 << min(failures - Self.freeFailures, 10), 900)
                return (max(0, wait - max(0, elapsed)), elapsed < 0)
            }
        }
        // A failure dated in the future (a clock set back since) is dated now, once: its wait then
        // counts down from now, not from when the clock catches up.
        if waits.contains(where: \.future) {
            try write { db in
                try db.execute(sql: """
                    UPDATE sign_in_failure SET last_failure_at = \(Self.now)
                    WHERE subject IN (SELECT value FROM json_each(?)) AND last_failure_at > \(Self.now)
                    """, arguments: [CachedReads.list(subjects)])
            }
        }
        return waits.map(\.wait).max() ?? 0
    }

    public static let freeFailures = 5

    /// Failures counted for the subject (none once `failureMemory` has passed since the last).
    public func signInFailures(for subject: String) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT failures FROM sign_in_failure
                WHERE subject = ? AND (julianday('now') - julianday(last_failure_at)) * 86400 < \(Self.failureMemory)
                """, arguments: [subject]) ?? 0
        }
    }

    /// True when the account has ever signed in from this place (`known_place`, by `ClientKey`:
    /// an IPv6 host's next privacy address is the same place), until the account is removed.
    /// Signing out or changing the password does not make her a stranger at home.
    public func hasSignedIn(name: String, from address: String) throws -> Bool {
        guard let place = ClientKey.place(of: address) else { return false }
        return try read { db in
            try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM known_place k JOIN account a ON a.id = k.account_id
                               WHERE a.name_key = ? AND k.place = ?)
                """), arguments: [NameKey.of(name), place]) ?? false
        }
    }
    public static let failureMemory = 86_400

    public func recordSignInFailure(for subjects: [String]) throws {
        try write { db in
            for subject in subjects {
                try db.execute(sql: """
                    INSERT INTO sign_in_failure (subject, failures, last_failure_at) VALUES (?, 1, \(Self.now))
                    ON CONFLICT (subject) DO UPDATE SET last_failure_at = excluded.last_failure_at,
                        failures = CASE WHEN (julianday('now') - julianday(last_failure_at)) * 86400 >= \(Self.failureMemory)
                                        THEN 1 ELSE failures + 1 END
                    """, arguments: [subject])
            }
        }
    }

    public func clearSignInFailures(for subjects: [String]) throws {
        try write { db in
            for subject in subjects { try db.execute(sql: "DELETE FROM sign_in_failure WHERE subject = ?", arguments: [subject]) }
        }
    }

    // MARK: - Helpers

    static let accountSelect = """
        SELECT a.id, a.name, a.created_at, a.password_changed_at, a.language,
               (SELECT count(*) FROM account_session s WHERE s.account_id = a.id AND \(sessionIsOpen)) AS open_sessions
        FROM account a
        """

    static func account(_ row: Row) -> Account {
        Account(id: RecordID(rawValue: row["id"]), name: row["name"], createdAt: row["created_at"],
                passwordChangedAt: row["password_changed_at"], openSessions: row["open_sessions"],
                language: (row["language"] as String?).map(StaffLanguage.init(stored:)))
    }

    static func account(named name: String, _ db: Database) throws -> Account {
        guard let row = try Row.fetchOne(db, sql: "\(accountSelect) WHERE a.name_key = ?", arguments: [NameKey.of(name)]) else {
            throw StoreError.noSuchRecord(what: "account", reference: name, list: "homecrew user list")
        }
        return account(row)
    }
}

extension AppDatabase {
    /// Forgets every failure count of the account's name (`user unlock`): from anywhere, per place,
    /// per device, and any other count kept under the name; how many were cleared. Addresses' counts
    /// are kept (they are about the address, whoever it tried), and so are a session's wrong current
    /// passwords (clearing them would give a session thief more tries).
    public func clearSignInFailures(ofAccount name: String) throws -> Int {
        try write { db in
            let key = NameKey.of(try Self.account(named: name, db).name)
            // A prefix compared as text, not LIKE or GLOB: a name may hold `_`, a LIKE wildcard. The space
            // keeps asha's from matching asha2's; SQLite's substr counts code points, as unicodeScalars do.
            let prefix = "account:\(key) "
            try db.execute(sql: "DELETE FROM sign_in_failure WHERE subject = ? OR substr(subject, 1, ?) = ?",
                           arguments: ["account:" + key, prefix.unicodeScalars.count, prefix])
            return db.changesCount
        }
    }
}
