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
