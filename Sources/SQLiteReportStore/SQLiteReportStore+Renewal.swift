public import Foundation
import GRDB
public import ReportStore

/// Reports' ages: renewing one, and finding the open ones that outlived their time.
extension SQLiteReportStore {
    public func renew(id: String) throws(ReportStoreError) -> PetReport {
        try write("renewing \(id)") { db -> PetReport in
            try Self.catching {
                try db.execute(sql: "UPDATE report SET renewed_at = ? WHERE id = ?", arguments: [Self.now(), id])
            }
            guard db.changesCount > 0 else { throw ReportStoreError.notFound(id) }
            return try Self.fetch(db, id: id)
        }
    }

    /// A scan of the table (no index: see migration v8), once an hour.
    public func openReports(of kind: ReportKind, renewedBefore cutoff: Date, limit: Int) throws(ReportStoreError)
        -> [PetReport]
    {
        try read("finding the reports renewed before \(ReportTimestamp.text(cutoff))") { db in
            let rows = try Self.catching {
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(Self.columnList) FROM report
                        WHERE kind = ? AND status = ? AND renewed_at < ?
                        ORDER BY renewed_at, id LIMIT ?
                        """,
                    arguments: [kind.rawValue, kind.openStatus.rawValue, ReportTimestamp.text(cutoff), max(0, limit)])
            }
            var reports: [PetReport] = []
            for row in rows { reports.append(try PetReport(row: row)) }
            return reports
        }
    }
}
