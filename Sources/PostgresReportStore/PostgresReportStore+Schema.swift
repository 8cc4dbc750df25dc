import PostgresNIO
public import ReportStore

extension PostgresReportStore {
    /// The schema version this petspot needs: its last migration's.
    public static var latestSchemaVersion: Int { PostgresSchema.migrations.map(\.version).max() ?? 0 }

    /// The highest migration recorded in the database; 0 for a database with none.
    func schemaVersion() async throws(ReportStoreError) -> Int {
        try await call("reading the schema version") { client, logger in
            var recorded = false
            for try await exists in try await client.query(
                "SELECT to_regclass('petspot_migrations') IS NOT NULL", logger: logger
            ).decode(Bool.self) {
                recorded = exists
            }
            guard recorded else { return 0 }
            for try await version in try await client.query(
                "SELECT COALESCE(MAX(version), 0) FROM petspot_migrations", logger: logger
            ).decode(Int.self) {
                return version
            }
            return 0
        }
    }

    /// What a command that does not migrate checks: a database with no schema yet is made
    /// whole (``migrate()``); a schema newer than this petspot's, or older than it needs, is
    /// refused, naming both versions.
    func checkSchema() async throws(ReportStoreError) {
        let version = try await schemaVersion()
        let latest = Self.latestSchemaVersion
        if version == 0 {
            try await migrate()
        } else if version > latest {
            throw .schemaNewer(name, version: version, known: latest)
        } else if version < latest {
            throw .schemaOlder(name, version: version, needed: latest)
        }
    }

    /// The store's engine, schema version, reports and the database's size on disk
    /// (`pg_database_size`, indexes and photos included).
    public func status() async throws(ReportStoreError) -> StoreStatus {
        let version = try await schemaVersion()
        let (reports, bytes) = try await call("measuring the store") { client, logger in
            var reports = 0
            var hasReports = false
            for try await exists in try await client.query(
                "SELECT to_regclass('report') IS NOT NULL", logger: logger
            ).decode(Bool.self) {
                hasReports = exists
            }
            if hasReports {
                for try await count in try await client.query("SELECT COUNT(*) FROM report", logger: logger)
                    .decode(Int.self)
                {
                    reports = count
                }
            }
            var bytes: Int64 = 0
            for try await size in try await client.query(
                "SELECT pg_database_size(current_database())", logger: logger
            ).decode(Int64.self) {
                bytes = size
            }
            return (reports, bytes)
        }
        return StoreStatus(
            engine: "PostgreSQL", schemaVersion: version, latestSchemaVersion: Self.latestSchemaVersion,
            reports: reports, bytes: bytes)
    }
}
