public import Geodata
public import Geodesy
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

    /// A report from a row of ``CopyText/columns``.
    static func report(_ row: PostgresRow) throws -> PetReport {
        let cells = row.makeRandomAccess()
        let id = try cells[0].decode(String.self)
        guard let kind = ReportKind(rawValue: try cells[1].decode(String.self)),
            let status = ReportStatus(rawValue: try cells[2].decode(String.self))
        else {
            throw ReportStoreError.storage("reading report \(id)", "an unknown kind or status")
        }
        var report = PetReport(id: id, kind: kind, status: status)
        if let latitude = try cells[3].decode(Double?.self), let longitude = try cells[4].decode(Double?.self) {
            report.coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        }
        if let meters = try cells[5].decode(Double?.self) { report.radius = try SearchRadius(meters: meters) }
        report.place = try cells[7].decode(String?.self)
        report.lastSeenDate = try cells[8].decode(String?.self)
        report.species = try cells[9].decode(String?.self)
        report.breed = try cells[10].decode(String?.self)
        report.gender = try cells[11].decode(String?.self)
        report.approximateAge = try cells[12].decode(Int?.self)
        report.microchipNumber = try cells[13].decode(String?.self)
        report.description = try cells[14].decode(String?.self)
        report.phone = try cells[15].decode(String?.self)
        report.email = try cells[16].decode(String?.self)
        report.photoUrl = try cells[17].decode(String?.self)
        report.reward = try cells[18].decode(String?.self)
        report.ownerTokenHash = try cells[19].decode(String?.self)
        report.caregiverPhone = try cells[20].decode(String?.self)
        report.currentAddress = try cells[21].decode(String?.self)
        report.idempotencyKey = try cells[22].decode(String?.self)
        return report
    }
}
