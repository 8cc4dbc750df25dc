public import Geodata
import Geodesy
import PostgresNIO
public import ReportStore

extension PostgresReportStore {
    public func report(idempotencyKey key: String) async throws(ReportStoreError) -> PetReport? {
        try await call("reading the report of an idempotency key") { client, logger in
            let rows = try await client.query(
                "SELECT \(unescaped: Self.columnList) FROM report WHERE idempotency_key = \(key)", logger: logger)
            for try await row in rows { return try Self.report(row) }
            return nil
        }
    }

    public func report(id: String) async throws(ReportStoreError) -> PetReport {
        try await call("reading \(id)") { client, logger in
            let rows = try await client.query(
                "SELECT \(unescaped: Self.columnList) FROM report WHERE id = \(id)", logger: logger)
            for try await row in rows { return try Self.report(row) }
            throw ReportStoreError.notFound(id)
        }
    }

    public func list(_ query: ReportListQuery) async throws(ReportStoreError) -> [PetReport] {
        try await call("listing reports") { client, logger in
            let rows = try await client.query(
                """
                SELECT \(unescaped: Self.columnList) FROM report
                WHERE (\(query.kind?.rawValue)::text IS NULL OR kind = \(query.kind?.rawValue))
                  AND (\(query.status?.rawValue)::text IS NULL OR status = \(query.status?.rawValue))
                  AND (\(query.after)::text IS NULL OR id > \(query.after))
                ORDER BY id LIMIT \(query.limit)
                """, logger: logger)
            var reports: [PetReport] = []
            for try await row in rows { reports.append(try Self.report(row)) }
            return reports
        }
    }

    public func count() async throws(ReportStoreError) -> Int {
        try await call("counting reports") { client, logger in
            for try await count in try await client.query("SELECT count(*) FROM report", logger: logger).decode(
                Int.self)
            {
                return count
            }
            return 0
        }
    }

    public func nearby(_ location: Coordinate, margin: SearchRadius, limit: Int?) async throws(ReportStoreError)
        -> NearbyResult
    {
        let candidates = try await call("searching nearby reports") { client, logger in
            var reports: [LiveNearbyIndex.Entry] = []
            let statement = NearbyStatement(location, margin: margin.meters)
            for try await report in try await client.execute(statement, logger: logger) { reports.append(report) }
            return reports
        }
        // The exact final filter: NearbySearch over the candidates (nearest first), then ties in
        // id order as every store answers. Sorting the matches, already in distance order, is a
        // pass of distance comparisons; sorting the candidates by id first was a quarter of the
        // server's time at 3,000 candidates.
        let matches = NearbySearch(reports: candidates.map(\.report)).matches(near: location, margin: margin).map {
            ReportMatch($0, facts: candidates[$0.index].facts)
        }.sorted { $0.precedes($1) }
        return NearbyResult(
            matches: limit.map { Array(matches.prefix(max($0, 0))) } ?? matches, count: matches.count, searched: nil)
    }

    /// The nearby pre-filter for `location` as plain SQL (for `EXPLAIN`: the tests and
    /// Docs/Store.md show that it uses the GiST indexes alone).
    public static func nearbySQL(_ location: Coordinate, margin: SearchRadius) -> String {
        let boxes = NearbyStatement(location, margin: margin.meters).boxes
        return NearbyStatement.text { number in
            let box = boxes[number]
            return "box(point(\(box.west), \(box.south)), point(\(box.east), \(box.north)))"
        }
    }

    /// The nearby pre-filter as the prepared statement's text (`$1` … `$200`) and its
    /// arguments for `location` (for `EXPLAIN EXECUTE`: the benchmark shows the generic plan).
    public static func nearbyStatement(_ location: Coordinate, margin: SearchRadius) -> (
        sql: String, arguments: [Double]
    ) {
        let boxes = NearbyStatement(location, margin: margin.meters).boxes
        return (NearbyStatement.sql, boxes.flatMap { [$0.west, $0.south, $0.east, $0.north] })
    }

    static let columnList = CopyText.columns.joined(separator: ", ")

    /// A report from a row of ``CopyText/columns``, each field read by its column's name
    /// (``ReportField/column``), never by position.
    ///
    /// - Throws: ``ReportStoreError/Reason/storage`` for a row without a column of the report's,
    ///   or with a value out of range; postgres-nio's decoding error for a value of another type.
    static func report(_ row: PostgresRow) throws -> PetReport {
        let cells = row.makeRandomAccess()
        for column in CopyText.columns where !cells.contains(column) {
            throw ReportStoreError.storage("reading a report", "the row has no column \(column)")
        }
        func cell(_ field: ReportField) -> PostgresCell { cells[field.column] }
        let id = try cell(.id).decode(String.self)
        guard let kind = ReportKind(rawValue: try cell(.kind).decode(String.self)),
            let status = ReportStatus(rawValue: try cell(.status).decode(String.self))
        else {
            throw ReportStoreError.storage("reading report \(id)", "an unknown kind or status")
        }
        var report = PetReport(id: id, kind: kind, status: status)
        for field in CopyText.fields {
            switch field.value {
            case .id, .kind, .status, .latitude, .longitude, .radius: continue
            case .text, .timestamp: field.setText(try cell(field).decode(String?.self), in: &report)
            case .wholeNumber: field.setInteger(try cell(field).decode(Int?.self), in: &report)
            }
        }
        if let latitude = try cell(.locationLatitude).decode(Double?.self),
            let longitude = try cell(.locationLongitude).decode(Double?.self)
        {
            report.coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        }
        if let meters = try cell(.locationRadius).decode(Double?.self) {
            report.radius = try SearchRadius(meters: meters)
        }
        return report
    }
}
