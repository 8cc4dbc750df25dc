public import Foundation
import Geodata
import Logging
import PostgresNIO
public import ReportStore

/// Sightings (``SightingStore``), in the table of migration 15. Adding one is a transaction that
/// holds its report's row (`FOR SHARE`) from the check to the commit, so a report closed
/// meanwhile waits for it or, closed first, is seen closed and takes none.
extension PostgresReportStore {
    public func addSighting(_ sighting: Sighting) async throws(ReportStoreError) {
        try sighting.checkStorable()
        let latitude = sighting.coordinate.latitude.degrees
        let longitude = sighting.coordinate.longitude.degrees
        try await call("adding sighting \(sighting.id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(Self.lockEventLog, logger: logger)
                let rows = try await connection.query(
                    "SELECT kind, status FROM report WHERE id = \(sighting.reportID) FOR SHARE", logger: logger)
                var found: (String, String)?
                for try await row in rows { found = try row.decode((String, String).self) }
                guard let (kindText, statusText) = found else { throw ReportStoreError.notFound(sighting.reportID) }
                guard let kind = ReportKind(rawValue: kindText), let status = ReportStatus(rawValue: statusText) else {
                    throw ReportStoreError.storage("adding sighting \(sighting.id)", "its report is not petspot's")
                }
                guard kind == .missing, status == .active else {
                    throw ReportStoreError.notTakingSightings(sighting.reportID, kind: kind, status: status)
                }
                try await Self.insertSighting(sighting, on: connection, logger: logger)
                try await connection.query(
                    """
                    INSERT INTO report_event (change, report_id, kind, status, latitude, longitude, sighting_id)
                    VALUES (\(ReportEvent.Change.sighted.rawValue), \(sighting.reportID), \(kindText), \(statusText),
                        \(latitude), \(longitude), \(sighting.id))
                    """, logger: logger)
                try await connection.query(Self.notify, logger: logger)
            }
        }
    }

    public func restoreSightings(_ sightings: [Sighting]) async throws(ReportStoreError) {
        for sighting in sightings { try sighting.checkStorable() }
        guard !sightings.isEmpty else { return }
        try await call("restoring \(sightings.count) sightings") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                for sighting in sightings {
                    do {
                        try await Self.insertSighting(sighting, on: connection, logger: logger)
                    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23503" {
                        throw ReportStoreError.sightingOfNoReport(sighting.id, reportID: sighting.reportID)
                    }
                }
            }
        }
    }

    /// Inserts `sighting` (checked) on `connection`, in its transaction.
    ///
    /// - Throws: ``ReportStoreError``: its id is stored already; PostgreSQL's error `23503` when
    ///   its report is not stored.
    private static func insertSighting(_ sighting: Sighting, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        do {
            try await connection.query(
                """
                INSERT INTO sighting (\(unescaped: Self.sightingColumns), email_key)
                VALUES (\(sighting.id), \(sighting.reportID), \(ReportTimestamp.text(sighting.seenAt)),
                    \(sighting.coordinate.latitude.degrees), \(sighting.coordinate.longitude.degrees),
                    \(sighting.note), \(sighting.phone), \(sighting.email), \(sighting.makerTokenHash),
                    \(ReportTimestamp.text(sighting.createdAt)), \(sighting.emailKey))
                """, logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw ReportStoreError.duplicateSighting(sighting.id)
        }
    }

    public func sightings(afterID: String?, limit: Int) async throws(ReportStoreError) -> [Sighting] {
        try await page("listing sightings", from: "sighting", afterID: afterID, limit: limit)
    }

    public func sightings(reportID: String) async throws(ReportStoreError) -> [Sighting] {
        try await call("listing the sightings of \(reportID)") { client, logger in
            try await Self.records(
                client.query(
                    """
                    SELECT \(unescaped: Self.sightingColumns) FROM sighting WHERE report_id = \(reportID)
                    ORDER BY seen_at DESC, id
                    """, logger: logger))
        }
    }

    public func sighting(id: String) async throws(ReportStoreError) -> Sighting? {
        try await call("reading sighting \(id)") { client, logger in
            let found: [Sighting] = try await Self.records(
                client.query("SELECT \(unescaped: Self.sightingColumns) FROM sighting WHERE id = \(id)", logger: logger)
            )
            return found.first
        }
    }

    public func sightings(email address: String) async throws(ReportStoreError) -> [Sighting] {
        let key = OutboxMail.addressKey(address)
        guard !key.isEmpty else { return [] }
        return try await call("listing the sightings of \(key)") { client, logger in
            try await Self.records(
                client.query(
                    "SELECT \(unescaped: Self.sightingColumns) FROM sighting WHERE email_key = \(key) ORDER BY id",
                    logger: logger))
        }
    }

    public func removeSighting(id: String) async throws(ReportStoreError) {
        try await call("removing sighting \(id)") { client, logger in
            let rows = try await client.query("DELETE FROM sighting WHERE id = \(id) RETURNING id", logger: logger)
            var removed = 0
            for try await _ in rows { removed += 1 }
            guard removed > 0 else { throw ReportStoreError.sightingNotFound(id) }
        }
    }

    @discardableResult
    public func removeSightings(email address: String) async throws(ReportStoreError) -> [Sighting] {
        let key = OutboxMail.addressKey(address)
        guard !key.isEmpty else { return [] }
        return try await call("forgetting the sightings of \(key)") { client, logger in
            let removed: [Sighting] = try await Self.records(
                client.query(
                    "DELETE FROM sighting WHERE email_key = \(key) RETURNING \(unescaped: Self.sightingColumns)",
                    logger: logger))
            return removed.sorted { $0.id < $1.id }
        }
    }

    static let sightingColumns = Sighting.storedColumnList

    /// The sightings of `rows` (of ``sightingColumns``), in their order.
}
