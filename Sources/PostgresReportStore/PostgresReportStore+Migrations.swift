import PostgresNIO
import ReportStore

extension PostgresReportStore {
    /// Applies ``PostgresSchema/migrations`` not yet recorded, in one transaction under the
    /// advisory lock; a schema newer than this petspot's is refused.
    func migrate() async throws(ReportStoreError) {
        try await call("applying migrations") { client, logger in
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
                    throw ReportStoreError.unavailable(
                        self.name, "its schema is version \(newer), from a newer petspot; use that version.")
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
}
