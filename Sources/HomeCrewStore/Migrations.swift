import Foundation
import GRDB
import HomeCrewCore

/// The vault's database schema, one migration per released change. Append only: a
/// migration that has shipped is never edited, because vaults in the field already ran it.
enum Migrations {
    /// The on-disk format this program writes. A vault whose `vault.format_version` is
    /// higher was written by a newer HomeCrew and is refused, never "downgraded".
    static let currentFormatVersion = 22

    /// Recorded in every HomeCrew vault's `grdb_migrations`: what tells its database from another program's.
    static let firstIdentifier = "v1: households, staff, salary history"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(firstIdentifier, migrate: createFoundation)
        migrator.registerMigration("v2: objects and documents", migrate: createDocuments)
        migrator.registerMigration("v3: full-text search", migrate: createSearchIndex)
        migrator.registerMigration("v4: vault settings", migrate: createSettings)
        migrator.registerMigration("v5: leave, pay adjustments, closed months", migrate: createPayroll)
        migrator.registerMigration("v6: search text reads presentation forms", migrate: reindexSearchText)
        migrator.registerMigration("v7: audit trail and accounts", migrate: createAuditTrailAndAccounts)
        migrator.registerMigration("v8: households shared with members", migrate: createSharing)
        migrator.registerMigration("v9: payments and advances", migrate: createPayments)
        migrator.registerMigration("v10: settlement rules and contract gratuities", migrate: addSettlementChoices)
        migrator.registerMigration("v11: documents and household names unique per household and reach", migrate: scopeUniqueness)
        migrator.registerMigration("v12: ledger openings", migrate: createLedgerOpenings)
        migrator.registerMigration("v13: backup runs", migrate: createBackupRuns)
        migrator.registerMigration("v14: text read with a password or on reprocessing kept per document", migrate: createDocumentExtractions)
        migrator.registerMigration("v15: text generations of objects", migrate: addTextGenerations)
        migrator.registerMigration("v16: document numbers", migrate: addDocumentNumbers)
        migrator.registerMigration("v17: places accounts signed in from", migrate: createKnownPlaces)
        migrator.registerMigration("v18: a contract gratuity's month and minimum service", migrate: addContractGratuityTerms)
        migrator.registerMigration("v19: openings and payments that stand, found however many reversals lie behind them", migrate: indexStandingEntries)
        migrator.registerMigration("v20: a document's facts read once and kept", migrate: createDocumentFacts)
        migrator.registerMigration("v21: the language a person reads", migrate: addStaffLanguage)
        migrator.registerMigration("v22: the household's language and each account's", migrate: addHouseholdAndAccountLanguage)
        return migrator
    }

    // A calendar date column holds exactly `YYYY-MM-DD` of a real day: SQLite's
    // `date(x, '+0 days')` normalises 2026-02-30 to 2026-03-02, so it is not `IS x`.
    private static func isDate(_ column: String) -> String {
        "\(column) IS date(\(column), '+0 days')"
    }

    // A BCP 47 tag's form (HomeCrew checks the tag against its lists, which may change).
    private static let languageTagCheck =
        "CHECK (language IS NULL OR (length(language) BETWEEN 2 AND 35 AND language NOT GLOB '*[^A-Za-z0-9-]*'))"

    /// Makes a table's audit triggers again (so a new column is in its history), with a baseline
    /// entry for each of its records.
    private static func remakeAuditTriggers(of name: String, baselineBy actor: String, _ db: Database) throws {
        for table in AuditedTable.formatSeven where table.name == name {
            for event in table.events { try db.execute(sql: "DROP TRIGGER audit_\(table.name)_\(event.lowercased())") }
            try db.execute(sql: try table.triggers(db))
            try db.execute(sql: try table.baseline(db, actor: actor))
        }
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

    /// The text of every document page, with the document's title, staff, household, kind
    /// and file name, as the index sees it. Page 0 stands for a document with no pages yet.
    static let searchSourceView = """
        CREATE VIEW search_source AS
        SELECT d.id AS document_id, d.object_sha256 AS object_sha256, COALESCE(p.page_number, 0) AS page_number,
               homecrew_search_text(d.title) AS title,
               homecrew_search_text((SELECT group_concat(s.legal_name || ' ' || COALESCE(s.known_as, ''), ' ')
                                     FROM document_staff l JOIN staff s ON s.id = l.staff_id
                                     WHERE l.document_id = d.id)) AS staff,
               homecrew_search_text(h.name) AS household,
               d.kind AS kind,
               homecrew_search_text(d.original_name) AS file_name,
               homecrew_search_text(COALESCE(p.text, '')) AS body
        FROM document d
        JOIN household h ON h.id = d.household_id
        LEFT JOIN object_page p ON p.object_sha256 = d.object_sha256
        """

    static let searchColumns = "document_id, page_number, title, staff, household, kind, file_name, body"

    private static func refresh(_ documents: String) -> String {
        """
        DELETE FROM search_row WHERE document_id IN (\(documents));
        INSERT INTO search_row (\(searchColumns))
            SELECT \(searchColumns) FROM search_source WHERE document_id IN (\(documents));
        """
    }

    private static func createSearchIndex(_ db: Database) throws {
        try db.execute(sql: """
            \(searchSourceView);

            -- One row per document page: the external content of the FTS5 index. Kept in step
            -- by the triggers below, in the same transaction as every change it reflects.
            CREATE TABLE search_row (
                rowid       INTEGER PRIMARY KEY,
                document_id TEXT NOT NULL REFERENCES document(id) ON DELETE CASCADE,
                page_number INTEGER NOT NULL,
                title TEXT, staff TEXT, household TEXT, kind TEXT, file_name TEXT, body TEXT,
                UNIQUE (document_id, page_number)
            );

            CREATE VIRTUAL TABLE search_index USING fts5(
                title, staff, household, kind, file_name, body,
                content = 'search_row', content_rowid = 'rowid',
                tokenize = "porter unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
            );

            CREATE TRIGGER search_row_ai AFTER INSERT ON search_row BEGIN
                INSERT INTO search_index (rowid, title, staff, household, kind, file_name, body)
                VALUES (NEW.rowid, NEW.title, NEW.staff, NEW.household, NEW.kind, NEW.file_name, NEW.body);
            END;
            CREATE TRIGGER search_row_ad AFTER DELETE ON search_row BEGIN
                INSERT INTO search_index (search_index, rowid, title, staff, household, kind, file_name, body)
                VALUES ('delete', OLD.rowid, OLD.title, OLD.staff, OLD.household, OLD.kind, OLD.file_name, OLD.body);
            END;

            CREATE TRIGGER search_document_ai AFTER INSERT ON document BEGIN
                \(refresh("NEW.id"))
            END;
            CREATE TRIGGER search_document_au AFTER UPDATE OF title, kind, original_name, household_id, object_sha256 ON document BEGIN
                \(refresh("NEW.id"))
            END;
            CREATE TRIGGER search_link_ai AFTER INSERT ON document_staff BEGIN
                \(refresh("NEW.document_id"))
            END;
            CREATE TRIGGER search_link_ad AFTER DELETE ON document_staff BEGIN
                \(refresh("OLD.document_id"))
            END;
            CREATE TRIGGER search_staff_au AFTER UPDATE OF legal_name, known_as ON staff BEGIN
                \(refresh("SELECT document_id FROM document_staff WHERE staff_id = NEW.id"))
            END;
            CREATE TRIGGER search_household_au AFTER UPDATE OF name ON household BEGIN
                \(refresh("SELECT id FROM document WHERE household_id = NEW.id"))
            END;
            CREATE TRIGGER search_page_ai AFTER INSERT ON object_page BEGIN
                DELETE FROM search_row WHERE page_number = 0
                    AND document_id IN (SELECT id FROM document WHERE object_sha256 = NEW.object_sha256);
                INSERT INTO search_row (\(searchColumns))
                    SELECT \(searchColumns) FROM search_source
                    WHERE object_sha256 = NEW.object_sha256 AND page_number = NEW.page_number;
            END;
            CREATE TRIGGER search_page_ad AFTER DELETE ON object_page BEGIN
                DELETE FROM search_row WHERE page_number = OLD.page_number
                    AND document_id IN (SELECT id FROM document WHERE object_sha256 = OLD.object_sha256);
                INSERT OR IGNORE INTO search_row (\(searchColumns))
                    SELECT \(searchColumns) FROM search_source
                    WHERE object_sha256 = OLD.object_sha256 AND page_number = 0;
            END;

            INSERT INTO search_row (\(searchColumns)) SELECT \(searchColumns) FROM search_source;
            UPDATE vault SET format_version = 3;
            """)
    }

    private static func createSettings(_ db: Database) throws {
        try db.execute(sql: """
            -- Vault-wide settings, such as ocr.languages.
            CREATE TABLE setting (
                key   TEXT PRIMARY KEY NOT NULL CHECK (length(key) > 0),
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            UPDATE vault SET format_version = 4;
            """)
    }

    private static func isMonth(_ column: String) -> String {
        "length(\(column)) = 7 AND \(isDate("(\(column) || '-01')"))"
    }

    private static func createPayroll(_ db: Database) throws {
        let signedAmount = "(\(isPlainDecimal("amount")) OR (amount GLOB '-*' AND \(isPlainDecimal("substr(amount, 2)"))))"
        try db.execute(sql: """
            ALTER TABLE household ADD COLUMN leave_carry_over_cap TEXT NOT NULL DEFAULT '0'
                CHECK (\(isPlainDecimal("leave_carry_over_cap")) AND CAST(leave_carry_over_cap AS NUMERIC) <= 366);

            CREATE TABLE leave (
                id         TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                staff_id   TEXT NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
                first_day  TEXT NOT NULL CHECK (\(isDate("first_day"))),
                last_day   TEXT NOT NULL CHECK (\(isDate("last_day")) AND last_day >= first_day),
                half_day   INTEGER NOT NULL CHECK (half_day IN (0, 1) AND (half_day = 0 OR first_day = last_day)),
                type       TEXT NOT NULL CHECK (type IN ('annual', 'sick', 'unpaid', 'other')),
                note       TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX leave_by_staff ON leave(staff_id, first_day);

            -- One person is never on two leaves on the same day.
            CREATE TRIGGER leave_no_overlap BEFORE INSERT ON leave
            WHEN EXISTS (SELECT 1 FROM leave WHERE staff_id = NEW.staff_id
                         AND first_day <= NEW.last_day AND NEW.first_day <= last_day)
            BEGIN SELECT RAISE(ABORT, 'leave overlaps other leave of the same person'); END;

            CREATE TABLE pay_adjustment (
                id         TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                staff_id   TEXT NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
                month      TEXT NOT NULL CHECK (\(isMonth("month"))),
                amount     TEXT NOT NULL CHECK (\(signedAmount) AND CAST(amount AS NUMERIC) <> 0),
                currency   TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
                reason     TEXT NOT NULL CHECK (length(trim(reason)) > 0),
                created_at TEXT NOT NULL
            );
            CREATE INDEX pay_adjustment_by_staff ON pay_adjustment(staff_id, month);

            CREATE TABLE closed_month (
                household_id TEXT NOT NULL REFERENCES household(id) ON DELETE CASCADE,
                month        TEXT NOT NULL CHECK (\(isMonth("month"))),
                closed_at    TEXT NOT NULL,
                PRIMARY KEY (household_id, month)
            ) WITHOUT ROWID;

            UPDATE vault SET format_version = 5;
            """)
    }

    /// `homecrew_search_text` now turns presentation forms into letters, drops Hebrew points and
    /// puts the reversed copies of Arabic words after the text: every indexed row is made again.
    private static func reindexSearchText(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM search_row;
            INSERT INTO search_row (\(searchColumns)) SELECT \(searchColumns) FROM search_source;
            INSERT INTO search_index (search_index) VALUES ('rebuild');
            UPDATE vault SET format_version = 6;
            """)
    }

    /// Every change to a record is recorded by triggers in the same transaction, with the
    /// actor that `AppDatabase`'s writes name in `audit_context`. Append only: the table
    /// refuses UPDATE and DELETE. Records already there get a `baseline` entry.
    private static func createAuditTrailAndAccounts(_ db: Database) throws {
        try createAccounts(db)
        try createAuditTrail(db)
        try db.execute(sql: "UPDATE vault SET format_version = 7")
    }

    /// Accounts for `homecrew serve`: a name and an Argon2id hash (never the password), and
    /// their sessions, kept by the SHA-256 of the cookie's token (never the token).
    private static func createAccounts(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account (
                id                  TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                name                TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
                name_key            TEXT NOT NULL UNIQUE,
                password_hash       TEXT NOT NULL CHECK (password_hash GLOB '$argon2id$*'),
                created_at          TEXT NOT NULL,
                password_changed_at TEXT NOT NULL
            );

            CREATE TABLE account_session (
                token_sha256 TEXT PRIMARY KEY NOT NULL CHECK (length(token_sha256) = 64),
                account_id   TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                csrf_token   TEXT NOT NULL,
                created_at   TEXT NOT NULL,
                last_seen_at TEXT NOT NULL,
                address      TEXT
            ) WITHOUT ROWID;
            CREATE INDEX account_session_by_account ON account_session(account_id);

            -- Failed sign-ins by account (`account:<name key>`) and by address (`address:<ip>`),
            -- kept so that a restart does not reset the waiting.
            CREATE TABLE sign_in_failure (
                subject         TEXT PRIMARY KEY NOT NULL,
                failures        INTEGER NOT NULL CHECK (failures > 0),
                last_failure_at TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }

    private static func createAuditTrail(_ db: Database) throws {
        let actions = AuditEntry.Action.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        try db.execute(sql: """
            CREATE TABLE audit_entry (
                seq          INTEGER PRIMARY KEY AUTOINCREMENT,
                at           TEXT NOT NULL,
                actor        TEXT NOT NULL CHECK (length(actor) > 0),
                household_id TEXT,
                staff_id     TEXT,
                document_id  TEXT,
                record_type  TEXT NOT NULL,
                record_id    TEXT NOT NULL,
                action       TEXT NOT NULL CHECK (action IN (\(actions))),
                before       TEXT CHECK (before IS NULL OR json_valid(before)),
                after        TEXT CHECK (after IS NULL OR json_valid(after))
            );
            CREATE INDEX audit_entry_by_record ON audit_entry(record_type, record_id, seq);
            CREATE INDEX audit_entry_by_household ON audit_entry(household_id, seq) WHERE household_id IS NOT NULL;
            CREATE INDEX audit_entry_by_staff ON audit_entry(staff_id, seq) WHERE staff_id IS NOT NULL;
            CREATE INDEX audit_entry_by_document ON audit_entry(document_id, seq) WHERE document_id IS NOT NULL;

            CREATE TRIGGER audit_entry_is_append_only_update BEFORE UPDATE ON audit_entry
            BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
            CREATE TRIGGER audit_entry_is_append_only_delete BEFORE DELETE ON audit_entry
            BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;

            -- Who the current write transaction is made by; NULL outside HomeCrew's writes.
            CREATE TABLE audit_context (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                actor     TEXT
            );
            INSERT INTO audit_context VALUES (1, NULL);
            """)
        for table in AuditedTable.formatSeven {
            try db.execute(sql: try table.baseline(db, actor: "upgrade to format 7"))
            try db.execute(sql: try table.triggers(db))
        }
    }

    /// Each household's members by role (no owner row: the vault's own user owns it), and
    /// invitations, kept by the SHA-256 of their single-use token (never the token).
    private static func createSharing(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE household_member (
                household_id TEXT NOT NULL REFERENCES household(id) ON DELETE CASCADE,
                account_id   TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                role         TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'viewer')),
                since        TEXT NOT NULL,
                PRIMARY KEY (household_id, account_id)
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX household_has_one_owner ON household_member(household_id) WHERE role = 'owner';
            CREATE INDEX household_member_by_account ON household_member(account_id);

            CREATE TABLE invitation (
                id             TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                household_id   TEXT NOT NULL REFERENCES household(id) ON DELETE CASCADE,
                role           TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'viewer')),
                token_sha256   TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
                -- An offer of ownership names the one member who may accept it.
                for_account_id TEXT REFERENCES account(id) ON DELETE CASCADE,
                created_by     TEXT NOT NULL,
                created_at     TEXT NOT NULL,
                expires_at     TEXT NOT NULL CHECK (expires_at > created_at),
                accepted_at    TEXT,
                accepted_by    TEXT,
                revoked_at     TEXT,
                CHECK ((role = 'owner') = (for_account_id IS NOT NULL)),
                CHECK (accepted_at IS NULL OR revoked_at IS NULL)
            );
            CREATE INDEX invitation_by_household ON invitation(household_id);

            -- An account's own calendar feed: the due list of its households. The secret is shown on
            -- its Due page whenever it opens it, as the vault's own feed is (setting web.calendar_feed_token).
            CREATE TABLE calendar_feed (
                account_id TEXT PRIMARY KEY NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                token      TEXT NOT NULL UNIQUE CHECK (length(token) = 64),
                created_at TEXT NOT NULL
            ) WITHOUT ROWID;

            -- Which households may see a thumbnail: checked on every request for one.
            CREATE INDEX object_by_thumbnail ON object(thumbnail_sha256) WHERE thumbnail_sha256 IS NOT NULL;
            """)
        for table in AuditedTable.sharing {
            try db.execute(sql: try table.triggers(db))
        }
        try db.execute(sql: "UPDATE vault SET format_version = 8")
    }

    /// The payment ledger: payments (with the months they pay and their proof) and advances.
    /// Payments and advances are never changed or deleted: a mistake is a reversal, a payment
    /// of the opposite sign naming the one it undoes. Nothing that has a payment can be deleted
    /// (the foreign keys have no ON DELETE). A closed month's instalments are kept in
    /// `advance_deduction`, so that later repayments never change a closed payroll.
    /// A household's settlement rules and a person's contract gratuity. The household and staff
    /// tables' audit triggers are made again so that the new columns are in their history, and
    /// each of their records gets a baseline entry with its state as it now reads.
    private static func addSettlementChoices(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE household ADD COLUMN settlement_rules TEXT
                CHECK (settlement_rules IS NULL OR (length(settlement_rules) BETWEEN 1 AND 40 AND settlement_rules NOT GLOB '*[^a-z0-9-]*'));
            ALTER TABLE staff ADD COLUMN contract_gratuity_days INTEGER
                CHECK (contract_gratuity_days IS NULL OR (typeof(contract_gratuity_days) = 'integer' AND contract_gratuity_days BETWEEN 1 AND 365));
            """)
        for table in AuditedTable.formatSeven where table.name == "household" || table.name == "staff" {
            for event in table.events { try db.execute(sql: "DROP TRIGGER audit_\(table.name)_\(event.lowercased())") }
            try db.execute(sql: try table.triggers(db))
            // Each record's state now has the new column: a baseline keeps the trail's latest state equal to the table's.
            try db.execute(sql: try table.baseline(db, actor: "upgrade to format 10"))
        }
        try db.execute(sql: "UPDATE vault SET format_version = 10")
    }

    private static func createPayments(_ db: Database) throws {
        let signedAmount = "(\(isPlainDecimal("amount")) OR (amount GLOB '-*' AND \(isPlainDecimal("substr(amount, 2)"))))"
        let methods = PaymentMethod.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let purposes = Payment.Purpose.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        try db.execute(sql: """
            CREATE TABLE advance (
                id              TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                staff_id        TEXT NOT NULL REFERENCES staff(id),
                kind            TEXT NOT NULL CHECK (kind IN ('advance', 'loan')),
                given_on        TEXT NOT NULL CHECK (\(isDate("given_on"))),
                amount          TEXT NOT NULL CHECK (\(isPlainDecimal("amount")) AND CAST(amount AS NUMERIC) > 0),
                currency        TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
                repay_per_month TEXT CHECK (repay_per_month IS NULL
                                            OR (\(isPlainDecimal("repay_per_month")) AND CAST(repay_per_month AS NUMERIC) > 0)),
                instalments     INTEGER CHECK (instalments IS NULL OR instalments BETWEEN 1 AND 600),
                first_month     TEXT NOT NULL CHECK (\(isMonth("first_month")) AND first_month >= substr(given_on, 1, 7)),
                note            TEXT,
                created_at      TEXT NOT NULL,
                CHECK ((repay_per_month IS NULL) <> (instalments IS NULL))
            );
            CREATE INDEX advance_by_staff ON advance(staff_id, given_on);

            CREATE TABLE payment (
                id         TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                staff_id   TEXT NOT NULL REFERENCES staff(id),
                paid_on    TEXT NOT NULL CHECK (\(isDate("paid_on"))),
                amount     TEXT NOT NULL CHECK (\(signedAmount) AND CAST(amount AS NUMERIC) <> 0),
                currency   TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
                method     TEXT NOT NULL CHECK (method IN (\(methods))),
                reference  TEXT,
                note       TEXT,
                purpose    TEXT NOT NULL CHECK (purpose IN (\(purposes))),
                advance_id TEXT REFERENCES advance(id),
                -- One reversal at most per payment; only a reversal is negative.
                reverses   TEXT UNIQUE REFERENCES payment(id),
                created_at TEXT NOT NULL,
                CHECK ((purpose IN ('advance', 'repayment')) = (advance_id IS NOT NULL)),
                CHECK ((reverses IS NULL) = (amount NOT GLOB '-*'))
            );
            CREATE INDEX payment_by_staff ON payment(staff_id, paid_on);

            -- A reversal undoes a payment that is not itself a reversal: the same person, purpose
            -- and advance, the same amount the other way.
            CREATE TRIGGER payment_reversal_matches BEFORE INSERT ON payment WHEN NEW.reverses IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.id = NEW.reverses AND p.reverses IS NULL
                            AND p.staff_id = NEW.staff_id AND p.purpose = NEW.purpose AND p.advance_id IS NEW.advance_id
                            AND p.currency = NEW.currency AND '-' || p.amount = NEW.amount)
            BEGIN SELECT RAISE(ABORT, 'a reversal must undo one payment exactly'); END;

            CREATE TABLE payment_month (
                payment_id TEXT NOT NULL REFERENCES payment(id),
                month      TEXT NOT NULL CHECK (\(isMonth("month"))),
                amount     TEXT NOT NULL CHECK (\(signedAmount) AND CAST(amount AS NUMERIC) <> 0),
                PRIMARY KEY (payment_id, month)
            ) WITHOUT ROWID;
            CREATE INDEX payment_month_by_month ON payment_month(month);

            CREATE TABLE payment_proof (
                payment_id  TEXT NOT NULL REFERENCES payment(id),
                document_id TEXT NOT NULL REFERENCES document(id),
                added_at    TEXT NOT NULL,
                PRIMARY KEY (payment_id, document_id)
            ) WITHOUT ROWID;
            CREATE INDEX payment_proof_by_document ON payment_proof(document_id);

            CREATE TABLE advance_deduction (
                advance_id TEXT NOT NULL REFERENCES advance(id),
                month      TEXT NOT NULL CHECK (\(isMonth("month"))),
                amount     TEXT NOT NULL CHECK (\(isPlainDecimal("amount")) AND CAST(amount AS NUMERIC) > 0),
                PRIMARY KEY (advance_id, month)
            ) WITHOUT ROWID;
            """)
        for table in ["advance", "payment", "payment_month"] {
            try db.execute(sql: """
                CREATE TRIGGER \(table)_is_append_only_update BEFORE UPDATE ON \(table)
                BEGIN SELECT RAISE(ABORT, 'payments and advances are never changed: record a reversal'); END;
                CREATE TRIGGER \(table)_is_append_only_delete BEFORE DELETE ON \(table)
                BEGIN SELECT RAISE(ABORT, 'payments and advances are never deleted: record a reversal'); END;
                """)
        }
        for table in AuditedTable.payments {
            try db.execute(sql: try table.triggers(db))
        }
        try db.execute(sql: "UPDATE vault SET format_version = 9")
    }

    /// A document is unique per household and object, not per object: a file another household
    /// already filed is filed anew as the uploader's own document (sharing the object and its
    /// pages), so nothing tells one household what another holds. Household names are no longer
    /// unique across the vault (that answer named other accounts' households): `AppDatabase`
    /// refuses a name already used within the reach of the person who adds or renames one.
    private static func scopeUniqueness(_ db: Database) throws {
        try rebuild("document", replacing: "object_sha256 TEXT NOT NULL UNIQUE REFERENCES", with: "object_sha256 TEXT NOT NULL REFERENCES", db)
        try rebuild("household", replacing: "name_key    TEXT NOT NULL UNIQUE,", with: "name_key    TEXT NOT NULL,", db)
        try db.execute(sql: """
            CREATE UNIQUE INDEX document_per_household_object ON document(household_id, object_sha256);
            CREATE INDEX document_by_object ON document(object_sha256);
            CREATE INDEX household_by_name ON household(name_key);
            UPDATE vault SET format_version = 11;
            """)
    }

    /// A table made again with one change to its CREATE statement (SQLite drops no UNIQUE
    /// constraint in place): SQLite's twelve steps, keeping every row with its rowid (the
    /// newest-first lists read it), its indexes and its triggers. Foreign keys are off during a
    /// migration, so dropping the old table cascades nothing.
    private static func rebuild(_ table: String, replacing old: String, with new: String, _ db: Database) throws {
        let create = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]) ?? ""
        guard create.contains(old), create.hasPrefix("CREATE TABLE \(table) (") else {
            throw DatabaseError(message: "the \(table) table is not as format 10 made it")
        }
        let dependents = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name
            """, arguments: [table])
        let columns = try db.columns(in: table).map(\.name).joined(separator: ", ")
        let rebuilt = "CREATE TABLE \(table)_rebuilt (" + create.dropFirst("CREATE TABLE \(table) (".count).replacingOccurrences(of: old, with: new)
        try db.execute(sql: rebuilt)
        try db.execute(sql: "INSERT INTO \(table)_rebuilt (rowid, \(columns)) SELECT rowid, \(columns) FROM \(table) ORDER BY rowid")
        try db.execute(sql: "DROP TABLE \(table)")
        // Other tables' triggers and the search view name the table: the rename must not check them
        // while it is away (the modern rename parses the whole schema).
        try db.execute(sql: "PRAGMA legacy_alter_table = ON")
        try db.execute(sql: "ALTER TABLE \(table)_rebuilt RENAME TO \(table)")
        try db.execute(sql: "PRAGMA legacy_alter_table = OFF")
        for sql in dependents { try db.execute(sql: sql) }
    }

    /// Where a household's (or one person's) payment ledger begins: months up to `settled_through`
    /// were settled before HomeCrew. Append only like the payments, one standing opening per
    /// household and per person, undone by a reversal that repeats it.
    private static func createLedgerOpenings(_ db: Database) throws {
        let standing = "o.reverses IS NULL AND o.id NOT IN (SELECT reverses FROM ledger_opening WHERE reverses IS NOT NULL)"
        try db.execute(sql: """
            CREATE TABLE ledger_opening (
                id              TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 12),
                household_id    TEXT NOT NULL REFERENCES household(id),
                staff_id        TEXT REFERENCES staff(id),
                settled_through TEXT NOT NULL CHECK (\(isMonth("settled_through"))),
                recorded_on     TEXT NOT NULL CHECK (\(isDate("recorded_on"))),
                note            TEXT,
                reverses        TEXT UNIQUE REFERENCES ledger_opening(id),
                created_at      TEXT NOT NULL
            );
            CREATE INDEX ledger_opening_by_household ON ledger_opening(household_id);

            CREATE TRIGGER ledger_opening_staff_in_household BEFORE INSERT ON ledger_opening WHEN NEW.staff_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM staff s WHERE s.id = NEW.staff_id AND s.household_id = NEW.household_id)
            BEGIN SELECT RAISE(ABORT, 'an opening for a person is in their household'); END;

            CREATE TRIGGER ledger_opening_one_standing BEFORE INSERT ON ledger_opening WHEN NEW.reverses IS NULL
            AND EXISTS (SELECT 1 FROM ledger_opening o WHERE o.household_id = NEW.household_id AND o.staff_id IS NEW.staff_id AND \(standing))
            BEGIN SELECT RAISE(ABORT, 'a ledger has one opening: reverse it before opening it again'); END;

            CREATE TRIGGER ledger_opening_reversal_matches BEFORE INSERT ON ledger_opening WHEN NEW.reverses IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM ledger_opening o WHERE o.id = NEW.reverses AND o.reverses IS NULL
                            AND o.household_id = NEW.household_id AND o.staff_id IS NEW.staff_id
                            AND o.settled_through = NEW.settled_through)
            BEGIN SELECT RAISE(ABORT, 'a reversal must undo one opening exactly'); END;

            CREATE TRIGGER ledger_opening_is_append_only_update BEFORE UPDATE ON ledger_opening
            BEGIN SELECT RAISE(ABORT, 'openings are never changed: record a reversal'); END;
            CREATE TRIGGER ledger_opening_is_append_only_delete BEFORE DELETE ON ledger_opening
            BEGIN SELECT RAISE(ABORT, 'openings are never deleted: record a reversal'); END;
            """)
        for table in AuditedTable.openings {
            try db.execute(sql: try table.triggers(db))
        }
        try db.execute(sql: "UPDATE vault SET format_version = 12")
    }

    // Backups through restic: the vault's id (its snapshots' tag, kept by a restored copy) and
    // every run of a backup or drill. Not audited: runs are the machine's doing, not a person's.
    private static func createBackupRuns(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE backup_identity (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                vault_id  TEXT NOT NULL CHECK (length(vault_id) = 16 AND vault_id NOT GLOB '*[^0-9a-f]*')
            );
            INSERT INTO backup_identity (singleton, vault_id) VALUES (1, lower(hex(randomblob(8))));
            CREATE TRIGGER backup_identity_never_changes BEFORE UPDATE ON backup_identity
            BEGIN SELECT RAISE(ABORT, 'a vault keeps its backup id'); END;

            CREATE TABLE backup_run (
                id          INTEGER PRIMARY KEY,
                kind        TEXT NOT NULL CHECK (kind IN ('backup', 'drill')),
                repository  TEXT NOT NULL CHECK (length(repository) BETWEEN 1 AND 1000
                                                 AND repository NOT GLOB '*://*:*@*'),
                started_at  TEXT NOT NULL,
                finished_at TEXT NOT NULL CHECK (finished_at >= started_at),
                succeeded   INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
                snapshot_id TEXT CHECK (snapshot_id IS NULL OR (length(snapshot_id) BETWEEN 8 AND 64
                                                                AND snapshot_id NOT GLOB '*[^0-9a-f]*')),
                message     TEXT CHECK (message IS NULL OR (length(message) <= 1000 AND instr(message, char(10)) = 0)),
                CHECK (succeeded = 1 OR message IS NOT NULL)
            );
            CREATE INDEX backup_run_by_kind ON backup_run(kind, succeeded, finished_at);
            CREATE TRIGGER backup_run_is_append_only BEFORE UPDATE ON backup_run
            BEGIN SELECT RAISE(ABORT, 'backup runs are never changed'); END;
            """)
        try db.execute(sql: "UPDATE vault SET format_version = 13")
    }

    /// What a household read from its own document with a secret (a PDF's password) or by
    /// reprocessing it is kept with that document, not with the object that documents of other
    /// households share: the object's row and pages hold only what the bytes give without one.
    /// The document of an encrypted object that had text keeps it as its own when the object is
    /// one household's; where households shared it, whose password opened it cannot be told, so
    /// none keeps it and each reads it again with its own password. The object keeps none.
    private static func createDocumentExtractions(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE document_extraction (
                document_id       TEXT PRIMARY KEY NOT NULL REFERENCES document(id) ON DELETE CASCADE,
                extraction_status TEXT NOT NULL CHECK (extraction_status IN ('complete', 'partial', 'failed', 'skipped')),
                extraction_note   TEXT,
                page_count        INTEGER CHECK (page_count IS NULL OR page_count >= 0),
                thumbnail_sha256  TEXT REFERENCES object(sha256) ON DELETE SET NULL
            ) WITHOUT ROWID;
            CREATE INDEX document_extraction_by_thumbnail ON document_extraction(thumbnail_sha256) WHERE thumbnail_sha256 IS NOT NULL;
            CREATE TABLE document_page (
                document_id TEXT NOT NULL REFERENCES document_extraction(document_id) ON DELETE CASCADE,
                page_number INTEGER NOT NULL CHECK (page_number >= 1),
                text        TEXT NOT NULL,
                text_source TEXT NOT NULL CHECK (text_source IN ('pdf-text', 'ocr', 'none')),
                PRIMARY KEY (document_id, page_number)
            ) WITHOUT ROWID;

            CREATE TEMP TABLE shared_object AS
                SELECT object_sha256 AS sha256 FROM document GROUP BY object_sha256 HAVING count(DISTINCT household_id) > 1;
            INSERT INTO document_extraction (document_id, extraction_status, extraction_note, page_count, thumbnail_sha256)
                SELECT d.id,
                       CASE WHEN s.sha256 IS NULL THEN o.extraction_status ELSE 'partial' END,
                       CASE WHEN s.sha256 IS NULL THEN o.extraction_note
                            ELSE 'encrypted: reprocess it with --password to read its text' END,
                       o.page_count,
                       CASE WHEN s.sha256 IS NULL THEN o.thumbnail_sha256 END
                FROM document d JOIN object o ON o.sha256 = d.object_sha256 LEFT JOIN shared_object s ON s.sha256 = o.sha256
                WHERE o.encrypted = 1 AND EXISTS (SELECT 1 FROM object_page p WHERE p.object_sha256 = o.sha256);
            INSERT INTO document_page (document_id, page_number, text, text_source)
                SELECT e.document_id, p.page_number, p.text, p.text_source
                FROM document_extraction e JOIN document d ON d.id = e.document_id JOIN object_page p ON p.object_sha256 = d.object_sha256
                WHERE d.object_sha256 NOT IN (SELECT sha256 FROM shared_object);
            DROP TABLE shared_object;
            UPDATE object SET extraction_status = 'partial', thumbnail_sha256 = NULL,
                              meta_title = NULL, meta_author = NULL, meta_created = NULL,
                              extraction_note = 'encrypted: add it again or reprocess it with --password to read its text'
                WHERE encrypted = 1 AND sha256 IN (SELECT object_sha256 FROM object_page);
            DELETE FROM object_page WHERE object_sha256 IN (SELECT sha256 FROM object WHERE encrypted = 1);

            DROP TRIGGER search_page_ai;
            DROP TRIGGER search_page_ad;
            DROP VIEW search_source;
            \(documentSearchSourceView);
            CREATE TRIGGER search_page_ai AFTER INSERT ON object_page BEGIN
                DELETE FROM search_row WHERE page_number = 0
                    AND document_id IN (SELECT id FROM document WHERE object_sha256 = NEW.object_sha256
                                        AND id NOT IN (SELECT document_id FROM document_extraction));
                INSERT INTO search_row (\(searchColumns))
                    SELECT \(searchColumns) FROM search_source
                    WHERE object_sha256 = NEW.object_sha256 AND page_number = NEW.page_number
                      AND document_id NOT IN (SELECT document_id FROM document_extraction);
            END;
            CREATE TRIGGER search_page_ad AFTER DELETE ON object_page BEGIN
                DELETE FROM search_row WHERE page_number = OLD.page_number
                    AND document_id IN (SELECT id FROM document WHERE object_sha256 = OLD.object_sha256
                                        AND id NOT IN (SELECT document_id FROM document_extraction));
                INSERT OR IGNORE INTO search_row (\(searchColumns))
                    SELECT \(searchColumns) FROM search_source
                    WHERE object_sha256 = OLD.object_sha256 AND page_number = 0
                      AND document_id NOT IN (SELECT document_id FROM document_extraction);
            END;
            CREATE TRIGGER search_extraction_ai AFTER INSERT ON document_extraction BEGIN
                \(refresh("NEW.document_id"))
            END;
            CREATE TRIGGER search_extraction_ad AFTER DELETE ON document_extraction BEGIN
                \(refresh("OLD.document_id"))
            END;
            CREATE TRIGGER search_document_page_ai AFTER INSERT ON document_page BEGIN
                DELETE FROM search_row WHERE page_number = 0 AND document_id = NEW.document_id;
                INSERT INTO search_row (\(searchColumns))
                    SELECT \(searchColumns) FROM search_source WHERE document_id = NEW.document_id AND page_number = NEW.page_number;
            END;
            CREATE TRIGGER search_document_page_ad AFTER DELETE ON document_page BEGIN
                DELETE FROM search_row WHERE page_number = OLD.page_number AND document_id = OLD.document_id;
                INSERT OR IGNORE INTO search_row (\(searchColumns))
                    SELECT \(searchColumns) FROM search_source WHERE document_id = OLD.document_id AND page_number = 0;
            END;

            DELETE FROM search_row;
            INSERT INTO search_row (\(searchColumns)) SELECT \(searchColumns) FROM search_source;
            INSERT INTO search_index (search_index) VALUES ('rebuild');
            UPDATE vault SET format_version = 14;
            """)
    }

    /// Each object carries the number of the last change to its pages' text (`text_generation`,
    /// drawn from one clock for the whole vault by the database itself), so a backup knows which
    /// object's text it has written (`TextMirror`) without reading any: a number is never drawn
    /// twice, not even for an object removed and filed again. 0: it never had a page.
    private static func addTextGenerations(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE text_clock (
                id    INTEGER PRIMARY KEY CHECK (id = 1),
                value INTEGER NOT NULL CHECK (value >= 1)
            );
            INSERT INTO text_clock (id, value) VALUES (1, 1);
            ALTER TABLE object ADD COLUMN text_generation INTEGER NOT NULL DEFAULT 0 CHECK (text_generation >= 0);
            UPDATE object SET text_generation = 1 WHERE sha256 IN (SELECT object_sha256 FROM object_page);
            CREATE TRIGGER object_text_generation_ai AFTER INSERT ON object_page BEGIN
                UPDATE text_clock SET value = value + 1;
                UPDATE object SET text_generation = (SELECT value FROM text_clock) WHERE sha256 = NEW.object_sha256;
            END;
            CREATE TRIGGER object_text_generation_au AFTER UPDATE ON object_page BEGIN
                UPDATE text_clock SET value = value + 1;
                UPDATE object SET text_generation = (SELECT value FROM text_clock) WHERE sha256 IN (OLD.object_sha256, NEW.object_sha256);
            END;
            CREATE TRIGGER object_text_generation_ad AFTER DELETE ON object_page BEGIN
                UPDATE text_clock SET value = value + 1;
                UPDATE object SET text_generation = (SELECT value FROM text_clock) WHERE sha256 = OLD.object_sha256;
            END;
            UPDATE vault SET format_version = 15;
            """)
    }

    /// A document's number (a passport's, read from its zone or typed). The document table's audit
    /// triggers are made again so that the number is in its history, with a baseline per document.
    private static func addDocumentNumbers(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE document ADD COLUMN number TEXT CHECK (number IS NULL OR length(number) BETWEEN 1 AND 60);
            """)
        for table in AuditedTable.formatSeven where table.name == "document" {
            for event in table.events { try db.execute(sql: "DROP TRIGGER audit_\(table.name)_\(event.lowercased())") }
            try db.execute(sql: try table.triggers(db))
            try db.execute(sql: try table.baseline(db, actor: "upgrade to format 16"))
        }
        try db.execute(sql: "UPDATE vault SET format_version = 16")
    }

    /// Where each account has signed in from, kept until the account goes: sessions end at
    /// sign-out and password change, and a place known only through them was forgotten with them,
    /// which made the owner a stranger at home. Filled from the sessions not yet ended, newest 200
    /// places per account. `ClientKey.place` is called, not copied: a later change to it only
    /// changes what a later upgrade fills in, never a vault already upgraded.
    private static func createKnownPlaces(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE known_place (
                account_id         TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                place              TEXT NOT NULL CHECK (length(place) BETWEEN 1 AND 64),
                first_signed_in_at TEXT NOT NULL,
                last_signed_in_at  TEXT NOT NULL CHECK (last_signed_in_at >= first_signed_in_at),
                PRIMARY KEY (account_id, place)
            ) WITHOUT ROWID;
            CREATE INDEX known_place_by_recency ON known_place(account_id, last_signed_in_at);
            """)
        let sessions = try Row.fetchAll(db, sql: """
            SELECT account_id, address, created_at, last_seen_at FROM account_session WHERE address IS NOT NULL
            """)
        for session in sessions {
            guard let place = ClientKey.place(of: session["address"]) else { continue }
            let first: String = session["created_at"], last: String = session["last_seen_at"]
            try db.execute(sql: """
                INSERT INTO known_place (account_id, place, first_signed_in_at, last_signed_in_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (account_id, place) DO UPDATE SET
                    first_signed_in_at = min(first_signed_in_at, excluded.first_signed_in_at),
                    last_signed_in_at = max(last_signed_in_at, excluded.last_signed_in_at)
                """, arguments: [session["account_id"], place, min(first, last), max(first, last)])
        }
        try db.execute(sql: """
            DELETE FROM known_place WHERE (account_id, place) IN (
                SELECT account_id, place FROM (
                    SELECT account_id, place,
                           row_number() OVER (PARTITION BY account_id ORDER BY last_signed_in_at DESC, place) AS n
                    FROM known_place)
                WHERE n > 200);
            UPDATE vault SET format_version = 17;
            """)
    }

    /// A contract's gratuity counts a month as 30 or 26 days and may ask some years of service
    /// first; every contract recorded before counted 30 and asked none, as HomeCrew did. The staff
    /// table's audit triggers are made again so that the new columns are in its history, with a
    /// baseline entry for each person, as format 10 did.
    private static func addContractGratuityTerms(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE staff ADD COLUMN contract_gratuity_month_days INTEGER NOT NULL DEFAULT 30
                CHECK (typeof(contract_gratuity_month_days) = 'integer' AND contract_gratuity_month_days IN (26, 30));
            ALTER TABLE staff ADD COLUMN contract_gratuity_minimum_years INTEGER NOT NULL DEFAULT 0
                CHECK (typeof(contract_gratuity_minimum_years) = 'integer' AND contract_gratuity_minimum_years BETWEEN 0 AND 50
                       AND (contract_gratuity_days IS NOT NULL OR (contract_gratuity_month_days = 30 AND contract_gratuity_minimum_years = 0)));
            """)
        for table in AuditedTable.formatSeven where table.name == "staff" {
            for event in table.events { try db.execute(sql: "DROP TRIGGER audit_\(table.name)_\(event.lowercased())") }
            try db.execute(sql: try table.triggers(db))
            try db.execute(sql: try table.baseline(db, actor: "upgrade to format 18"))
        }
        try db.execute(sql: "UPDATE vault SET format_version = 18")
    }

    /// Openings and payments are never deleted: a member who reverses and makes them again
    /// thousands of times leaves thousands of rows behind what stands. These indexes let a page
    /// read what it shows without walking them: a person's (or a household's) latest opening that
    /// is not a reversal, which is the standing one unless reversed (one standing opening per
    /// ledger: an earlier one was reversed before the next was made); a person's payments in the
    /// order the staff page lists them; their entries that are not reversals, by purpose; and the
    /// payments of an advance. `payment_by_staff` is a prefix of the second and goes. The trigger
    /// that keeps one standing opening per ledger asks the latest opening too, instead of every one.
    /// Payments have no such rule: `payment_standing` lists those that stand (neither a reversal nor
    /// reversed), kept by triggers as entries are written, a reversal taking its payment out; not a
    /// record (derived, never audited), filled from the ledger here.
    private static func indexStandingEntries(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE payment_standing (
                staff_id   TEXT NOT NULL,
                purpose    TEXT NOT NULL,
                payment_id TEXT NOT NULL REFERENCES payment(id),
                PRIMARY KEY (staff_id, purpose, payment_id)
            ) WITHOUT ROWID;
            INSERT INTO payment_standing (staff_id, purpose, payment_id) \(AppDatabase.standingPaymentsSQL);
            CREATE TRIGGER payment_standing_entry AFTER INSERT ON payment WHEN NEW.reverses IS NULL
            BEGIN INSERT INTO payment_standing (staff_id, purpose, payment_id) VALUES (NEW.staff_id, NEW.purpose, NEW.id); END;
            CREATE TRIGGER payment_standing_reversal AFTER INSERT ON payment WHEN NEW.reverses IS NOT NULL
            BEGIN DELETE FROM payment_standing WHERE staff_id = NEW.staff_id AND purpose = NEW.purpose AND payment_id = NEW.reverses; END;
            CREATE INDEX ledger_opening_latest ON ledger_opening(household_id, staff_id) WHERE reverses IS NULL;
            DROP TRIGGER ledger_opening_one_standing;
            CREATE TRIGGER ledger_opening_one_standing BEFORE INSERT ON ledger_opening WHEN NEW.reverses IS NULL
            AND EXISTS (SELECT 1 FROM ledger_opening o
                        WHERE o.rowid = (SELECT l.rowid FROM ledger_opening l INDEXED BY ledger_opening_latest
                                         WHERE l.household_id = NEW.household_id AND l.staff_id IS NEW.staff_id AND l.reverses IS NULL
                                         ORDER BY l.rowid DESC LIMIT 1)
                        AND NOT EXISTS (SELECT 1 FROM ledger_opening r WHERE r.reverses = o.id))
            BEGIN SELECT RAISE(ABORT, 'a ledger has one opening: reverse it before opening it again'); END;
            CREATE INDEX payment_by_staff_in_order ON payment(staff_id, paid_on, created_at, id);
            DROP INDEX payment_by_staff;
            CREATE INDEX payment_original_by_staff ON payment(staff_id, purpose) WHERE reverses IS NULL;
            CREATE INDEX payment_by_advance ON payment(advance_id) WHERE advance_id IS NOT NULL;
            UPDATE vault SET format_version = 19;
            """)
    }

    /// What a document's text says about it (`DocumentFacts`), read once and kept: reading matches
    /// every name label against every staff member of the household, which a page could not afford
    /// on every view. A kept reading is used while its household's `facts_stamp` is the one it was
    /// read at; triggers draw a new stamp (from `facts_clock`, so that no two are ever equal, even
    /// in two households) whenever what a reading reads changes (a row written again as it was is
    /// no change: GRDB writes every column): the household's staff and their names, its
    /// settlement rules (the country that orders day and month), a document's pages (own or its
    /// object's), its household or its object. Derived, never audited; empty at the upgrade (read
    /// when first asked for).
    private static func createDocumentFacts(_ db: Database) throws {
        // Plain statements, no INSERT OR REPLACE: a statement's own OR clause would override the trigger's.
        func stamp(_ households: String) -> String {
            """
            UPDATE facts_clock SET value = value + 1;
            INSERT INTO facts_stamp (household_id, stamp) SELECT DISTINCT h, 1 FROM (\(households))
                WHERE h NOT IN (SELECT household_id FROM facts_stamp);
            UPDATE facts_stamp SET stamp = (SELECT value FROM facts_clock) WHERE household_id IN (\(households));
            """
        }
        let documentsOf = "SELECT household_id AS h FROM document WHERE object_sha256 IN"
        try db.execute(sql: """
            CREATE TABLE facts_clock (
                id    INTEGER PRIMARY KEY CHECK (id = 1),
                value INTEGER NOT NULL CHECK (value >= 1)
            );
            INSERT INTO facts_clock (id, value) VALUES (1, 1);
            CREATE TABLE facts_stamp (
                household_id TEXT PRIMARY KEY NOT NULL REFERENCES household(id) ON DELETE CASCADE,
                stamp        INTEGER NOT NULL CHECK (stamp >= 1)
            ) WITHOUT ROWID;
            CREATE TABLE document_facts (
                document_id TEXT NOT NULL REFERENCES document(id) ON DELETE CASCADE,
                reader      TEXT NOT NULL CHECK (length(reader) BETWEEN 1 AND 200),
                inputs      TEXT NOT NULL CHECK (length(inputs) BETWEEN 1 AND 200),
                stamp       INTEGER NOT NULL CHECK (stamp >= 0),
                reading     TEXT NOT NULL CHECK (json_valid(reading)),
                PRIMARY KEY (document_id, reader)
            ) WITHOUT ROWID;
            CREATE TRIGGER facts_staff_ai AFTER INSERT ON staff BEGIN \(stamp("SELECT NEW.household_id AS h")) END;
            CREATE TRIGGER facts_staff_au AFTER UPDATE ON staff
            WHEN OLD.legal_name IS NOT NEW.legal_name OR OLD.known_as IS NOT NEW.known_as OR OLD.household_id IS NOT NEW.household_id
            BEGIN \(stamp("SELECT OLD.household_id AS h UNION SELECT NEW.household_id")) END;
            CREATE TRIGGER facts_staff_ad AFTER DELETE ON staff BEGIN \(stamp("SELECT OLD.household_id AS h")) END;
            CREATE TRIGGER facts_household_au AFTER UPDATE ON household WHEN OLD.settlement_rules IS NOT NEW.settlement_rules
            BEGIN \(stamp("SELECT NEW.id AS h")) END;
            CREATE TRIGGER facts_document_au AFTER UPDATE ON document
            WHEN OLD.household_id IS NOT NEW.household_id OR OLD.object_sha256 IS NOT NEW.object_sha256 BEGIN
                \(stamp("SELECT OLD.household_id AS h UNION SELECT NEW.household_id"))
            END;
            CREATE TRIGGER facts_document_page_ai AFTER INSERT ON document_page BEGIN
                \(stamp("SELECT household_id AS h FROM document WHERE id = NEW.document_id"))
            END;
            CREATE TRIGGER facts_document_page_ad AFTER DELETE ON document_page BEGIN
                \(stamp("SELECT household_id AS h FROM document WHERE id = OLD.document_id"))
            END;
            CREATE TRIGGER facts_object_page_ai AFTER INSERT ON object_page BEGIN \(stamp("\(documentsOf) (NEW.object_sha256)")) END;
            CREATE TRIGGER facts_object_page_au AFTER UPDATE ON object_page BEGIN
                \(stamp("\(documentsOf) (OLD.object_sha256, NEW.object_sha256)"))
            END;
            CREATE TRIGGER facts_object_page_ad AFTER DELETE ON object_page BEGIN \(stamp("\(documentsOf) (OLD.object_sha256)")) END;
            UPDATE vault SET format_version = 20;
            """)
    }

    /// `searchSourceView` from format 14: a document's own pages when it has its own extraction,
    /// else its object's.
    static let documentSearchSourceView = """
        CREATE VIEW search_source AS
        SELECT d.id AS document_id, d.object_sha256 AS object_sha256, COALESCE(dp.page_number, op.page_number, 0) AS page_number,
               homecrew_search_text(d.title) AS title,
               homecrew_search_text((SELECT group_concat(s.legal_name || ' ' || COALESCE(s.known_as, ''), ' ')
                                     FROM document_staff l JOIN staff s ON s.id = l.staff_id
                                     WHERE l.document_id = d.id)) AS staff,
               homecrew_search_text(h.name) AS household,
               d.kind AS kind,
               homecrew_search_text(d.original_name) AS file_name,
               homecrew_search_text(COALESCE(dp.text, op.text, '')) AS body
        FROM document d
        JOIN household h ON h.id = d.household_id
        LEFT JOIN document_extraction e ON e.document_id = d.id
        LEFT JOIN object_page op ON e.document_id IS NULL AND op.object_sha256 = d.object_sha256
        LEFT JOIN document_page dp ON dp.document_id = e.document_id
        """

    /// The language a person reads (a BCP 47 tag; NULL: the household's, English). HomeCrew checks
    /// the tag against its list of languages, which may change; the column keeps only its form. The
    /// staff table's audit triggers are made again so that the column is in its history, with a
    /// baseline entry for each person, as format 18 did.
    private static func addStaffLanguage(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE staff ADD COLUMN language TEXT
                \(languageTagCheck);
            """)
        try remakeAuditTriggers(of: "staff", baselineBy: "upgrade to format 21", db)
        try db.execute(sql: "UPDATE vault SET format_version = 21")
    }

    /// The language a household's papers are written in (NULL: English) and the one each account
    /// reads the web pages in (NULL: the browser's choice). Tags have the form `staff.language`
    /// has; HomeCrew checks them against its lists. The household table's audit triggers are made
    /// again so that the column is in its history, with a baseline entry for each household. An
    /// account's audit records only its name and password dates, so its language is not in it.
    private static func addHouseholdAndAccountLanguage(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE household ADD COLUMN language TEXT
                \(languageTagCheck);
            ALTER TABLE account ADD COLUMN language TEXT
                \(languageTagCheck);
            """)
        try remakeAuditTriggers(of: "household", baselineBy: "upgrade to format 22", db)
        try db.execute(sql: "UPDATE vault SET format_version = 22")
    }
}
