import Foundation
import GRDB
import ReportStore

/// The SQLite store's schema, as versioned migrations applied in order when a store opens
/// (GRDB's `DatabaseMigrator` records the applied ones in `grdb_migrations`). Never edit a
/// released migration: add the next one.
enum SQLiteSchema {
    /// The report's fields, each in its column (``ReportField/column``): every statement
    /// names them from here, and ``PetReport/init(row:)`` reads them by these names.
    static let fields = ReportField.allCases
    /// Every report column but `created_at`, in ``fields``' order (the insert binds in it).
    static let columns = fields.map(\.column)

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // v1: the reports table, keyed by id (WITHOUT ROWID: one B-tree, which keeps a large
        // import fast). Coordinates in degrees, the radius in metres; a missing report takes part
        // in nearby search when ACTIVE with all three set. Identifiers compare by bytes
        // (BINARY), the order every store lists in. No CHECK constraints: every value is checked
        // by its Swift type before it is written and again when it is read (a row another
        // program wrote is reported, never trusted), and the checks cost a third of an import.
        migrator.registerMigration("v1-reports") { db in
            try db.execute(
                sql: """
                    CREATE TABLE report (
                        id TEXT NOT NULL PRIMARY KEY,
                        kind TEXT NOT NULL,
                        status TEXT NOT NULL,
                        latitude REAL,
                        longitude REAL,
                        radius_m REAL,
                        place TEXT, last_seen_date TEXT, species TEXT, breed TEXT, gender TEXT,
                        approximate_age INTEGER, microchip_number TEXT, description TEXT,
                        phone TEXT, email TEXT, photo_url TEXT, reward TEXT,
                        created_at TEXT NOT NULL
                    ) WITHOUT ROWID
                    """)
        }
        // v2: who may change a report besides the operator (the SHA-256 of its owner token).
        migrator.registerMigration("v2-owner") { db in
            try db.execute(sql: "ALTER TABLE report ADD COLUMN owner_token_hash TEXT")
        }
        // v3: the event log every server reads to tell its clients what changed (ReportEvent).
        migrator.registerMigration("v3-events") { db in
            try db.execute(
                sql: """
                    CREATE TABLE report_event (
                        sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                        change TEXT NOT NULL, report_id TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL,
                        latitude REAL, longitude REAL, at REAL NOT NULL
                    )
                    """)
        }
        // v4: the reports' photos, in the file beside their reports (`ReportPhotoStore`): one
        // row a report, removed with it. A rowid table, not WITHOUT ROWID: its rows are large.
        migrator.registerMigration("v4-photos") { db in
            try db.execute(
                sql: """
                    CREATE TABLE report_photo (
                        id TEXT NOT NULL PRIMARY KEY REFERENCES report (id) ON DELETE CASCADE,
                        media_type TEXT NOT NULL, tag TEXT NOT NULL, bytes BLOB NOT NULL
                    )
                    """)
        }
        // v5 (issue 32): a found report's caregiver phone and current address (spec 004 US3), and
        // the Idempotency-Key of the request that made a report: one report however often its
        // Submit is sent (a unique index; NULLs, the reports made without a key, never clash).
        migrator.registerMigration("v5-caregiver-idempotency") { db in
            try db.execute(sql: "ALTER TABLE report ADD COLUMN caregiver_phone TEXT")
            try db.execute(sql: "ALTER TABLE report ADD COLUMN current_address TEXT")
            try db.execute(sql: "ALTER TABLE report ADD COLUMN idempotency_key TEXT")
            try db.execute(sql: "CREATE UNIQUE INDEX report_idempotency_key ON report (idempotency_key)")
        }
        // v6 (issue 32): the open reports' places, for Near you and a missing report's matches
        // (SQLiteReportStore+Nearest): a partial index on (latitude, longitude, kind, status) of
        // the open reports with a place, which also holds their ids (the primary key), so a box
        // of latitudes and longitudes (GeodesicBox) is read from it alone — every column the
        // query names is in it (without status SQLite reads each entry's row to check the
        // condition again: 24 ms instead of 1 ms for the 7,000 entries of a 100 km band) —
        // instead of scanning every report. Its condition is ``openPlace``, which the queries
        // repeat word for word.
        migrator.registerMigration("v6-open-places") { db in
            try db.execute(sql: openPlaceIndex)
        }
        // v7: the idempotency keys' unique index holds only the reports made with a key. It held
        // an entry for every report (NULL for those made without one: imports, the CLI), a
        // B-tree write per row of an import (0.7 s of CPU in a 10^6-row CSV import) for nothing:
        // NULLs never clash, and the lookup by key (`idempotency_key = ?`) implies NOT NULL, so
        // SQLite still uses the index for it.
        migrator.registerMigration("v7-idempotency-keys-only") { db in
            try db.execute(sql: "DROP INDEX report_idempotency_key")
            try db.execute(
                sql: """
                    CREATE UNIQUE INDEX report_idempotency_key ON report (idempotency_key)
                    WHERE idempotency_key IS NOT NULL
                    """)
        }
        // v8 (issue 47): when each report was made or last renewed (PetReport.renewedAt,
        // ReportTimestamp text): an open report older than its kind's lifetime closes itself. The
        // reports stored before are given the time of this migration, so each has its whole
        // lifetime from the upgrade on. No index: the hourly sweep reads the table once an hour,
        // where an index would cost every row of an import a B-tree write.
        migrator.registerMigration("v8-renewed-at") { db in
            try db.execute(sql: "ALTER TABLE report ADD COLUMN renewed_at TEXT")
            try db.execute(
                sql: "UPDATE report SET renewed_at = ?", arguments: [ReportTimestamp.text(Date())])
        }
        // v9 (issue 45): alerts by mail (AlertStore). `subscription`: one area a row, kinds and
        // species as sorted comma-separated text, times as ReportTimestamp text (compared byte by
        // byte); a partial index on the confirmed ones' places answers the covering query's
        // latitude–longitude box (GeodesicBox) without reading the unconfirmed. `outbox_mail`:
        // the mails to send, claimed by (state, due_at); `mail_cursor`: the last report event
        // whose mails are queued, one row, raised in the transaction that queues them.
        migrator.registerMigration("v9-alerts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE subscription (
                        id TEXT NOT NULL PRIMARY KEY,
                        email TEXT NOT NULL,
                        latitude REAL NOT NULL, longitude REAL NOT NULL, radius_m REAL NOT NULL,
                        kinds TEXT NOT NULL, species TEXT NOT NULL,
                        token TEXT NOT NULL UNIQUE,
                        created_at TEXT NOT NULL, confirmed_at TEXT
                    )
                    """)
            try db.execute(sql: "CREATE INDEX subscription_email ON subscription (email)")
            try db.execute(
                sql: """
                    CREATE INDEX subscription_confirmed_place ON subscription (latitude, longitude)
                    WHERE confirmed_at IS NOT NULL
                    """)
            try db.execute(
                sql: """
                    CREATE TABLE outbox_mail (
                        id TEXT NOT NULL PRIMARY KEY,
                        recipient TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL, html TEXT,
                        headers TEXT NOT NULL,
                        queued_at TEXT NOT NULL, due_at TEXT NOT NULL, claimed_until TEXT,
                        attempts INTEGER NOT NULL, state TEXT NOT NULL, last_error TEXT, sent_at TEXT
                    )
                    """)
            try db.execute(sql: "CREATE INDEX outbox_mail_claim ON outbox_mail (state, due_at)")
            try db.execute(sql: "CREATE TABLE mail_cursor (sequence INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO mail_cursor (sequence) VALUES (0)")
        }
        // v10: the reports whose match mails their reporter stopped (AlertStore.stopMatchAlerts,
        // the one-click opt-out): one row a report, kept when the report is removed (a link may
        // outlive it), its time as ReportTimestamp text. Looked up by id alone.
        migrator.registerMigration("v10-match-alert-stops") { db in
            try db.execute(
                sql: """
                    CREATE TABLE match_alert_stop (
                        report_id TEXT NOT NULL PRIMARY KEY,
                        stopped_at TEXT NOT NULL
                    ) WITHOUT ROWID
                    """)
        }
        // v11 (issue 45, the hourly digest): an address's area alerts of a clock hour are counted
        // (AlertStore.singleAlertCount) by recipient and queuing time; held mails are new states
        // of the text column `state` (`held`, `digested`), so only the index is new.
        migrator.registerMigration("v11-alert-digests") { db in
            try db.execute(sql: "CREATE INDEX outbox_mail_recipient ON outbox_mail (recipient, queued_at)")
        }
        // v12: the open reports by microchip (ReportStore.openReports(of:microchipKey:)): an
        // index on the number without its separators (MicrochipKey), over the reports that
        // have one.
        migrator.registerMigration("v12-microchip") { db in
            try db.execute(sql: microchipIndex)
        }
        // v13 (issue 46): sightings of missing reports (SightingStore), removed with their
        // report; listed by report, newest seen first; found by email key for "forget me". A
        // `sighted` event names its sighting (`report_event.sighting_id`).
        migrator.registerMigration("v13-sightings") { db in
            for statement in sightingStatements { try db.execute(sql: statement) }
            try db.execute(sql: "ALTER TABLE report_event ADD COLUMN sighting_id TEXT")
        }
        // v14 (issue 46): a sighting's photo, as a report's (v4): one row a sighting, removed
        // with it (and so with its report) by the foreign key.
        migrator.registerMigration("v14-sighting-photos") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sighting_photo (
                        id TEXT NOT NULL PRIMARY KEY REFERENCES sighting (id) ON DELETE CASCADE,
                        media_type TEXT NOT NULL, tag TEXT NOT NULL, bytes BLOB NOT NULL
                    )
                    """)
        }
        return migrator
    }

    /// The statements of migration v13: table `sighting`, its times as ``ReportTimestamp`` text.
    static let sightingStatements = [
        """
        CREATE TABLE sighting (
            id TEXT NOT NULL PRIMARY KEY,
            report_id TEXT NOT NULL REFERENCES report (id) ON DELETE CASCADE,
            seen_at TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
            note TEXT NOT NULL, phone TEXT, email TEXT, email_key TEXT,
            maker_token_hash TEXT NOT NULL, created_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX sighting_report ON sighting (report_id, seen_at DESC, id)",
        "CREATE INDEX sighting_email ON sighting (email_key) WHERE email_key IS NOT NULL",
    ]

    /// The index of the reports by microchip key (migration v12): the query must repeat its
    /// expression and condition as they are to use it.
    static let microchipIndex = """
        CREATE INDEX report_microchip ON report (\(MicrochipKey.sqlExpression("microchip_number")))
        WHERE microchip_number IS NOT NULL
        """

    /// The statement that makes `report_open_place` (migration v6; an import into an empty
    /// store drops the index and makes it again after its rows: `SQLiteReportStore+Import`).
    static let openPlaceIndex =
        "CREATE INDEX report_open_place ON report (latitude, longitude, kind, status) WHERE \(openPlace)"

    /// The condition of an open report with a place (``PetReport/isOpen``): the partial index
    /// `report_open_place`'s, which a query must repeat as it is to use the index.
    static let openPlace = """
        latitude IS NOT NULL AND longitude IS NOT NULL \
        AND ((kind = 'missing' AND status = 'ACTIVE') OR (kind = 'found' AND status = 'FOUND'))
        """
}
