import PostgresNIO
import ReportStore

/// The PostgreSQL store's schema as versioned migrations, applied in order when a store opens,
/// each in its own transaction under an advisory lock (two servers starting at once apply
/// each migration once). Applied versions are recorded in `petspot_migrations`. Never edit a
/// released migration: add the next one.
enum PostgresSchema {
    struct Migration {
        var version: Int
        var name: String
        var statements: [PostgresQuery]
    }

    /// The advisory lock key under which migrations run ("PSPT").
    static let lockKey = 0x5053_5054

    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "reports",
            statements: [
                "CREATE EXTENSION IF NOT EXISTS postgis",
                """
                CREATE TABLE report (
                    id text COLLATE "C" PRIMARY KEY,
                    kind text NOT NULL CHECK (kind IN ('missing', 'found')),
                    status text NOT NULL CHECK (status IN ('ACTIVE', 'FOUND', 'CLOSED')),
                    latitude double precision CHECK (latitude BETWEEN -90 AND 90),
                    longitude double precision CHECK (longitude BETWEEN -180 AND 180),
                    radius_m double precision CHECK (radius_m BETWEEN 0 AND 10000000),
                    radius_band smallint,
                    place text, last_seen_date text, species text, breed text, gender text,
                    approximate_age integer, microchip_number text, description text,
                    phone text, email text, photo_url text, reward text,
                    created_at timestamptz NOT NULL DEFAULT now(),
                    location geography(Point, 4326) GENERATED ALWAYS AS (
                        CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL
                        ELSE ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography END) STORED,
                    CHECK ((latitude IS NULL) = (longitude IS NULL)),
                    CHECK ((radius_m IS NULL) = (radius_band IS NULL))
                )
                """,
                "CREATE INDEX report_kind_status ON report (kind, status, id)",
            ] + nearbyIndexes),
        Migration(
            version: 2, name: "owner",
            statements: [
                // Who may change a report besides the operator: the SHA-256 of its owner token.
                "ALTER TABLE report ADD COLUMN owner_token_hash text CHECK (owner_token_hash ~ '^[0-9a-f]{64}$')"
            ]),
        Migration(
            version: 3, name: "events",
            statements: [
                // The event log every server reads to tell its clients what changed (ReportEvent).
                """
                CREATE TABLE report_event (
                    sequence bigserial PRIMARY KEY,
                    change text NOT NULL CHECK (change IN ('created', 'changed', 'removed')),
                    report_id text COLLATE "C" NOT NULL, kind text NOT NULL, status text NOT NULL,
                    latitude double precision, longitude double precision,
                    at timestamptz NOT NULL DEFAULT now()
                )
                """,
                "CREATE INDEX report_event_at ON report_event (at)",
            ]),
        Migration(
            version: 4, name: "nearest",
            statements: [
                // The open reports' places, for the nearest-first list (KNN `<->` and `ST_DWithin`).
                PostgresQuery(
                    unsafeSQL:
                        "CREATE INDEX report_open_location ON report USING gist (location) WHERE "
                        + PostgresReportStore.openWithPlace)
            ]),
        Migration(
            version: 5, name: "photos",
            statements: [
                // The reports' photos (ReportPhotoStore), in the database every server shares: a
                // bytea row a report (not large objects: a row is written in the report's
                // transaction, removed with it by the foreign key, dumped by pg_dump as any row,
                // and needs no lo_unlink or vacuumlo). STORAGE EXTERNAL: photos are compressed
                // already, so TOAST keeps them out of line without trying to compress them.
                """
                CREATE TABLE report_photo (
                    id text COLLATE "C" PRIMARY KEY REFERENCES report (id) ON DELETE CASCADE,
                    media_type text NOT NULL, tag text NOT NULL, bytes bytea NOT NULL
                )
                """,
                "ALTER TABLE report_photo ALTER COLUMN bytes SET STORAGE EXTERNAL",
            ]),
        Migration(
            version: 6, name: "caregiver and idempotency",
            statements: [
                // A found report's caregiver phone and current address (spec 004 US3, issue 32).
                "ALTER TABLE report ADD COLUMN caregiver_phone text, ADD COLUMN current_address text",
                // The Idempotency-Key of the request that made a report: one report however often
                // its Submit is sent (UNIQUE; NULLs, reports made without a key, never clash).
                "ALTER TABLE report ADD COLUMN idempotency_key text COLLATE \"C\" UNIQUE",
            ]),
        Migration(
            version: 7, name: "nearby boxes",
            // The nearby indexes again, on a plain point with the candidates' columns beside it: a
            // query finds its candidates in the index alone (an index-only scan). At 10^7 reports
            // the geography indexes of version 1 read each candidate's row from a 3 GB table.
            statements: RadiusBand.all.map { PostgresQuery(unsafeSQL: "DROP INDEX \(indexName($0))") }
                + boxIndexes(holding: ["species", "last_seen_date"])),
        Migration(
            version: 8, name: "open found places",
            statements: [
                // The open found reports' places: a missing report's possible matches (and Near you
                // of found reports) scan these alone. In `report_open_location` they are one in
                // twenty, so a 50 km circle read thousands of missing reports' rows to keep the
                // found ones.
                PostgresQuery(
                    unsafeSQL: "CREATE INDEX report_open_found ON report USING gist (location) WHERE "
                        + PostgresReportStore.openWithPlace(of: .found))
            ]),
        Migration(
            version: 9, name: "match facts",
            // The nearby indexes again, holding the sex and the microchip number as well: a match
            // of the opposite sex is no match, one of the same chip ranks first, and the search
            // still reads its candidates from the indexes alone.
            statements: RadiusBand.all.map { PostgresQuery(unsafeSQL: "DROP INDEX \(indexName($0))") }
                + boxIndexes(holding: ["species", "last_seen_date", "gender", "microchip_number"])),
        Migration(
            version: 10, name: "renewed at",
            statements: [
                // When each report was made or last renewed (PetReport.renewedAt, ReportTimestamp
                // text, compared byte by byte): an open report older than its kind's lifetime
                // closes itself. The reports stored before are given the time of this migration,
                // so each has its whole lifetime from the upgrade on. No index: the hourly sweep
                // reads the table once an hour, where an index would slow every import.
                "ALTER TABLE report ADD COLUMN renewed_at text COLLATE \"C\"",
                PostgresQuery(
                    unsafeSQL: """
                        UPDATE report SET renewed_at =
                            to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                        """),
            ]),
        Migration(
            version: 11, name: "alerts",
            statements: [
                // Alerts by mail (issue 45, AlertStore). Times are ReportTimestamp text in "C"
                // order, as renewed_at (version 10): the same milliseconds as the SQLite store,
                // compared byte by byte. Each subscription's centre is also a geography point
                // (generated, as report.location), and a partial GiST index on the confirmed ones
                // answers the covering query's ST_DWithin.
                """
                CREATE TABLE subscription (
                    id text COLLATE "C" PRIMARY KEY,
                    email text NOT NULL,
                    latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                    longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                    radius_m double precision NOT NULL,
                    kinds text NOT NULL, species text NOT NULL,
                    token text COLLATE "C" NOT NULL UNIQUE,
                    created_at text COLLATE "C" NOT NULL, confirmed_at text COLLATE "C",
                    area geography(Point, 4326) GENERATED ALWAYS AS (
                        ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography) STORED
                )
                """,
                "CREATE INDEX subscription_email ON subscription (email)",
                "CREATE INDEX subscription_confirmed_area ON subscription USING gist (area) WHERE confirmed_at IS NOT NULL",
                // The outbox: mails claimed by (state, due_at), one server at a time (FOR UPDATE
                // SKIP LOCKED); the cursor: the last report event whose mails are queued, one row.
                """
                CREATE TABLE outbox_mail (
                    id text COLLATE "C" PRIMARY KEY,
                    recipient text NOT NULL, subject text NOT NULL, text text NOT NULL, html text,
                    headers text NOT NULL,
                    queued_at text COLLATE "C" NOT NULL, due_at text COLLATE "C" NOT NULL,
                    claimed_until text COLLATE "C",
                    attempts integer NOT NULL CHECK (attempts >= 0),
                    state text NOT NULL CHECK (state IN ('queued', 'sent', 'failed')),
                    last_error text, sent_at text COLLATE "C"
                )
                """,
                "CREATE INDEX outbox_mail_claim ON outbox_mail (state, due_at)",
                "CREATE TABLE mail_cursor (sequence bigint NOT NULL)",
                "INSERT INTO mail_cursor (sequence) VALUES (0)",
            ]),
        Migration(
            version: 12, name: "match alert stops",
            statements: [
                // The reports whose match mails their reporter stopped (AlertStore's one-click
                // opt-out): one row a report, kept when the report is removed (a link may outlive
                // it), its time as the alerts tables keep theirs (version 11).
                """
                CREATE TABLE match_alert_stop (
                    report_id text COLLATE "C" PRIMARY KEY,
                    stopped_at text COLLATE "C" NOT NULL
                )
                """
            ]),
        Migration(
            version: 13, name: "alert digests",
            statements: [
                // The hourly digest (issue 45): held area alerts and the ones a digest carried are
                // two new states; an address's alerts of a clock hour are counted by recipient and
                // queuing time (AlertStore.singleAlertCount).
                "ALTER TABLE outbox_mail DROP CONSTRAINT IF EXISTS outbox_mail_state_check",
                """
                ALTER TABLE outbox_mail ADD CONSTRAINT outbox_mail_state_check
                    CHECK (state IN ('queued', 'sent', 'failed', 'held', 'digested'))
                """,
                "CREATE INDEX outbox_mail_recipient ON outbox_mail (recipient, queued_at)",
            ]),
        Migration(
            version: 14, name: "microchip",
            statements: [
                // The open reports by microchip (ReportStore.openReports(of:microchipKey:)): the
                // number without its separators (MicrochipKey), over the reports that have one.
                """
                CREATE INDEX report_microchip ON report ((\(unescaped: MicrochipKey.sqlExpression("microchip_number"))))
                WHERE microchip_number IS NOT NULL
                """
            ]),
        sightings,
        sightingPhotos,
    ]

    /// The nearby indexes of version 1 (replaced by ``boxIndexes(holding:)`` in version 7): one partial GiST
    /// index on the place per radius band, over the open
    /// missing reports with a place (`report_nearby_0` … `report_nearby_23`, `report_nearby_m1`
    /// for radii under 1 m). One index per band keeps each band's places together; a single
    /// GiST index on (band, place) mixed the bands in its pages and read ten times as many.
    static var nearbyIndexes: [PostgresQuery] {
        RadiusBand.all.map { band in
            PostgresQuery(
                unsafeSQL: """
                    CREATE INDEX \(indexName(band)) ON report USING gist (location)
                    WHERE radius_band = \(band)::smallint AND kind = 'missing' AND status = 'ACTIVE'
                      AND location IS NOT NULL AND radius_m IS NOT NULL
                    """)
        }
    }

    /// The nearby indexes since version 7: per radius band, a partial GiST index on the place as a
    /// plain point (x longitude, y latitude, degrees) over the open missing reports with a place,
    /// holding the columns a candidate needs (``NearbyStatement``: its match facts, `facts`, since
    /// version 9 the sex and the microchip number too). The query asks each band for the points
    /// inside a latitude–longitude box that holds its reach (`GeodesicBox`), which the point index
    /// answers without the table when its pages are all-visible.
    static func boxIndexes(holding facts: [String]) -> [PostgresQuery] {
        RadiusBand.all.map { band in
            PostgresQuery(
                unsafeSQL: """
                    CREATE INDEX \(indexName(band)) ON report USING gist (point(longitude, latitude))
                    INCLUDE (id, latitude, longitude, radius_m, \(facts.joined(separator: ", ")))
                    WHERE radius_band = \(band)::smallint AND kind = 'missing' AND status = 'ACTIVE'
                      AND latitude IS NOT NULL AND radius_m IS NOT NULL
                    """)
        }
    }

    /// `report_nearby_5`, `report_nearby_m1`.
    static func indexName(_ band: Int) -> String {
        band < 0 ? "report_nearby_m\(-band)" : "report_nearby_\(band)"
    }
}
