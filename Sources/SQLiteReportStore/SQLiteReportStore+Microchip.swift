import GRDB
public import ReportStore

/// The open reports by microchip key, through the index of migration v12 (its expression and
/// condition repeated as they are, so SQLite uses it).
extension SQLiteReportStore {
    public func openReports(of kind: ReportKind, microchipKey key: String) throws(ReportStoreError) -> [PetReport] {
        guard MicrochipKey.isKey(key) else { return [] }
        return try read("finding the reports by microchip") { db -> [PetReport] in
            let rows = try Self.catching {
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(Self.columnList) FROM report
                        WHERE microchip_number IS NOT NULL
                        AND \(MicrochipKey.sqlExpression("microchip_number")) = ?
                        AND kind = ? AND status = ?
                        """,
                    arguments: [key, kind.rawValue, kind.openStatus.rawValue])
            }
            var reports: [PetReport] = []
            for row in rows { reports.append(try PetReport(row: row)) }
            return reports.sorted { ReportID.precedes($0.id, $1.id) }
        }
    }
}
