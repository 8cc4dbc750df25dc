import PostgresNIO

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
                // btree_gist: the GiST index below leads with the radius band, a smallint.
                "CREATE EXTENSION IF NOT EXISTS btree_gist",
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
                // The nearby index: only open missing reports with a place, by radius band then place.
                """
                CREATE INDEX report_nearby ON report USING gist (radius_band, location)
                WHERE kind = 'missing' AND status = 'ACTIVE' AND location IS NOT NULL AND radius_m IS NOT NULL
                """,
                "CREATE INDEX report_kind_status ON report (kind, status, id)",
            ])
    ]
}
