import PostgresNIO
import ReportStore

extension PostgresReportStore {
    /// Applies ``PostgresSchema/migrations`` not yet recorded, in one transaction under the
    /// advisory lock; a schema newer than this petspot's is refused. A migration may build
    /// indexes over every report, so its deadline grows with the table (``migrationDeadline``).
    func migrate() async throws(ReportStoreError) {
        let bytes = try await call("measuring the reports table") { client, logger in
            for try await bytes in try await client.query(
                "SELECT COALESCE(pg_table_size(to_regclass('report')), 0)", logger: logger
            ).decode(Int64.self) {
                return bytes
            }
            return Int64(0)
        }
        try await call("applying migrations", within: Self.migrationDeadline(timeout, tableBytes: bytes)) {
            client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.lockKey))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS petspot_migrations (
                        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                var applied: Set<Int> = []
                for try await version in try await connection.query(
                    "SELECT version FROM petspot_migrations", logger: logger
                ).decode(Int.self) {
                    applied.insert(version)
                }
                let known = Set(PostgresSchema.migrations.map(\.version))
                if let newer = applied.subtracting(known).max() {
                    throw ReportStoreError.schemaNewer(
                        self.name, version: newer, known: Self.latestSchemaVersion)
                }
                for migration in PostgresSchema.migrations where !applied.contains(migration.version) {
                    for statement in migration.statements { try await connection.query(statement, logger: logger) }
                    try await connection.query(
                        "INSERT INTO petspot_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                        logger: logger)
                }
            }
        }
    }

    /// At least 120 s, and the store's timeout plus 20 µs for each 100 bytes of the reports
    /// table: version 7 built the 25 nearby indexes over 10^7 reports (a 1.7 GB table) in 92 s on
    /// the project's 2-core machine at load average 8, and this gives it 350 s. The floor is for
    /// a new database: `CREATE EXTENSION postgis` and every migration took over 15 s (the default
    /// timeout) at load average 13 with three servers starting. A server that stops answering
    /// is still an error, later.
    static func migrationDeadline(_ timeout: Duration, tableBytes: Int64) -> Duration {
        max(.seconds(120), timeout + .microseconds(max(0, tableBytes) / 100 * 20))
    }
}
