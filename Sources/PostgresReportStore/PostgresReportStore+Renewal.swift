public import Foundation
import PostgresNIO
public import ReportStore

/// Reports' ages: renewing one, and finding the open ones that outlived their time.
extension PostgresReportStore {
    public func renew(id: String) async throws(ReportStoreError) -> PetReport {
        let now = ReportTimestamp.text(Date())
        return try await updatedReport(
            id, "renewing \(id)",
            "UPDATE report SET renewed_at = \(now) WHERE id = \(id) RETURNING \(unescaped: Self.columnList)")
    }

    /// A scan of the table (no index: see migration 10), once an hour.
    public func openReports(of kind: ReportKind, renewedBefore cutoff: Date, limit: Int) async throws(ReportStoreError)
        -> [PetReport]
    {
        let cutoff = ReportTimestamp.text(cutoff)
        return try await call("finding the reports renewed before \(cutoff)") { client, logger in
            let rows = try await client.query(
                """
                SELECT \(unescaped: Self.columnList) FROM report
                WHERE kind = \(kind.rawValue) AND status = \(kind.openStatus.rawValue) AND renewed_at < \(cutoff)
                ORDER BY renewed_at, id LIMIT \(max(0, limit))
                """, logger: logger)
            var reports: [PetReport] = []
            for try await row in rows { reports.append(try Self.report(row)) }
            return reports
        }
    }
}
