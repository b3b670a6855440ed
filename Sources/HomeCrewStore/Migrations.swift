import GRDB

/// The vault's database schema, one migration per released change. Append only: a
/// migration that has shipped is never edited, because vaults in the field already ran it.
enum Migrations {
    /// The on-disk format this program writes. A vault whose `vault.format_version` is
    /// higher was written by a newer HomeCrew and is refused, never "downgraded".
    static let currentFormatVersion = 1

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: households, staff, salary history", migrate: createFoundation)
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
}
