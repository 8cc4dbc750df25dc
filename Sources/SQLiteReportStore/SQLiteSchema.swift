import GRDB

/// The SQLite store's schema, as versioned migrations applied in order when a store opens
/// (GRDB's `DatabaseMigrator` records the applied ones in `grdb_migrations`). Never edit a
/// released migration: add the next one.
enum SQLiteSchema {
    /// Every report column, in the order ``PetReport/init(row:)`` and the insert statement use.
    static let columns = [
        "id", "kind", "status", "latitude", "longitude", "radius_m", "place", "last_seen_date", "species", "breed",
        "gender", "approximate_age", "microchip_number", "description", "phone", "email", "photo_url", "reward",
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // v1: the reports table. Coordinates in degrees, the radius in metres; a missing report
        // takes part in nearby search when ACTIVE with all three set. Identifiers compare by
        // bytes (BINARY), the order every store lists in.
        migrator.registerMigration("v1-reports") { db in
            try db.execute(
                sql: """
                    CREATE TABLE report (
                        id TEXT NOT NULL PRIMARY KEY,
                        kind TEXT NOT NULL CHECK (kind IN ('missing', 'found')),
                        status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'FOUND', 'CLOSED')),
                        latitude REAL CHECK (latitude BETWEEN -90 AND 90),
                        longitude REAL CHECK (longitude BETWEEN -180 AND 180),
                        radius_m REAL CHECK (radius_m BETWEEN 0 AND 10000000),
                        place TEXT, last_seen_date TEXT, species TEXT, breed TEXT, gender TEXT,
                        approximate_age INTEGER, microchip_number TEXT, description TEXT,
                        phone TEXT, email TEXT, photo_url TEXT, reward TEXT,
                        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                        CHECK ((latitude IS NULL) = (longitude IS NULL))
                    )
                    """)
            try db.execute(sql: "CREATE INDEX report_kind_status ON report (kind, status, id)")
        }
        return migrator
    }
}
