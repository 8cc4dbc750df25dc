import PostgresNIO

extension PostgresSchema {
    /// Migration 15 (issue 46): sightings of missing reports (`SightingStore`), removed with their
    /// report by the foreign key, times as `ReportTimestamp` text like the alerts tables; listed by
    /// report, newest seen first; found by email key for "forget me". A sighting added is an
    /// event of the log: the change `sighted` joins the others, naming its sighting (`sighting_id`).
    static let sightings = Migration(
        version: 15, name: "sightings",
        statements: [
            """
            CREATE TABLE sighting (
                id text COLLATE "C" PRIMARY KEY,
                report_id text COLLATE "C" NOT NULL REFERENCES report (id) ON DELETE CASCADE,
                seen_at text COLLATE "C" NOT NULL,
                latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                note text NOT NULL, phone text, email text, email_key text,
                maker_token_hash text NOT NULL, created_at text COLLATE "C" NOT NULL
            )
            """,
            "CREATE INDEX sighting_report ON sighting (report_id, seen_at DESC, id)",
            "CREATE INDEX sighting_email ON sighting (email_key) WHERE email_key IS NOT NULL",
            "ALTER TABLE report_event ADD COLUMN IF NOT EXISTS sighting_id text COLLATE \"C\"",
            "ALTER TABLE report_event DROP CONSTRAINT IF EXISTS report_event_change_check",
            """
            ALTER TABLE report_event ADD CONSTRAINT report_event_change_check
                CHECK (change IN ('created', 'changed', 'removed', 'sighted'))
            """,
        ])

    /// Migration 16 (issue 46): a sighting's photo, as a report's (migration 5): a `bytea` row a
    /// sighting, removed with it (and so with its report) by the foreign key, kept out of line
    /// uncompressed (photos are compressed already).
    static let sightingPhotos = Migration(
        version: 16, name: "sighting photos",
        statements: [
            """
            CREATE TABLE sighting_photo (
                id text COLLATE "C" PRIMARY KEY REFERENCES sighting (id) ON DELETE CASCADE,
                media_type text NOT NULL, tag text NOT NULL, bytes bytea NOT NULL
            )
            """,
            "ALTER TABLE sighting_photo ALTER COLUMN bytes SET STORAGE EXTERNAL",
        ])
}
