import GRDB
import HomeCrewCore

/// The vault's database schema, one migration per released change. Append only: a
/// migration that has shipped is never edited, because vaults in the field already ran it.
enum Migrations {
    /// The on-disk format this program writes. A vault whose `vault.format_version` is
    /// higher was written by a newer HomeCrew and is refused, never "downgraded".
    static let currentFormatVersion = 2

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: households, staff, salary history", migrate: createFoundation)
        migrator.registerMigration("v2: objects and documents", migrate: createDocuments)
        return migrator
    }

    // A calendar date column holds exactly `YYYY-MM-DD` of a real day: SQLite's
    // `date(x, '+0 days')` normalises 2026-02-30 to 2026-03-02, so it is not `IS x`.
    private static func isDate(_ column: String) -> String {
        "\(column) IS date(\(column), '+0 days')"
    }

    // A non-negative plain decimal: digits, at most one point, digits after it.
    private static func isPlainDecimal(_ column: String) -> String {
        "\(column) GLOB '[0-9]*' AND \(column) NOT GLOB '*[^0-9.]*' AND \(column) NOT GLOB '*.*.*' AND \(column) NOT GLOB '*.'"
    }

    private static func createFoundation(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE household (
                id          TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
                name_key    TEXT NOT NULL UNIQUE,
                address     TEXT,
                notes       TEXT,
                created_at  TEXT NOT NULL
            );

            CREATE TABLE vault (
                singleton            INTEGER PRIMARY KEY CHECK (singleton = 1),
                format_version       INTEGER NOT NULL,
                created_at           TEXT NOT NULL,
                primary_household_id TEXT REFERENCES household(id) ON DELETE RESTRICT,
                active_household_id  TEXT REFERENCES household(id) ON DELETE SET NULL
            );
            INSERT INTO vault (singleton, format_version, created_at)
                VALUES (1, 1, strftime('%Y-%m-%d %H:%M:%f', 'now'));

            CREATE TABLE staff (
                id                TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                household_id      TEXT NOT NULL REFERENCES household(id) ON DELETE RESTRICT,
                legal_name        TEXT NOT NULL CHECK (length(trim(legal_name)) > 0),
                known_as          TEXT CHECK (known_as IS NULL OR length(trim(known_as)) > 0),
                start_date        TEXT NOT NULL CHECK (\(isDate("start_date"))),
                leaving_date      TEXT CHECK (leaving_date IS NULL
                                              OR (\(isDate("leaving_date")) AND leaving_date >= start_date)),
                annual_leave_days TEXT NOT NULL CHECK (\(isPlainDecimal("annual_leave_days"))
                                              AND CAST(annual_leave_days AS NUMERIC) BETWEEN 0 AND 366
                                              AND annual_leave_days * 2 = CAST(annual_leave_days * 2 AS INTEGER)),
                duties            TEXT,
                created_at        TEXT NOT NULL
            );
            CREATE INDEX staff_by_household ON staff(household_id);

            CREATE TABLE salary_entry (
                staff_id       TEXT NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
                effective_from TEXT NOT NULL CHECK (\(isDate("effective_from"))),
                amount         TEXT NOT NULL CHECK (\(isPlainDecimal("amount"))),
                currency       TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
                PRIMARY KEY (staff_id, effective_from)
            ) WITHOUT ROWID;

            -- A salary cannot take effect before the person starts.
            CREATE TRIGGER salary_entry_not_before_start_on_insert
            BEFORE INSERT ON salary_entry
            WHEN NEW.effective_from < (SELECT start_date FROM staff WHERE id = NEW.staff_id)
            BEGIN SELECT RAISE(ABORT, 'salary entry takes effect before the start date'); END;

            CREATE TRIGGER salary_entry_not_before_start_on_update
            BEFORE UPDATE OF effective_from ON salary_entry
            WHEN NEW.effective_from < (SELECT start_date FROM staff WHERE id = NEW.staff_id)
            BEGIN SELECT RAISE(ABORT, 'salary entry takes effect before the start date'); END;
            """)
    }

    private static func createDocuments(_ db: Database) throws {
        let mediaTypes = MediaType.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let kinds = DocumentKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        try db.execute(sql: """
            -- One row per stored file (objects/sha256/ab/abcdef…) and what was read from it.
            CREATE TABLE object (
                sha256            TEXT PRIMARY KEY NOT NULL
                                  CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
                size              INTEGER NOT NULL CHECK (size >= 0),
                media_type        TEXT NOT NULL CHECK (media_type IN (\(mediaTypes))),
                stored_at         TEXT NOT NULL,
                extraction_status TEXT NOT NULL CHECK (extraction_status IN ('complete', 'partial', 'failed', 'skipped')),
                extraction_note   TEXT,
                page_count        INTEGER CHECK (page_count IS NULL OR page_count >= 0),
                pixel_width       INTEGER CHECK (pixel_width IS NULL OR pixel_width > 0),
                pixel_height      INTEGER CHECK (pixel_height IS NULL OR pixel_height > 0),
                orientation       INTEGER CHECK (orientation IS NULL OR orientation BETWEEN 1 AND 8),
                meta_title        TEXT,
                meta_author       TEXT,
                meta_created      TEXT,
                encrypted         INTEGER NOT NULL DEFAULT 0 CHECK (encrypted IN (0, 1)),
                thumbnail_sha256  TEXT REFERENCES object(sha256) ON DELETE SET NULL
            ) WITHOUT ROWID;

            CREATE TABLE object_page (
                object_sha256 TEXT NOT NULL REFERENCES object(sha256) ON DELETE CASCADE,
                page_number   INTEGER NOT NULL CHECK (page_number >= 1),
                text          TEXT NOT NULL,
                text_source   TEXT NOT NULL CHECK (text_source IN ('pdf-text', 'ocr', 'none')),
                PRIMARY KEY (object_sha256, page_number)
            ) WITHOUT ROWID;

            CREATE TABLE document (
                id            TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                household_id  TEXT NOT NULL REFERENCES household(id) ON DELETE RESTRICT,
                object_sha256 TEXT NOT NULL UNIQUE REFERENCES object(sha256) ON DELETE RESTRICT,
                kind          TEXT NOT NULL CHECK (kind IN (\(kinds))),
                title         TEXT NOT NULL CHECK (length(trim(title)) > 0),
                original_name TEXT NOT NULL,
                issued_on     TEXT CHECK (issued_on IS NULL OR \(isDate("issued_on"))),
                expires_on    TEXT CHECK (expires_on IS NULL OR (\(isDate("expires_on"))
                                          AND (issued_on IS NULL OR expires_on >= issued_on))),
                added_at      TEXT NOT NULL
            );
            CREATE INDEX document_by_household ON document(household_id);
            CREATE INDEX document_by_expiry ON document(expires_on) WHERE expires_on IS NOT NULL;

            CREATE TABLE document_staff (
                document_id TEXT NOT NULL REFERENCES document(id) ON DELETE CASCADE,
                staff_id    TEXT NOT NULL REFERENCES staff(id) ON DELETE RESTRICT,
                PRIMARY KEY (document_id, staff_id)
            ) WITHOUT ROWID;
            CREATE INDEX document_staff_by_staff ON document_staff(staff_id);

            -- A document links only to staff of its own household.
            CREATE TRIGGER document_staff_same_household
            BEFORE INSERT ON document_staff
            WHEN (SELECT household_id FROM staff WHERE id = NEW.staff_id)
                 IS NOT (SELECT household_id FROM document WHERE id = NEW.document_id)
            BEGIN SELECT RAISE(ABORT, 'a document links only to staff of its own household'); END;

            UPDATE vault SET format_version = 2;
            """)
    }
}
