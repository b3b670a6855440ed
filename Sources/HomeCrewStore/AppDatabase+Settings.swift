import GRDB
import HomeCrewCore

/// Vault settings: a few named values kept in the vault itself.
public enum VaultSetting: String, CaseIterable, Sendable {
    /// tesseract languages for OCR, joined by + (default "eng").
    case ocrLanguages = "ocr.languages"

    public var defaultValue: String {
        switch self {
        case .ocrLanguages: return "eng"
        }
    }
}

extension AppDatabase {
    public func setting(_ key: VaultSetting) throws -> String {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key.rawValue]) ?? key.defaultValue
        }
    }

    /// Sets a value, or with nil goes back to the default.
    public func setSetting(_ key: VaultSetting, to value: String?) throws {
        try write { db in
            if let value {
                try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                               arguments: [key.rawValue, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key.rawValue])
            }
        }
    }
}

extension AppDatabase {
    private static let calendarFeedKey = "web.calendar_feed_token"

    /// The secret in the due list's calendar feed URL, nil when no feed is published. It is
    /// kept apart from the settings `vault config` shows and changes.
    public func calendarFeedToken() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.calendarFeedKey]) }
    }

    /// Publishes the feed under a new secret (the old URL stops working), or with nil stops it.
    public func setCalendarFeedToken(_ token: String?) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [Self.calendarFeedKey])
            if let token {
                try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?)", arguments: [Self.calendarFeedKey, token])
            }
        }
    }
}

extension AppDatabase {
    /// "token" in the name: the audit trail records its value as "(secret)".
    private static let deviceKeyName = "web.device_token_key"

    /// The key the web server signs known-device cookies with: made at random the first time,
    /// kept in the vault so that a browser stays known across restarts. Apart from `vault config`.
    public func webDeviceKey() throws -> String {
        try write { db in
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                           arguments: [Self.deviceKeyName, Secret.make()])
            return try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.deviceKeyName]) ?? ""
        }
    }
}

/// Whose due list a calendar feed's secret opens.
public enum CalendarFeedOwner: Sendable, Equatable {
    /// The vault's own feed: every household.
    case vault
    /// An account's feed: its households.
    case account(Account)
}

extension AppDatabase {
    /// The feed's secret of an account (nil: the vault's own feed), nil when none is published.
    public func calendarFeedToken(for account: Account?) throws -> String? {
        guard let account else { return try calendarFeedToken() }
        return try read { db in try String.fetchOne(db, sql: "SELECT token FROM calendar_feed WHERE account_id = ?", arguments: [account.id]) }
    }

    /// Publishes an account's feed under a new secret, or with nil stops it (nil account: the vault's own feed).
    public func setCalendarFeedToken(_ token: String?, for account: Account?) throws {
        guard let account else { return try setCalendarFeedToken(token) }
        try write { db in
            try db.execute(sql: "DELETE FROM calendar_feed WHERE account_id = ?", arguments: [account.id])
            if let token {
                try db.execute(sql: "INSERT INTO calendar_feed (account_id, token, created_at) VALUES (?, ?, \(Self.now))",
                               arguments: [account.id, token])
            }
        }
    }

    /// Whose feed this secret opens; nil when it opens none.
    public func calendarFeedOwner(token: String) throws -> CalendarFeedOwner? {
        if let vault = try calendarFeedToken(), Secret.matches(token, vault) { return .vault }
        return try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                \(Self.accountSelect) JOIN calendar_feed f ON f.account_id = a.id WHERE f.token = ?
                """, arguments: [token]) else { return nil }
            return .account(Self.account(row))
        }
    }
}

