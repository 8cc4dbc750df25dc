import PostgresNIO
public import ReportStore

/// The open reports by microchip key, through the index of migration 14.
extension PostgresReportStore {
    public func openReports(of kind: ReportKind, microchipKey key: String) async throws(ReportStoreError)
        -> [PetReport]
    {
        guard MicrochipKey.isKey(key) else { return [] }
        let reports = try await call("finding the reports by microchip") { client, logger -> [PetReport] in
            var reports: [PetReport] = []
            let rows = try await client.query(
                """
                SELECT \(unescaped: Self.columnList) FROM report
                WHERE microchip_number IS NOT NULL
                AND \(unescaped: MicrochipKey.sqlExpression("microchip_number")) = \(key)
                AND kind = \(kind.rawValue) AND status = \(kind.openStatus.rawValue)
                """, logger: logger)
            for try await row in rows { reports.append(try Self.report(row)) }
            return reports
        }
        return reports.sorted { ReportID.precedes($0.id, $1.id) }
    }
}
