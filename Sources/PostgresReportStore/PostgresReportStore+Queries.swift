import PostgresNIO
import ReportStore

/// Calls of one statement whose answer has one shape, shared by the store's operations.
extension PostgresReportStore {
    /// The highest `sequence` of `table` (a log or a cursor, named by the store itself, never by
    /// input), 0 while it is empty.
    func maxSequence(of table: String, _ what: String) async throws(ReportStoreError) -> Int64 {
        let query = PostgresQuery(unsafeSQL: "SELECT coalesce(max(sequence), 0)::bigint FROM \(table)")
        return try await call(what) { client, logger in
            for try await value in try await client.query(query, logger: logger).decode(Int64.self) {
                return value
            }
            return 0
        }
    }

    /// The report `id` as `update` (an `UPDATE report … WHERE id = … RETURNING` the report's
    /// columns) left it.
    ///
    /// - Throws: ``ReportStoreError/notFound(_:)`` when there is no report `id`.
    func updatedReport(_ id: String, _ what: String, _ update: PostgresQuery) async throws(ReportStoreError)
        -> PetReport
    {
        try await call(what) { client, logger in
            for try await row in try await client.query(update, logger: logger) { return try Self.report(row) }
            throw ReportStoreError.notFound(id)
        }
    }
}
