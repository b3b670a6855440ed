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
